// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { addressKey, isTrustedHop, normalizeAddress, parseTrustProxy, resolveClientAddress, type TrustProxy } from "./client-ip.server";

function trust(value: string): TrustProxy {
  const parsed = parseTrustProxy(value);
  if (!parsed) throw new Error(`refused: ${value}`);
  return parsed;
}

describe("parseTrustProxy", () => {
  it("reads false, true (one hop) and hop counts", () => {
    expect(parseTrustProxy("false")).toEqual({ hops: 0 });
    expect(parseTrustProxy("true")).toEqual({ hops: 1 });
    expect(parseTrustProxy("TRUE")).toEqual({ hops: 1 });
    expect(parseTrustProxy("0")).toEqual({ hops: 0 });
    expect(parseTrustProxy("2")).toEqual({ hops: 2 });
    expect(parseTrustProxy("10")).toEqual({ hops: 10 });
  });

  it("reads a list of IPv4 and IPv6 addresses and CIDR ranges", () => {
    const parsed = trust("10.0.0.0/8, 192.0.2.7 ,fd00::/8,2001:db8::1");
    expect("proxies" in parsed && parsed.proxies).toEqual(["10.0.0.0/8", "192.0.2.7", "fd00::/8", "2001:db8::1"]);
    expect(isTrustedHop(parsed, "10.1.2.3", 0)).toBe(true);
    expect(isTrustedHop(parsed, "::ffff:10.1.2.3", 0)).toBe(true);
    expect(isTrustedHop(parsed, "192.0.2.7", 3)).toBe(true);
    expect(isTrustedHop(parsed, "192.0.2.8", 0)).toBe(false);
    expect(isTrustedHop(parsed, "fd12:3456::9", 0)).toBe(true);
    expect(isTrustedHop(parsed, "2001:DB8:0::1", 0)).toBe(true);
    expect(isTrustedHop(parsed, "2001:db8::2", 0)).toBe(false);
    expect(isTrustedHop(parsed, "not-an-address", 0)).toBe(false);
  });

  it.each(["yes", "", "11", "-1", "1.5", "10.0.0.0/33", "fd00::/129", "10.0.0.0/8/1", "10.0.0.0/x", "10.0.0.0/8,", "localhost", "10.0.0.256"])(
    "refuses %j",
    (value) => {
      expect(parseTrustProxy(value)).toBeNull();
    },
  );
});

describe("normalizeAddress", () => {
  it("keeps IPv4, maps IPv4-mapped IPv6 back, writes IPv6 short and lower case", () => {
    expect(normalizeAddress(" 203.0.113.9 ")).toBe("203.0.113.9");
    expect(normalizeAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(normalizeAddress("::FFFF:cb00:7109")).toBe("203.0.113.9");
    expect(normalizeAddress("2001:DB8:0:0:0:0:0:1")).toBe("2001:db8::1");
  });

  it("drops the port or brackets a proxy may add, and a zone", () => {
    expect(normalizeAddress("203.0.113.9:51234")).toBe("203.0.113.9");
    expect(normalizeAddress("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("[2001:db8::1]")).toBe("2001:db8::1");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80::1");
  });

  it.each(["", "unknown", "1.2.3", "1.2.3.4.5", "999.1.1.1", "[2001:db8::1", "2001:db8:::1", "x".repeat(100), "1.2.3.4:80:90"])("refuses %j", (raw) => {
    expect(normalizeAddress(raw)).toBeNull();
  });
});

describe("resolveClientAddress", () => {
  const one = trust("true");

  it("without trust, the socket's peer is the client whatever the header says", () => {
    expect(resolveClientAddress("198.51.100.1", "203.0.113.9", trust("false"))).toBe("198.51.100.1");
    expect(resolveClientAddress("::ffff:198.51.100.1", undefined, trust("false"))).toBe("198.51.100.1");
  });

  it("one trusted hop: the last entry (what our proxy appended) counts, forged entries left of it do not", () => {
    expect(resolveClientAddress("127.0.0.1", "203.0.113.9", one)).toBe("203.0.113.9");
    expect(resolveClientAddress("127.0.0.1", "1.1.1.1, 2.2.2.2, 203.0.113.9", one)).toBe("203.0.113.9");
    expect(resolveClientAddress("127.0.0.1", ["1.1.1.1", "203.0.113.9"], one)).toBe("203.0.113.9");
  });

  it("two hops: the second entry from the right", () => {
    expect(resolveClientAddress("127.0.0.1", "1.1.1.1, 203.0.113.9, 10.0.0.2", trust("2"))).toBe("203.0.113.9");
    // Fewer entries than hops: the left-most there is.
    expect(resolveClientAddress("127.0.0.1", "203.0.113.9", trust("2"))).toBe("203.0.113.9");
  });

  it("a proxy list: skips trusted proxies from the right, stops at the first untrusted entry", () => {
    const proxies = trust("127.0.0.1,10.0.0.0/8,fd00::/8");
    expect(resolveClientAddress("127.0.0.1", "1.1.1.1, 203.0.113.9, 10.0.0.2, fd00::7", proxies)).toBe("203.0.113.9");
    // The request came straight from an untrusted peer: its header is ignored.
    expect(resolveClientAddress("198.51.100.1", "203.0.113.9", proxies)).toBe("198.51.100.1");
    // Every hop trusted: the left-most one.
    expect(resolveClientAddress("127.0.0.1", "10.0.0.9, 10.0.0.2", proxies)).toBe("10.0.0.9");
  });

  it("a malformed entry stops at the trusted proxy before it, so random text never makes a new address", () => {
    expect(resolveClientAddress("127.0.0.1", "garbage", one)).toBe("127.0.0.1");
    expect(resolveClientAddress("127.0.0.1", "203.0.113.9, ", one)).toBe("127.0.0.1");
    expect(resolveClientAddress("127.0.0.1", "1.2.3.4, <script>", one)).toBe("127.0.0.1");
    expect(resolveClientAddress("127.0.0.1", "", one)).toBe("127.0.0.1");
    expect(resolveClientAddress("127.0.0.1", `${"1.2.3.4,".repeat(1000)}203.0.113.9`, one)).toBe("127.0.0.1");
    expect(resolveClientAddress(undefined, "203.0.113.9", trust("false"))).toBe("unknown");
  });

  it("reads IPv6 entries, bracketed or with a port", () => {
    expect(resolveClientAddress("::1", "[2001:DB8::5]:443", one)).toBe("2001:db8::5");
  });
});

describe("addressKey", () => {
  it("keys IPv4 by the address and IPv6 by its /64", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("64:ff9b::203.0.113.9")).toBe("64:ff9b:0:0::/64");
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("unknown")).toBe("unknown");
  });
});
