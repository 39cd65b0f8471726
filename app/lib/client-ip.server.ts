import net from "node:net";

/**
 * Who the client is, from exactly the proxies the operator trusts (TRUST_PROXY).
 *
 * Each proxy appends the address it received the request from to X-Forwarded-For, so
 * the header reads left to right from the client towards us, and anything left of the
 * entry our nearest trusted proxy wrote is whatever the client chose to send. We walk
 * from the socket's peer leftwards while the hop is trusted: the first untrusted hop
 * (the right-most untrusted entry) is the client. A malformed entry stops the walk at
 * the trusted proxy before it, so random text never yields a fresh address.
 */

/** The header our server sets from the socket (or a trusted proxy); a client cannot supply it. */
export const CLIENT_IP_HEADER = "x-relentless-client-ip";

/** `hops`: that many proxies in front of us (any address); `proxies`: only peers in these ranges. */
export type TrustProxy = { hops: number } | { proxies: string[]; list: net.BlockList };

export const TRUST_PROXY_HELP =
  "must be false, true (one proxy), a number of proxies (0 to 10), or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.0/8,fd00::/8";

const MAX_HOPS = 10;

/** TRUST_PROXY as the operator wrote it; null when it is none of the accepted forms. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (text === "false") return { hops: 0 };
  if (text === "true") return { hops: 1 };
  if (/^\d{1,2}$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_HOPS ? { hops } : null;
  }
  const proxies = text.split(",").map((entry) => entry.trim());
  const list = new net.BlockList();
  for (const entry of proxies) {
    const [base = "", prefix, ...extra] = entry.split("/");
    const family = net.isIP(base);
    if (!family || extra.length > 0) return null;
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) {
      list.addAddress(base, type);
      continue;
    }
    const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
    if (bits < 0 || bits > (family === 4 ? 32 : 128)) return null;
    list.addSubnet(base, bits, type);
  }
  return { proxies, list };
}

/**
 * One address as a hop reported it, or null: IPv4-mapped IPv6 becomes IPv4, a port or
 * brackets some proxies add are dropped, IPv6 is written in its canonical short form.
 */
export function normalizeAddress(raw: string): string | null {
  let text = raw.trim();
  if (text.length === 0 || text.length > 64) return null;
  if (text.startsWith("[")) {
    const end = text.indexOf("]");
    if (end < 0) return null;
    text = text.slice(1, end);
  } else if (text.split(":").length === 2 && text.includes(".")) {
    text = text.slice(0, text.indexOf(":"));
  }
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const family = net.isIP(text);
  if (family === 4) return text;
  if (family !== 6) return null;
  const canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  // The URL parser writes an IPv4-mapped address in hex (::ffff:a00:1): back to dotted IPv4.
  if (/^::ffff:[\da-f]{1,4}:[\da-f]{1,4}$/.test(canonical)) {
    const [high = 0, low = 0] = canonical.slice("::ffff:".length).split(":").map((group) => Number.parseInt(group, 16));
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return canonical;
}

/** Whether the hop at `index` (0 = the socket's peer, 1 = the last X-Forwarded-For entry …) is a trusted proxy. */
export function isTrustedHop(trust: TrustProxy, address: string, index: number): boolean {
  if ("hops" in trust) return index < trust.hops;
  const normalized = normalizeAddress(address);
  if (!normalized) return false;
  return trust.list.check(normalized, net.isIP(normalized) === 4 ? "ipv4" : "ipv6");
}

/** The client's address: the right-most X-Forwarded-For entry not written by a trusted proxy. */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trust: TrustProxy): string {
  const socket = normalizeAddress(socketAddress ?? "") ?? "unknown";
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const entries = header.length > 0 && header.length <= 4096 ? header.split(",").reverse() : [];
  let client = socket;
  for (let index = 0; index < entries.length && isTrustedHop(trust, client, index); index += 1) {
    const next = normalizeAddress(entries[index]!);
    if (!next) break;
    client = next;
  }
  return client;
}

/** The 8 groups of a valid IPv6 address (an IPv4 tail counts as two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split(".").map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}

/**
 * The key a per-address limit counts under: an IPv4 address as it is, an IPv6 address by
 * its /64 (one subscriber's network: rotating within it must not escape a limit).
 */
export function addressKey(address: string): string {
  const normalized = normalizeAddress(address);
  if (!normalized) return address;
  if (net.isIP(normalized) === 4) return normalized;
  const network = ipv6Groups(normalized).slice(0, 4).map((group) => group.toString(16));
  return `${network.join(":")}::/64`;
}

/** The full client address (audit entries show it); limits key it with addressKey. */
export function getClientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
