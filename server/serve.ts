/**
 * The running process around the HTTP application: listens, prints the URL (and the
 * first-run link), and shuts down gracefully. Part of the server build, so `npm start`
 * runs it as built JavaScript (scripts/start.js); `npm run dev` runs it from the sources.
 */
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import type { start } from "./app";

type App = Awaited<ReturnType<typeof start>>;

function fail(error: unknown): never {
  const known = error instanceof Error && ["ConfigError", "DataDirLockedError"].includes(error.name);
  console.error(known ? (error as Error).message : error);
  process.exit(1);
}

/**
 * Listens as soon as the database is open and migrated (/healthz answers; other requests
 * wait for `started`), and says it is running once the start is done (decision 0153).
 */
async function listen({ server, env, database, started, preloadPages }: App) {
  server.listen(env.PORT);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const port = (server.address() as AddressInfo).port;
  // A signal during the rest of the start still shuts down in order: the start finishes first.
  const whenStarted = started.catch(() => undefined);
  stopOnSignals(server, database, whenStarted);
  const { setupUrl } = await started;
  // Stopped by a signal while starting: it is closing, not running.
  if (!server.listening) return;
  preloadPages();
  console.log(`Relentless is running at ${env.BASE_URL} (port ${port}, ${database.kind === "postgres" ? "PostgreSQL" : "embedded PGlite in " + path.resolve(env.DATA_DIR)})`);
  if (setupUrl) {
    console.log(`\nNo administrator yet. Open this one-time link to create one:\n  ${setupUrl}\n`);
  }
}

function stopOnSignals(server: App["server"], database: App["database"], started: Promise<Awaited<App["started"]> | undefined>) {
  let stopping = false;
  // Once stopping, every answer closes its connection, so kept-alive clients stop sending on it.
  server.prependListener("request", (_req, res) => {
    if (stopping) res.setHeader("Connection", "close");
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests and closing the database`);
    const force = setTimeout(() => {
      console.log("Closing the connections still open after 10 s");
      server.closeAllConnections();
    }, 10_000);
    // net's close, not http's: http's would at once drop kept-alive connections whose next
    // request is already on the wire but not read yet, failing requests sent before the signal.
    net.Server.prototype.close.call(server, async () => {
      clearTimeout(force);
      // E-mails still being sent for answered requests finish before the database closes.
      await (await started)?.stopJobs();
      await database.close();
      process.exit(0);
    });
    // Event streams never end on their own: end them now (browsers reconnect elsewhere or after the restart).
    void started.then((booted) => booted?.closeStreams());
    // Connections still quiet a moment later are truly idle: close them so shutdown is quick.
    setTimeout(() => server.closeIdleConnections(), 1_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * Boots the application (`load` gives it), serves it; a start-up error ends the process with
 * its message. A timer holds the event loop open until the start is done: much of the start
 * waits on promises V8 settles itself (WebAssembly's compile, PGlite's queries) with nothing
 * else open in the loop, and an empty loop makes Node wait for all of V8's background work
 * (the optimising compiles of PGlite's busiest functions) before it settles them, 0.2-0.5 s
 * of the start (decision 0174).
 */
export function serve(load: () => Promise<App>): Promise<void> {
  const awake = setInterval(() => undefined, 60_000);
  return load()
    .then(listen)
    .catch(fail)
    .finally(() => clearInterval(awake));
}
