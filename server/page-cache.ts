import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { RequestHandler } from "express";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
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
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Set per encoding below; the rest of the render's headers (Content-Type, …) are kept. */
const ENCODING_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "vary"]);

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

type Encoding = "br" | "gzip" | "identity";

interface CachedPage {
  /** The same document in each encoding, compressed once. */
  bodies: Record<Encoding, Buffer>;
  headers: [string, string][];
  expires: number;
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
 * - Freshness: any state-changing request to /admin (site settings, users) empties the
 *   cache of this process, and entries expire after PAGE_CACHE_TTL_MS; a response with
 *   Set-Cookie or a status other than 200 is never stored.
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
    const response = await handler(new Request(new URL(pathname, baseUrl), { headers: { accept: "text/html" } }), { cspNonce: nonce });
    const rendered = await response.text();
    if (response.status !== 200 || response.headers.has("set-cookie")) return null;
    const html = rendered.replaceAll(` nonce="${nonce}"`, "");
    if (html.includes(nonce)) return null;
    const identity = Buffer.from(html);
    const [br, gz] = await Promise.all([brotli(identity), gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION })]);
    const headers: [string, string][] = [
      ...[...response.headers].filter(([name]) => !ENCODING_HEADERS.has(name)),
      ...securityHeaderList({ https, scriptSrc: ["'self'", ...inlineScriptHashes(html)].join(" ") }),
      ["Vary", "Accept-Encoding"],
    ];
    const page = { bodies: { br, gzip: gz, identity }, headers, expires: Date.now() + PAGE_CACHE_TTL_MS };
    if (started === generation) pages.set(pathname, page);
    return page;
  }

  function invalidate() {
    generation++;
    pages.clear();
  }

  async function lookup(pathname: string): Promise<CachedPage | null> {
    const page = pages.get(pathname);
    if (page && page.expires > Date.now()) return page;
    let rendering = pending.get(pathname);
    if (!rendering) {
      rendering = render(pathname).finally(() => pending.delete(pathname));
      pending.set(pathname, rendering);
    }
    return rendering;
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if (!SAFE_METHODS.has(req.method) && req.path.startsWith("/admin")) {
      invalidate();
      // Again once the change is saved: a render that began meanwhile may hold the old settings.
      res.on("finish", invalidate);
      return next();
    }
    const url = req.url;
    if (req.method !== "GET" || !CACHED_PAGES.has(url) || req.headers.cookie || req.headers.authorization) return next();
    try {
      const page = await lookup(url);
      if (!page) return next();
      const encoding = (req.acceptsEncodings("br", "gzip") || "identity") as Encoding;
      const body = page.bodies[encoding];
      for (const [name, value] of page.headers) res.setHeader(name, value);
      if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", body.length);
      res.statusCode = 200;
      res.end(body);
    } catch (error) {
      next(error);
    }
  };

  return middleware;
}
