/**
 * The process: loads the HTTP application (the production build, or the sources
 * through Vite with --dev), listens, prints the URL, and shuts down gracefully.
 */
import path from "node:path";
import type { AddressInfo } from "node:net";
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
  const { app, env, database, setupUrl, stopJobs } = await loadApp();
  const server = app.listen(env.PORT);
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
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests and closing the database`);
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    server.close(async () => {
      clearTimeout(force);
      stopJobs();
      await database.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch(fail);
