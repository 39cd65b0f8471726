/**
 * The built server as a child process, for the reliability scripts and tests: the same
 * build as `npm start` runs it (`node scripts/serve-build.js`), its own port and data.
 * Needs `npm run build` first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../free-port";

export const READY_TEXT = "Relentless is running";

/** The variables every child gets; the caller adds DATA_DIR or DATABASE_URL and the rest. */
function baseEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), NODE_ENV: "production", LOG_LEVEL: "warn", DATABASE_URL: "" };
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

export interface Storage {
  /** PostgreSQL when set, else PGlite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
}

export function storageEnv(storage: Storage): Record<string, string> {
  return { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? "" };
}

/** Runs a command of the project to its end as its npm script does (`user-create` is `npm run user:create`). */
export function runCli(name: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["scripts/run-cli.js", name, ...args], { env: { ...baseEnv(), ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, output }));
  });
}

/** Starts the server and waits until it listens (generous: a loaded 2-core machine is slow to boot). */
export async function startServer(env: Record<string, string>, { port, timeoutMs = 60_000, nodeArgs = [] }: { port?: number; timeoutMs?: number; nodeArgs?: string[] } = {}): Promise<ServerProcess> {
  if (!fs.existsSync("build/server/index.js")) throw new Error("Run `npm run build` first: the reliability checks run the built server");
  const listenPort = port ?? (await freePort());
  const child = spawn(process.execPath, [...nodeArgs, "scripts/serve-build.js"], {
    env: { ...baseEnv(), BASE_URL: `http://localhost:${listenPort}`, ...env, PORT: String(listenPort) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const server: ServerProcess = { child, port: listenPort, baseUrl: `http://localhost:${listenPort}`, output: () => output, exited };
  const deadline = Date.now() + timeoutMs;
  while (!output.includes(READY_TEXT)) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server was not ready within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server;
}

/** Stops a server still running (SIGKILL): for clean-up after a failed check. */
export async function killIfRunning(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGKILL");
  await server.exited;
}

/** The cookie header a browser would send back after these Set-Cookie headers. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

/** Signs in through the /login form; returns the session cookie. */
export async function signIn(baseUrl: string, email: string, password: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl, ...headers },
    body: new URLSearchParams({ email, password }),
  });
  if (response.status !== 302) throw new Error(`Sign-in as ${email} answered ${response.status}: ${await response.text()}`);
  return cookieHeader(response);
}

/** A distinct client address per number, for X-Forwarded-For behind TRUST_PROXY=true. */
export function clientAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * PGlite's cluster state, from pg_control in DATA_DIR/db (the field after the system
 * identifier and two version numbers): 1 "shut down" after a clean close, 6 "in
 * production" while open or after a kill (the next start then recovers from the WAL).
 */
export function pgControlState(dataDir: string): number {
  return fs.readFileSync(path.join(dataDir, "db", "global", "pg_control")).readInt32LE(16);
}
export const PG_SHUT_DOWN = 1;
export const PG_IN_PRODUCTION = 6;
