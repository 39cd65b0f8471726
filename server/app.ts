/**
 * The server build's entry (vite.config.ts): small on purpose (on PGlite it starts the
 * WebAssembly's compile before loading anything else, decision 0175). start() opens and migrates
 * the database and makes the process's HTTP server, which answers /healthz from then on;
 * only then does it load the rest of the application (server/application.ts: express,
 * better-auth, every module of the site), which answers every other request once loaded
 * and started (decision 0170). Loading the application beside PGlite's start (decision
 * 0153) only took turns with it on the one thread both run on.
 */
import http from "node:http";
import type { Database } from "~/db/client.server";
import { pgliteWasm } from "~/db/pglite-wasm.server";
import type * as Application from "./application";
import type { AppOptions } from "./application";

export type { AppOptions } from "./application";

/**
 * How long an idle kept-alive connection stays open: longer than the clients' and proxies'
 * own idle limits (60 s is common), so the client closes first. Node's 5 s let a request
 * sent as the server closed the connection meet a reset (decision 0073).
 */
const KEEP_ALIVE_MS = 65_000;

type Assembled = ReturnType<typeof Application.assemble>;

/** Loads the application on the migrated database; a failure closes the database it opened. */
async function application(options: AppOptions, database: Database): Promise<Assembled> {
  try {
    const { assemble } = await import("./application");
    return assemble(options, database);
  } catch (error) {
    if (!options.database) await database.close().catch(() => undefined);
    throw error;
  }
}

/**
 * The HTTP server, not listening yet, once its database is open and migrated: it answers
 * /healthz at once and holds every other request until the application is loaded and its
 * start (`started`: server/boot.ts startServices) is done.
 */
export async function start(options: AppOptions) {
  // On PGlite, its WebAssembly compiles on V8's background threads while these modules load (decision 0175).
  if (!options.database && !process.env.DATABASE_URL) pgliteWasm().catch(() => undefined);
  const [{ getEnv }, { openAndMigrate }, { answerHealthCheck, isHealthCheck }] = await Promise.all([
    import("~/lib/env.server"),
    import("./open-database"),
    import("./health-check"),
  ]);
  const env = getEnv();
  const database = await openAndMigrate(options.database);
  const https = env.BASE_URL.startsWith("https://");
  const loading = application(options, database);
  let handle: http.RequestListener | undefined;
  const server = http.createServer({ headersTimeout: KEEP_ALIVE_MS + 1_000 }, (req, res) => {
    if (isHealthCheck(req)) return void answerHealthCheck(res, database, https);
    if (handle) return handle(req, res);
    void loading.then(
      (app) => app.handle(req, res),
      () => res.writeHead(503, { "Content-Type": "text/plain", "Cache-Control": "no-store" }).end("Service Unavailable"),
    );
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  const started = loading.then((app) => {
    handle = app.handle;
    return app.started;
  });
  // Awaited by the process (server/serve.ts) or boot(); not an unhandled rejection meanwhile.
  started.catch(() => undefined);
  const preloadPages = () => void loading.then((app) => app.preloadPages(), () => undefined);
  return { server, env, database, started, preloadPages };
}

/** start(), done: the application with its services started (the tests'). */
export async function boot(options: AppOptions) {
  const app = await start(options);
  return { ...app, ...(await app.started) };
}

/** The process around the application (listen, shutdown), so `npm start` needs nothing but this build. */
export { serve } from "./serve";
