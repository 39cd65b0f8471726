import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import { requestContext } from "~/lib/request-context";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import { onPublicContentChanged } from "~/lib/site-changes.server";
import { ARTICLE_CATEGORIES } from "~/modules/articles/article-categories";
import { PUBLIC_PAGE_CACHE_CONTROL } from "./cache-control";
import { chooseEncoding, type Encoding } from "./content-encoding";
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
/** The article list (and /content, its other address): a visitor sees published public articles only. */
const ARTICLE_LISTS = new Set(["/articles", "/content"]);
/** The list's pages kept: the first few (a later page, or a search, is rendered as usual). */
const MAX_LIST_PAGE = 20;
/** An article's address: its slug or its id, one path segment ("/articles/new" is not an article). */
const ARTICLE_PAGE = /^\/articles\/(?!new$)[A-Za-z0-9-]{1,200}$/;

/**
 * The key of a request's shared copy, or null when it has none (rendered as usual). The
 * key space is bounded: the fixed pages; the article list by category (or none) and page
 * 1-20, in one canonical spelling of the query; each public article by slug or id (a
 * render that is not a 200 is never stored). Any other query (a search, an unknown
 * parameter, a repeated one) is rendered per request, so no query can add copies.
 */
export function cacheKey(url: string): string | null {
  const mark = url.indexOf("?");
  const pathname = mark === -1 ? url : url.slice(0, mark);
  if (mark === -1) return CACHED_PAGES.has(pathname) || ARTICLE_LISTS.has(pathname) || ARTICLE_PAGE.test(pathname) ? pathname : null;
  if (!ARTICLE_LISTS.has(pathname)) return null;
  const params = new URLSearchParams(url.slice(mark + 1));
  const names = [...params.keys()];
  if (names.length === 0 || new Set(names).size !== names.length || names.some((name) => name !== "category" && name !== "page")) return null;
  const category = params.get("category");
  const page = params.get("page");
  if (category !== null && !(ARTICLE_CATEGORIES as readonly string[]).includes(category)) return null;
  if (page !== null && !(/^[1-9]\d?$/.test(page) && Number(page) <= MAX_LIST_PAGE)) return null;
  const canonical = new URLSearchParams();
  if (category !== null) canonical.set("category", category);
  if (page !== null) canonical.set("page", page);
  return `${pathname}?${canonical}`;
}

/** Other processes on the same PostgreSQL cannot clear our copy: they see a settings or article change within this time. */
const PAGE_CACHE_TTL_MS = 30_000;
/** Set below (per encoding, or for every copy); the rest of the render's headers (Content-Type, …) are kept. */
const REPLACED_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "vary", "cache-control"]);

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

interface CachedPage {
  /** The same document in each encoding, compressed once. */
  bodies: Record<Encoding, Buffer>;
  /** The whole header block of each encoding, as writeHead takes it (name, value, name, value …). */
  headers: Record<Encoding, string[]>;
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
 * In-memory copies of the pages above (by cacheKey) for GET requests without cookies or
 * Authorization (anything else is rendered as usual), answered before any other middleware.
 *
 * - CSP: a nonce cannot be shared between responses, so a copy carries none. It is
 *   rendered once with a throwaway nonce, the nonce attributes are removed, and its
 *   CSP allows exactly its own inline scripts by their SHA-256 hashes plus this site's
 *   script files ('self'; no 'strict-dynamic', which would ignore 'self' and block the
 *   module preloads). Headers and body are then the same for every visitor, so the
 *   body is compressed once (brotli and gzip) instead of per response.
 * - Poisoning: the copy is rendered from a synthetic request (BASE_URL + the key, no
 *   visitor headers), so nothing a visitor sends can end up in other visitors' pages.
 * - Freshness: a saved change of the site settings, and an article created, edited or
 *   deleted, empty the cache of this process (announced by the write itself, after it
 *   succeeded: no request can empty it), and entries expire after PAGE_CACHE_TTL_MS.
 * - Never shared: a response with Set-Cookie, a status other than 200, or a declared
 *   private Cache-Control (a members-only article or a draft says `private, no-store`).
 */
export function publicPageCache({ baseUrl, https, build }: { baseUrl: string; https: boolean; build: () => Promise<ServerBuild> }) {
  const pages = new Map<string, CachedPage>();
  const pending = new Map<string, Promise<CachedPage | null>>();
  let generation = 0;
  let handler: Promise<ReturnType<typeof createFetchHandler>> | undefined;

  async function render(key: string): Promise<CachedPage | null> {
    const started = generation;
    // The build itself, not a function that loads it: React Router would rebuild its route tables per render.
    handler ??= build().then((loaded) => createFetchHandler(loaded, "production"));
    const nonce = crypto.randomBytes(16).toString("base64");
    const response = await (await handler)(new Request(new URL(key, baseUrl), { headers: { accept: "text/html" } }), requestContext(nonce));
    const rendered = await response.text();
    // A route that declares its answer private (a members-only article, a draft) is never shared.
    const declared = (response.headers.get("cache-control") ?? "").toLowerCase();
    if (response.status !== 200 || response.headers.has("set-cookie") || /private|no-store/.test(declared)) return null;
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
    if (started === generation) pages.set(key, page);
    return page;
  }

  function invalidate() {
    generation++;
    pages.clear();
  }

  /** Concurrent misses of one page share one render. */
  function renderShared(key: string): Promise<CachedPage | null> {
    let rendering = pending.get(key);
    if (!rendering) {
      rendering = render(key).finally(() => pending.delete(key));
      pending.set(key, rendering);
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
    const key = req.method === "GET" && !req.headers.cookie && !req.headers.authorization ? cacheKey(req.url ?? "") : null;
    if (key === null) return otherwise();
    const page = pages.get(key);
    if (page && page.expires > Date.now()) return send(req, res, page);
    renderShared(key).then(
      (fresh) => (fresh ? send(req, res, fresh) : otherwise()),
      otherwise,
    );
  }

  return { answer };
}
