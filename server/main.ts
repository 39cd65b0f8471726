/**
 * The process: loads the HTTP application (the production build, or the sources
 * through Vite with --dev), listens, prints the URL, and shuts down gracefully.
 */
import path from "node:path";
import net, { type AddressInfo } from "node:net";
import type * as AppModuleType from "./app";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";

type AppModule = typeof AppModuleType;

async function loadApp() {
  if (!dev) {
    const mod = (await import(path.resolve("build/server/index.js"))) as AppModule;
    return mod.boot({ assets: { dir: path.resolve("build/client") } });
  }
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const mod = (await vite.ssrLoadModule("./server/app.ts")) as AppModule;
  return mod.boot({ assets: { middleware: vite.middlewares } });
}

function fail(error: unknown): never {
  const known = error instanceof Error && ["ConfigError", "DataDirLockedError"].includes(error.name);
  console.error(known ? (error as Error).message : error);
  process.exit(1);
}

async function main() {
  const { server, env, database, setupUrl, stopJobs } = await loadApp();
  server.listen(env.PORT);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const port = (server.address() as AddressInfo).port;
  console.log(`Relentless is running at ${env.BASE_URL} (port ${port}, ${database.kind === "postgres" ? "PostgreSQL" : "embedded PGlite in " + path.resolve(env.DATA_DIR)})`);
  if (setupUrl) {
    console.log(`\nNo administrator yet. Open this one-time link to create one:\n  ${setupUrl}\n`);
  }

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
      await stopJobs();
      await database.close();
      process.exit(0);
    });
    // Connections still quiet a moment later are truly idle: close them so shutdown is quick.
    setTimeout(() => server.closeIdleConnections(), 1_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch(fail);
