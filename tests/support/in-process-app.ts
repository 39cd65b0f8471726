/**
 * The whole HTTP application (server/app.ts boot()) in this process, on 127.0.0.1 and
 * a free port, with the production security headers. It runs in the test file's own
 * module graph: Vitest resolves React Router's virtual server build with React Router's
 * Vite plugin (vitest.config.ts), as `npm run dev` does, and every file shares Vitest's
 * transforms of the app instead of starting a Vite server and transforming the whole app
 * again (decision 0047). The app is given a static assets folder instead of Vite's
 * middlewares: boot() then runs exactly as in production (strict CSP, static files).
 * Modules used beside the app (logger, users) are the same instances the app uses, whether
 * imported or loaded with load(). On PGlite a fresh DATA_DIR gets a copy of the suite's
 * migrated database first (tests/setup/database.ts).
 */
import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { getDatabase, setDatabase, type Database } from "~/db/client.server";
import { resetEnv } from "~/lib/env.server";
import { setLogDestination } from "~/lib/logger.server";
import { seedDataDirFromTemplate } from "./migrated-database";

export interface RunningApp {
  base: string;
  /** The database the app opened (DATA_DIR or DATABASE_URL of the environment). */
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

/** The module at a path from the project root, from this file's module graph (the app's). */
function load<T>(modulePath: string): Promise<T> {
  return import(/* @vite-ignore */ path.resolve(`.${modulePath}`)) as Promise<T>;
}

/** The file's own database (tests/setup/per-file.ts), if it opened one: the app borrows the process's slot while it runs. */
function currentDatabase(): Database | undefined {
  try {
    return getDatabase();
  } catch {
    return undefined;
  }
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
  if (process.env.DATA_DIR) seedDataDirFromTemplate(process.env.DATA_DIR);
  // The app reads the environment and makes its logger afresh, as a new process would.
  resetEnv();
  setLogDestination(undefined);
  const fileDatabase = currentDatabase();
  const assets = assetsFolder();
  try {
    await before?.(load);
    const { boot } = await import("../../server/app");
    const booted = await boot({ assets: { dir: assets } });
    const server: http.Server = booted.server.listen(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The first page render loads the route modules (seconds on a loaded machine): done here, in the hook's time.
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
        await booted.database.close();
        if (fileDatabase) setDatabase(fileDatabase);
        fs.rmSync(assets, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (fileDatabase) setDatabase(fileDatabase);
    fs.rmSync(assets, { recursive: true, force: true });
    throw error;
  }
}
