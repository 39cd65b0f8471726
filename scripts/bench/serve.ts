/** Starts a built server for benchmarks: this checkout's on a throwaway DATA_DIR, or any checkout's on a given one. */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../free-port";

export interface BenchServer {
  baseUrl: string;
  pid: number;
  dataDir: string;
  stop: () => Promise<void>;
}

export interface BenchServerOptions {
  /** A DATA_DIR seeded beforehand (removed on stop); a new empty one otherwise. */
  dataDir?: string;
  port?: number;
}

export function newDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "relentless-bench-"));
}

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** Stops the server; the database is closed once it resolves. */
  stop: () => Promise<void>;
}

/**
 * The built server of the checkout `cwd` (this one by default; the bench's baseline runs
 * another) on DATA_DIR `dataDir`, which it neither creates nor removes.
 */
export async function startServer(options: { dataDir: string; port: number; env?: Record<string, string>; cwd?: string }): Promise<ServerProcess> {
  const cwd = options.cwd ?? ".";
  if (!fs.existsSync(path.join(cwd, "build/server/index.js"))) throw new Error(`Build first: npm run build (in ${path.resolve(cwd)})`);
  const baseUrl = `http://localhost:${options.port}`;
  // The build as `npm start` runs it, without a TypeScript loader; an older build (the baseline) from its sources' entry.
  const entry = fs.existsSync(path.join(cwd, "scripts/serve-build.js")) ? ["scripts/serve-build.js"] : ["--import", "tsx", "server/main.ts"];
  const child: ChildProcess = spawn(process.execPath, [...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_CPU_PROF] : []), ...entry], {
    cwd,
    env: { ...process.env, NODE_ENV: "production", PORT: String(options.port), DATA_DIR: options.dataDir, BASE_URL: baseUrl, LOG_LEVEL: "warn", ...options.env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not yet listening
    }
    if (child.exitCode !== null) throw new Error(`The server in ${path.resolve(cwd)} exited while starting`);
    if (Date.now() > deadline) throw new Error(`The server in ${path.resolve(cwd)} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

/** This checkout's built server on a free port (or `port`) and a DATA_DIR it removes when stopped. */
export async function startBenchServer(env: Record<string, string> = {}, options: BenchServerOptions = {}): Promise<BenchServer> {
  const dataDir = options.dataDir ?? newDataDir();
  const server = await startServer({ dataDir, port: options.port ?? (await freePort()), env });
  return {
    baseUrl: server.baseUrl,
    pid: server.pid,
    dataDir,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Seeds DATA_DIR (or DATABASE_URL) with the benchmark data in a child process, before
 * the server opens it; with `measure`, the child also takes the in-process measurements
 * and the results are returned.
 */
export async function seedInChild(options: { dataDir: string; baseUrl: string; members: number; measure: boolean }): Promise<unknown> {
  const out = path.join(options.dataDir, "in-process.json");
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/in-process.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: options.dataDir,
      BASE_URL: options.baseUrl,
      LOG_LEVEL: "warn",
      BENCH_MEMBERS: String(options.members),
      BENCH_MEASURE: options.measure ? "1" : "0",
      BENCH_OUT: out,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`Seeding the benchmark data failed (exit code ${code})`);
  const results: unknown = JSON.parse(fs.readFileSync(out, "utf8"));
  fs.rmSync(out);
  return results;
}
