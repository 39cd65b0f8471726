import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import { getAuth } from "~/auth/auth.server";
import { getDatabase } from "~/db/client.server";
import { bootServices } from "./boot";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { serveUpload } from "~/modules/uploads/serve-upload.server";
import { clientIp, sameOriginOnly, securityHeaders } from "./security";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
  }
}

/** Query strings may carry one-time tokens: they are never logged. */
function requestLog(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      getLogger().info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
    });
    next();
  };
}

function healthz(): RequestHandler {
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      if (await getDatabase().ping()) {
        res.json({ status: "ok" });
        return;
      }
    } catch (error) {
      getLogger().error({ err: error }, "health check failed");
    }
    res.status(503).json({ status: "unavailable" });
  };
}

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

interface CachedPage {
  /** The document split at its render nonce: joined with each response's own nonce. */
  parts: string[];
  headers: [string, string][];
  expires: number;
}

/**
 * In-memory cache of the public pages above, for GET requests without cookies,
 * Authorization or a query string (anything else is rendered as usual).
 *
 * - CSP: a page is rendered once with a throwaway nonce that is never sent in any
 *   header; each response gets the nonce of its own CSP header (set by
 *   securityHeaders) substituted in, so no nonce is ever reused across responses.
 * - Poisoning: the copy is rendered from a synthetic request (BASE_URL + path, no
 *   visitor headers), so nothing a visitor sends can end up in other visitors' pages.
 * - Freshness: any state-changing request to /admin (site settings, users) empties the
 *   cache of this process, and entries expire after PAGE_CACHE_TTL_MS; a response with
 *   Set-Cookie or a status other than 200 is never stored.
 */
function publicPageCache(baseUrl: string, loadBuild: () => Promise<ServerBuild>) {
  const pages = new Map<string, CachedPage>();
  const pending = new Map<string, Promise<CachedPage | null>>();
  let generation = 0;
  let handler: ReturnType<typeof createFetchHandler> | undefined;

  async function render(pathname: string): Promise<CachedPage | null> {
    const started = generation;
    handler ??= createFetchHandler(loadBuild, "production");
    const nonce = crypto.randomBytes(16).toString("base64");
    const response = await handler(new Request(new URL(pathname, baseUrl), { headers: { accept: "text/html" } }), { cspNonce: nonce });
    const body = await response.text();
    if (response.status !== 200 || response.headers.has("set-cookie")) return null;
    const headers = [...response.headers].filter(([name]) => !["content-length", "content-encoding", "transfer-encoding"].includes(name));
    const page = { parts: body.split(nonce), headers, expires: Date.now() + PAGE_CACHE_TTL_MS };
    if (started === generation) pages.set(pathname, page);
    return page;
  }

  function invalidate() {
    generation++;
    pages.clear();
  }

  function cacheable(req: IncomingMessage): string | null {
    const url = req.url ?? "";
    return req.method === "GET" && CACHED_PAGES.has(url) && !req.headers.cookie && !req.headers.authorization ? url : null;
  }

  function send(res: ServerResponse, page: CachedPage, nonce: string) {
    for (const [name, value] of page.headers) res.setHeader(name, value);
    const html = Buffer.from(page.parts.join(nonce));
    res.setHeader("Content-Length", html.length);
    res.statusCode = 200;
    res.end(html);
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if (!SAFE_METHODS.has(req.method) && req.path.startsWith("/admin")) {
      invalidate();
      // Again once the change is saved: a render that began meanwhile may hold the old settings.
      res.on("finish", invalidate);
      return next();
    }
    const url = cacheable(req);
    if (!url) return next();
    try {
      let page = pages.get(url);
      if (!page || page.expires <= Date.now()) {
        let rendering = pending.get(url);
        if (!rendering) {
          rendering = render(url).finally(() => pending.delete(url));
          pending.set(url, rendering);
        }
        page = (await rendering) ?? undefined;
      }
      if (!page) return next();
      send(res, page, String(res.locals.cspNonce));
    } catch (error) {
      next(error);
    }
  };

  return middleware;
}

/**
 * A request refused before its body was read (too large, wrong type) is answered with
 * `Connection: close`: otherwise the connection would wait for the rest of the body and
 * the client's next request on it would hang until the keep-alive timeout.
 */
const closeUnreadBodies: RequestHandler = (req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && !res.headersSent) res.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};

export interface AppOptions {
  /** Production: the built client folder. Development: Vite's middlewares instead. */
  assets: { dir: string } | { middleware: RequestHandler };
}

/** Boots the services and returns the whole HTTP application. */
export async function boot(options: AppOptions) {
  const env = getEnv();
  const booted = await bootServices();
  const dev = "middleware" in options.assets;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY === "true");
  app.use(compression());
  app.use(securityHeaders({ https: env.BASE_URL.startsWith("https://"), dev }));
  app.use(closeUnreadBodies);
  if ("dir" in options.assets) {
    // Fingerprinted build output never changes; everything else is revalidated hourly.
    app.use("/assets", express.static(path.join(options.assets.dir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(options.assets.dir, { maxAge: "1h", index: false }));
  } else {
    app.use(options.assets.middleware);
  }
  app.use(requestLog());
  const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  if (!dev) app.use(publicPageCache(env.BASE_URL, loadBuild));
  app.get("/healthz", healthz());
  // Uploaded images, from local disk or S3 alike; before React Router so it never renders them.
  app.use("/uploads", serveUpload);
  app.use(clientIp);
  app.use(sameOriginOnly(env.BASE_URL));
  app.all("/api/auth/*splat", toNodeHandler(getAuth()));
  app.use(
    createRequestHandler({
      build: loadBuild,
      getLoadContext: (_req, res) => ({ cspNonce: String(res.locals.cspNonce) }),
    }),
  );
  return { app, env, ...booted };
}
