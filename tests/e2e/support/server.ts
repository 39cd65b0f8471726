/** Starts the built production server on its own port and DATA_DIR, as `npm start` would. */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../../scripts/free-port";
import { bundleScripts } from "../../../scripts/build-cli.js";
import { seedDataDirFromTemplate } from "../../support/migrated-database";
import { socialSettings } from "../fixtures/social";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? ".tmp/e2e-data");

const bundled = new Map<string, Promise<string>>();

/**
 * Runs a seed script of the browser suite on a DATA_DIR: bundled into plain JavaScript
 * first (esbuild, as the commands are: decision 0056), a second of CPU where tsx took five;
 * once per script, however many servers it seeds at the same time.
 */
export async function runSeed(script: string, env: Record<string, string>): Promise<void> {
  let file = bundled.get(script);
  if (!file) {
    const name = path.basename(script, ".ts");
    const outdir = path.resolve(".tmp/e2e-seeds");
    file = bundleScripts({ [name]: script }, outdir).then(() => path.join(outdir, `${name}.js`));
    bundled.set(script, file);
  }
  const child = spawn(process.execPath, [await file], { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`${script} failed (exit code ${code})`);
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
 * Built servers with an embedded database of their own, for specs that change what the
 * shared server's other specs rely on (site settings, locked accounts): each starts from a
 * copy of the fixture accounts' database (`withUsers`) or the migrated template, then its
 * seed runs, if it has one (extra env reaches it too). The global set-up starts them
 * beside the shared server and stops them at the end; a spec finds its own by name.
 */
const isolatedServers = {
  "admin-settings": { withUsers: true },
  "two-factor-staff": { withUsers: true },
  "sign-in-throttle": { seed: "tests/e2e/fixtures/seed-gym.ts" },
  social: { seed: "tests/e2e/fixtures/seed-site-settings.ts", env: { SITE_SETTINGS: JSON.stringify(socialSettings) } },
  // The staff classes journey edits the timetable and cancels a class (the Group Classes page reads both).
  "classes-staff": { withUsers: true, seed: "tests/e2e/fixtures/seed-classes-staff.ts" },
} satisfies Record<string, { withUsers?: true; seed?: string; env?: Record<string, string> }>;

export type IsolatedServerName = keyof typeof isolatedServers;

/** Where the global set-up tells the workers the isolated servers are (its environment reaches them). */
const ISOLATED_ORIGINS = "E2E_ISOLATED_ORIGINS";

/** An isolated server's origin and DATA_DIR, as the global set-up started it. */
export function isolatedServer(name: IsolatedServerName): { origin: string; dataDir: string } {
  const origins = JSON.parse(process.env[ISOLATED_ORIGINS] ?? "{}") as Partial<Record<IsolatedServerName, string>>;
  const origin = origins[name];
  if (!origin) throw new Error(`The isolated server "${name}" was not started: run the suite through playwright.config.ts (its global set-up starts it)`);
  return { origin, dataDir: `${E2E_DATA_DIR}-${name}` };
}

/**
 * The fixture accounts (support/users.ts) in a PGlite DATA_DIR of their own, seeded once:
 * each account's password hash is a fifth of a second of CPU, so the servers that need
 * them start from a copy. Resolves with that DATA_DIR.
 */
export async function seedFixtureUsers(): Promise<string> {
  const dataDir = `${E2E_DATA_DIR}-users`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env = { DATA_DIR: dataDir, BASE_URL: E2E_BASE_URL, DATABASE_URL: "", LOG_LEVEL: "warn" };
  seedDataDirFromTemplate(dataDir, { ...process.env, ...env });
  await runSeed("tests/e2e/support/seed-users.ts", env);
  return dataDir;
}

/** A copy of the fixture accounts' database into a new DATA_DIR. */
export function copyFixtureUsers(usersDataDir: string, dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(path.join(usersDataDir, "db"), path.join(dataDir, "db"), { recursive: true });
}

/** Seeds and starts one isolated server; resolves once it answers, with its stop. */
async function startIsolatedServer(name: IsolatedServerName, origin: string, users: Promise<string>): Promise<() => Promise<void>> {
  const server: { withUsers?: true; seed?: string; env?: Record<string, string> } = isolatedServers[name];
  const dataDir = `${E2E_DATA_DIR}-${name}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env = { DATA_DIR: dataDir, BASE_URL: origin, DATABASE_URL: "", LOG_LEVEL: "warn" };
  if (server.withUsers) copyFixtureUsers(await users, dataDir);
  else seedDataDirFromTemplate(dataDir, { ...process.env, ...env });
  if (server.seed) await runSeed(server.seed, { ...env, ...server.env });
  const child = startServer({ ...env, PORT: new URL(origin).port, TRUST_PROXY: "true" });
  const stop = async () => {
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  await healthyAndWarm(child, origin, stop);
  return stop;
}

/** Ends a server the set-up started and waits for it to exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/**
 * Waits for a server just started to answer and warms it up; if it never does, `stop`
 * ends it before the error goes on, so a failed set-up leaves no server behind on the port.
 */
export async function healthyAndWarm(child: ChildProcess, origin: string, stop: () => Promise<void> = () => stopServer(child)): Promise<void> {
  try {
    await waitForHealthy(origin);
    await warmUp(origin);
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Starts every isolated server side by side (their origins into the workers' environment),
 * those `withUsers` once `users` (seedFixtureUsers) resolves; resolves with one stop for all.
 */
export async function startIsolatedServers(users: Promise<string>): Promise<() => Promise<void>> {
  const names = Object.keys(isolatedServers) as IsolatedServerName[];
  const origins = Object.fromEntries(await Promise.all(names.map(async (name) => [name, `http://localhost:${await freePort()}`] as const)));
  process.env[ISOLATED_ORIGINS] = JSON.stringify(origins);
  const started = await Promise.allSettled(names.map((name) => startIsolatedServer(name, origins[name]!, users)));
  const stops = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
  const failed = started.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}
