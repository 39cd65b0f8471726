/**
 * The whole HTTP application (server/app.ts boot()) in this process, on 127.0.0.1 and
 * a free port, with the production security headers. Vitest cannot resolve React
 * Router's virtual server build, so the app is loaded through a Vite SSR server with
 * the project's vite.config.ts (as `npm run dev` does), but given a static assets
 * folder instead of Vite's middlewares: boot() then runs exactly as in production
 * (strict CSP, static files). Modules needed beside the app (logger, users) must be
 * loaded with load(): that is the same module instance the app uses. The app uses the
 * test file's own database (the worker's, put back to the migrated template before each
 * file: tests/setup/worker-database.ts) rather than opening another from DATA_DIR: a
 * PGlite kept in memory answers without the file system, and opens once per worker.
 *
 * One Vite server per worker (its files share the worker's module graph: vitest.config.ts),
 * kept from start to start: what it has transformed stays transformed. Every start still
 * evaluates the app afresh, in a module runner of its own, so each app reads its own
 * environment and holds its own singletons, as before. A new Vite server per start cost
 * 3.8-4.2 s and 4.6-5.2 s of CPU each time after the first.
 */
import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createServer, createServerModuleRunner, type ViteDevServer } from "vite";
import { getDatabase, type Database } from "~/db/client.server";
import type * as AppModule from "../../server/app";

export interface RunningApp {
  base: string;
  /** The database the app uses: the test file's own. */
  database: Database;
  /** The one-time first-run link boot() printed (no administrator yet), with its path and token. */
  setupUrl: string | null;
  /** A project module (path from the project root, e.g. "/app/lib/logger.server.ts") as the app sees it. */
  load<T>(modulePath: string): Promise<T>;
  stop(): Promise<void>;
}

/** A static folder like build/client: one fingerprinted asset and one plain file. */
function assetsFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-assets-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "assets", "entry-probe1234.js"), "export const probe = 1;\n");
  fs.writeFileSync(path.join(dir, "favicon.ico"), Buffer.from([0, 0, 1, 0]));
  return dir;
}

const worker = globalThis as typeof globalThis & { relentlessVite?: Promise<ViteDevServer> };

/**
 * The worker's Vite server, made by its first app start and never closed: it ends with the
 * worker thread (no file watcher, no sockets; React Router's type generation watches the
 * project for the worker's life, as each server's did for its file before).
 */
function workerVite(): Promise<ViteDevServer> {
  worker.relentlessVite ??= createServer({
    configFile: path.resolve("vite.config.ts"),
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: "custom",
    logLevel: "silent",
  });
  return worker.relentlessVite;
}

/**
 * Starts the app with these environment variables set (undefined removes one);
 * `before` runs on the app's own module instances before boot() (e.g. to redirect the logger).
 * `port`: listen there (when BASE_URL must name the server's own address), else any free port.
 */
export async function startApp(
  env: Record<string, string | undefined>,
  before?: (load: RunningApp["load"]) => Promise<void>,
  { port = 0 }: { port?: number } = {},
): Promise<RunningApp> {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const runner = createServerModuleRunner((await workerVite()).environments.ssr, { hmr: false, sourcemapInterceptor: false });
  const load = <T>(modulePath: string) => runner.import(modulePath) as Promise<T>;
  const assets = assetsFolder();
  try {
    await before?.(load);
    const { boot } = await load<typeof AppModule>("/server/app.ts");
    const booted = await boot({ assets: { dir: assets }, database: getDatabase() });
    const server: http.Server = booted.server.listen(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The first page render compiles the route modules (seconds on a loaded machine): done here, in the hook's time.
    await (await fetch(`${base}/`)).arrayBuffer();
    return {
      base,
      database: booted.database,
      setupUrl: booted.setupUrl,
      load,
      stop: async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await booted.stopJobs();
        await runner.close();
        fs.rmSync(assets, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await runner.close();
    fs.rmSync(assets, { recursive: true, force: true });
    throw error;
  }
}
