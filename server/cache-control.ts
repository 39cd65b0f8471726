import type { RequestHandler } from "express";

/** Answers that may depend on who is asking: kept by no cache, neither a shared one nor the browser's. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * The shared copies of the public marketing pages (server/page-cache.ts), the same for every
 * visitor without cookies: any cache may keep one, but must ask this server again before
 * each use, so a settings change shows at once (docs/decisions/0026).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/**
 * For everything the application answers (pages, `.data` requests, CSV, documents,
 * redirects, /api/auth, errors): `Cache-Control: private, no-store`, unless the route
 * declared its answer public (`robots.txt`, `sitemap.xml`: the same for everyone). Decided
 * when the head is written, so no route can forget it. Build assets, static files and
 * uploaded images are answered before this runs and keep their long public lifetimes.
 */
export const privateUnlessDeclaredPublic: RequestHandler = (_req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    const declared = String(res.getHeader("Cache-Control") ?? "").trim().toLowerCase();
    // no-transform stays (an event stream): the compression middleware then leaves the answer as it is.
    if (!declared.startsWith("public")) res.setHeader("Cache-Control", /\bno-transform\b/.test(declared) ? `${PRIVATE_CACHE_CONTROL}, no-transform` : PRIVATE_CACHE_CONTROL);
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};
