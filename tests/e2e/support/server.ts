/** Starts the built production server on its own port and DATA_DIR, as `npm start` would. */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../../scripts/free-port";
import { bundleScripts } from "../../../scripts/build-cli.js";
import { seedDataDirFromTemplate } from "../../support/migrated-database";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? ".tmp/e2e-data");

/**
 * Runs a seed script of the browser suite on a DATA_DIR: bundled into plain JavaScript
 * first (esbuild, as the commands are: decision 0056), a second of CPU where tsx took five.
 */
export async function runSeed(script: string, env: Record<string, string>): Promise<void> {
  const name = path.basename(script, ".ts");
  const outdir = path.resolve(".tmp/e2e-seeds");
  await bundleScripts({ [name]: script }, outdir);
  execFileSync(process.execPath, [path.join(outdir, `${name}.js`)], { env: { ...process.env, ...env }, stdio: "inherit" });
}

export async function waitForHealthy(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server at ${url} did not become healthy in ${timeoutMs} ms`);
}

/**
 * A new process loads each route module and warms its database on first use (seconds on
 * a loaded machine): done here, before any test's clock starts, for the pages the specs open first.
 */
export async function warmUp(url: string): Promise<void> {
  for (const page of ["/", "/login", "/members", "/admin", "/contact"]) {
    await (await fetch(`${url}${page}`, { redirect: "manual" })).arrayBuffer();
  }
}

export function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["scripts/serve-build.js"], {
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/**
 * A second built server with its own embedded database, for specs that change
 * site-wide state (site settings) the shared server's other specs rely on.
 * `seedScript` runs first on the same DATA_DIR (extra env reaches it too).
 */
export async function startIsolatedServer(name: string, seedScript: string, seedEnv: Record<string, string> = {}) {
  const dataDir = `${E2E_DATA_DIR}-${name}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const origin = `http://localhost:${await freePort()}`;
  const env = { DATA_DIR: dataDir, BASE_URL: origin, DATABASE_URL: "", LOG_LEVEL: "warn" };
  seedDataDirFromTemplate(dataDir, { ...process.env, ...env });
  await runSeed(seedScript, { ...env, ...seedEnv });
  const server = startServer({ ...env, PORT: new URL(origin).port, TRUST_PROXY: "true" });
  await waitForHealthy(origin);
  await warmUp(origin);
  return {
    origin,
    dataDir,
    stop: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
