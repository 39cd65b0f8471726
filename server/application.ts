import zlib from "node:zlib";
import type http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { Database } from "~/db/client.server";
import { startServices } from "./boot";
import { getEnv } from "~/lib/env.server";
import { requestContext } from "~/lib/request-context";
import { isTrustedHop } from "~/lib/client-ip.server";
import { getLogger, loggablePath } from "~/lib/logger.server";
import { hostedPageOrigins } from "~/lib/payments/payment-provider.server";
import { withRequestScope } from "~/lib/request-scope.server";
import { countRequestsInFlight } from "~/lib/requests-in-flight.server";
import { GOCARDLESS_WEBHOOK_PATH } from "~/modules/billing/webhook-intake.server";
import { privateUnlessDeclaredPublic } from "./cache-control";
import { drainListenersFollowCompression } from "./drain-listeners";
import { publicPageCache } from "./page-cache";
import { admissionGate, READS_AT_ONCE } from "./admission-gate";
import { goCardlessWebhook } from "./gocardless-webhook";
import { oneClickUnsubscribe } from "./one-click-unsubscribe";
import { buildFiles } from "./build-files";
import { refuseUnreadablePaths } from "./path-guard";
import { clientIp, sameOriginOnly, securityHeaders } from "./security";
import { serveUpload } from "./serve-upload";
import { discardUnreadBodies } from "./unread-bodies";

/** Query strings may carry one-time tokens: they are never logged, nor a secret in the path (loggablePath). Build assets are not logged. */
function requestLog(): RequestHandler {
  return (req, res, next) => {
    if (req.path.startsWith("/assets/")) return next();
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      getLogger().info({ method: req.method, path: loggablePath(req.path), status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
    });
    next();
  };
}

/**
 * Brotli's window for the answers compressed as they are sent: 2^18 = 256 KB, about the
 * largest page (`/coach` at 300 members, 267 KB). The middleware's default, 4 MB, made every
 * page no smaller (the same bytes, ±1, on every member and coach page) but gave each
 * answer's encoder megabytes of fresh memory, which V8 counts towards its full collections.
 */
const BROTLI_WINDOW_BITS = 18;

const notServed: RequestHandler = (_req, res) => {
  res.status(404).type("text/plain").send("Not Found");
};

/** React Router's handler for a build loaded once: made at the first request, then reused. */
function pagesOfBuild(build: () => Promise<ServerBuild>, getLoadContext: Parameters<typeof createRequestHandler>[0]["getLoadContext"]): RequestHandler {
  let pages: Promise<RequestHandler> | undefined;
  return (req, res, next) => {
    pages ??= build().then((loaded) => createRequestHandler({ build: loaded, getLoadContext }));
    pages.then((handle) => handle(req, res, next), next);
  };
}

export interface AppOptions {
  /** Production: the built client folder. Development: Vite's middlewares instead. */
  assets: { dir: string } | { middleware: RequestHandler };
  /** A database already open, instead of the configuration's (the tests' own; its owner closes it). */
  database?: Database;
}

/**
 * The whole HTTP application as a request listener, on the database given, open and
 * migrated (server/app.ts). The rest of the start (`started`: start-up writes, warm-up,
 * job worker; server/boot.ts startServices) runs from now on: until it is done the
 * listener holds every request (decision 0153).
 */
