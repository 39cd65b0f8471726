import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import { requestContext } from "~/lib/request-context";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import { onPublicContentChanged } from "~/lib/site-changes.server";
import { PUBLIC_PAGE_CACHE_CONTROL } from "./cache-control";
import { securityHeaderList } from "./security";

/**
 * The public marketing pages, exactly as a signed-out visitor without cookies sees them.
 * Their loaders read only the site settings and BASE_URL, so every such visitor gets
 * the same document: rendering it once and reusing it lifts the home page from a few
 * hundred to thousands of responses a second (docs/performance.md).
 */
const CACHED_PAGES = new Set([
  "/",
  "/services",
  "/services/personal-training",
  "/services/group-classes",
  "/services/nutrition-coaching",
  "/services/warrior-prep",
  "/about",
  "/transformations",
  "/privacy",
  "/terms",
  "/cookies",
  "/contact",
]);
/** Other processes on the same PostgreSQL cannot clear our copy: they see a settings change within this time. */
const PAGE_CACHE_TTL_MS = 30_000;
/** Set below (per encoding, or for every copy); the rest of the render's headers (Content-Type, …) are kept. */
const REPLACED_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "vary", "cache-control"]);

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

type Encoding = "br" | "gzip" | "identity";

interface CachedPage {
  /** The same document in each encoding, compressed once. */
  bodies: Record<Encoding, Buffer>;
  /** The whole header block of each encoding, as writeHead takes it (name, value, name, value …). */
  headers: Record<Encoding, string[]>;
  expires: number;
}

/** The better of brotli and gzip by the client's q-values (brotli on a tie), else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (name) weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weight("br");
  const gz = weight("gzip");
  if (br > 0 && br >= gz) return "br";
  return gz > 0 ? "gzip" : "identity";
}

/** Every inline script of the document (no src attribute), as CSP source expressions. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(match[1]!)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(match[2]!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * In-memory copies of the pages above for GET requests without cookies, Authorization
 * or a query string (anything else is rendered as usual), answered before any other
 * middleware.
 *
 * - CSP: a nonce cannot be shared between responses, so a copy carries none. It is
 *   rendered once with a throwaway nonce, the nonce attributes are removed, and its
 *   CSP allows exactly its own inline scripts by their SHA-256 hashes plus this site's
 *   script files ('self'; no 'strict-dynamic', which would ignore 'self' and block the
 *   module preloads). Headers and body are then the same for every visitor, so the
 *   body is compressed once (brotli and gzip) instead of per response.
 * - Poisoning: the copy is rendered from a synthetic request (BASE_URL + path, no
 *   visitor headers), so nothing a visitor sends can end up in other visitors' pages.
 * - Freshness: a saved change of the site settings empties the cache of this process
 *   (announced by the save itself, after it succeeded: no request can empty it), and
 *   entries expire after PAGE_CACHE_TTL_MS; a response with Set-Cookie or a status other
 *   than 200 is never stored.
 */
export function publicPageCache({ baseUrl, https, loadBuild }: { baseUrl: string; https: boolean; loadBuild: () => Promise<ServerBuild> }) {
  const pages = new Map<string, CachedPage>();
  const pending = new Map<string, Promise<CachedPage | null>>();
  let generation = 0;
  let handler: ReturnType<typeof createFetchHandler> | undefined;

  async function render(pathname: string): Promise<CachedPage | null> {
    const started = generation;
    handler ??= createFetchHandler(loadBuild, "production");
    const nonce = crypto.randomBytes(16).toString("base64");
    const response = await handler(new Request(new URL(pathname, baseUrl), { headers: { accept: "text/html" } }), requestContext(nonce));
    const rendered = await response.text();
    if (response.status !== 200 || response.headers.has("set-cookie")) return null;
    const html = rendered.replaceAll(` nonce="${nonce}"`, "");
    if (html.includes(nonce)) return null;
    const identity = Buffer.from(html);
    const [br, gz] = await Promise.all([brotli(identity), gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION })]);
    const common: [string, string][] = [
      ...[...response.headers].filter(([name]) => !REPLACED_HEADERS.has(name)),
      ...securityHeaderList({ https, scriptSrc: ["'self'", ...inlineScriptHashes(html)].join(" ") }),
      ["Cache-Control", PUBLIC_PAGE_CACHE_CONTROL],
      ["Vary", "Accept-Encoding"],
    ];
    const bodies = { br, gzip: gz, identity };
    const block = (encoding: Encoding) =>
      [...common, ...(encoding === "identity" ? [] : [["Content-Encoding", encoding]]), ["Content-Length", String(bodies[encoding].length)]].flat();
    const page = { bodies, headers: { br: block("br"), gzip: block("gzip"), identity: block("identity") }, expires: Date.now() + PAGE_CACHE_TTL_MS };
    if (started === generation) pages.set(pathname, page);
    return page;
  }

  function invalidate() {
    generation++;
    pages.clear();
  }

  /** Concurrent misses of one page share one render. */
  function renderShared(pathname: string): Promise<CachedPage | null> {
    let rendering = pending.get(pathname);
    if (!rendering) {
      rendering = render(pathname).finally(() => pending.delete(pathname));
      pending.set(pathname, rendering);
    }
    return rendering;
  }

  // A render that began before the change is not stored (its generation is old).
  onPublicContentChanged(invalidate);

  function send(req: IncomingMessage, res: ServerResponse, page: CachedPage) {
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    res.writeHead(200, page.headers[encoding]);
    res.end(page.bodies[encoding]);
  }

  /**
   * Answers a request for a cached page, ahead of the whole application (no router,
   * no per-response work); anything else goes on to `otherwise` (the application).
   */
  function answer(req: IncomingMessage, res: ServerResponse, otherwise: () => void): void {
    const url = req.url ?? "";
    if (req.method !== "GET" || !CACHED_PAGES.has(url) || req.headers.cookie || req.headers.authorization) return otherwise();
    const page = pages.get(url);
    if (page && page.expires > Date.now()) return send(req, res, page);
    renderShared(url).then(
      (fresh) => (fresh ? send(req, res, fresh) : otherwise()),
      otherwise,
    );
  }

  return { answer };
}