export function assemble(options: AppOptions, database: Database) {
  const env = getEnv();
  const started = startServices(database, options.database);
  // Its failure ends the process (server/serve.ts) or fails boot(); the held requests then get a 503.
  let ready = false;
  started.then(
    () => (ready = true),
    () => undefined,
  );
  const dev = "middleware" in options.assets;
  const app = express();
  app.disable("x-powered-by");
  // The same proxies decide X-Forwarded-Proto/Host for express and React Router.
  const trust = env.TRUST_PROXY;
  app.set("trust proxy", "hops" in trust && trust.hops === 0 ? false : (address: string, index: number) => isTrustedHop(trust, address, index));
  const https = env.BASE_URL.startsWith("https://");
  const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  // Production loads the build once, when the start is done or at the first page request
  // (a restart answers /healthz without it), and hands React Router the build itself: given a function, React Router
  // rebuilds its route tables (every route flattened, ranked and wrapped) on every request,
  // a cost that grows with each screen. Development passes the function, so Vite's edits
  // reach the next request.
  let built: Promise<ServerBuild> | undefined;
  const buildOnce = () => (built ??= loadBuild());
  const pageCache = dev ? null : publicPageCache({ baseUrl: env.BASE_URL, https, build: buildOnce });
  app.use(requestLog());
  // Brotli's window the size of the largest page, not 4 MB: each answer's encoder no longer brings on V8's full collections (decision 0178).
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } } }));
  app.use(drainListenersFollowCompression);
  app.use(securityHeaders({ https, dev, formTargets: hostedPageOrigins(env) }));
  app.use(discardUnreadBodies());
  app.use(refuseUnreadablePaths);
  if ("dir" in options.assets) {
    // Fingerprinted build output never changes; everything else is revalidated hourly.
    const assets = path.join(options.assets.dir, "assets");
    app.use("/assets", buildFiles(assets, { immutable: true, maxAge: "1y" }));
    app.use(buildFiles(options.assets.dir, { maxAge: "1h" }));
  } else {
    app.use(options.assets.middleware);
  }
  // Background work on PGlite yields while these are answered (app/lib/requests-in-flight.server.ts).
  app.use(countRequestsInFlight);
  // Uploaded images, from local disk or S3 alike; before React Router so it never renders them.
  app.use("/uploads", serveUpload);
  app.use(privateUnlessDeclaredPublic);
  // better-auth's HTTP API is not served: the site's own actions call it in-process, under
  // our rules (docs/decisions/0024-auth-http-surface-and-two-factor.md). Answered before the body is read.
  app.all(["/api/auth", "/api/auth/*splat"], notServed);
  app.use(clientIp(trust));
  app.use(oneClickUnsubscribe(env.BASE_URL));
  // Posted by GoCardless's servers, believed under its signature (decision 0134).
  app.post(GOCARDLESS_WEBHOOK_PATH, goCardlessWebhook());
  app.use(sameOriginOnly(env.BASE_URL));
  // Page reads take turns, a few at a time; a queued one whose client went is dropped (decision 0179).
  app.use(admissionGate({ limit: READS_AT_ONCE[database.kind === "postgres" ? "postgres" : "pglite"] }));
  // Cookies added deep inside a request (a member's session renewal) reach its response; its loaders share their reads.
  app.use((req, res, next) => withRequestScope(req, (cookie) => res.headersSent || res.append("Set-Cookie", cookie), next));
  const getLoadContext = (req: express.Request, res: express.Response) => requestContext(String(res.locals.cspNonce), req.path.endsWith(".data"));
  app.use(dev ? createRequestHandler({ build: loadBuild, getLoadContext }) : pagesOfBuild(buildOnce, getLoadContext));
  // The public pages' cached copies are answered before express (docs/performance.md).
  const answer: http.RequestListener = pageCache ? (req, res) => pageCache.answer(req, res, () => app(req, res)) : app;
  const handle: http.RequestListener = (req, res) => {
    if (ready) return answer(req, res);
    // Pages wait for the start-up to finish (the catalogue, the administrator, the warm-up), never meet it half done.
    getLogger().debug({ method: req.method }, "request held until the start is done");
    void started.then(
      () => answer(req, res),
      () => res.writeHead(503, { "Content-Type": "text/plain", "Cache-Control": "no-store" }).end("Service Unavailable"),
    );
  };
  // The process (server/serve.ts) loads the build once the start is done, so the first page after a
  // restart does not wait for it (decision 0153); a failure meets that page. Tests load it at their first page.
  const preloadPages = () => void (dev ? undefined : buildOnce().catch(() => undefined));
  return { handle, started, preloadPages };
}
