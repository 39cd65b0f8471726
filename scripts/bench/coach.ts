/**
 * `npm run bench -- --only coach`: the staff's home (/coach) at COACH_MEMBERS members with
 * two years of workouts, check-ins, weights and messages each (seed-coach.ts).
 * - In process: the page's loader against the SQL it sends (target: at most 2 ×).
 * - Over HTTP on the built server: the page at 20 connections for BENCH_DURATION s, its
 *   p50 and p99 (every answer a 200).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../free-port";
import { BENCH_PASSWORD } from "./fixtures";
import { signIn, throughput } from "./http";
import { newDataDir, startServer } from "./serve";

export const COACH_EMAIL = "coach-home@bench.example";
/** The size; BENCH_COACH_MEMBERS sets fewer for a quick look. */
export const COACH_MEMBERS = Number(process.env.BENCH_COACH_MEMBERS ?? 300);
export const COACH_CONNECTIONS = 20;

export interface CoachSeed {
  seedMs: number;
  /** Members the list shows (of COACH_MEMBERS). */
  needAttention: number;
  loader: { name: string; loaderMs: number; sqlMs: number; statements: number };
}

export interface CoachResults extends CoachSeed {
  http: { rps: number; p50: number; p99: number; bytes: number };
}

async function seed(dataDir: string, baseUrl: string): Promise<CoachSeed> {
  const out = path.join(dataDir, "coach-seed.json");
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/seed-coach.ts"], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, BASE_URL: baseUrl, LOG_LEVEL: "warn", BENCH_OUT: out },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`Seeding the coach's members failed (exit code ${code})`);
  const result = JSON.parse(fs.readFileSync(out, "utf8")) as CoachSeed;
  fs.rmSync(out);
  return result;
}

export async function benchCoach(duration: number): Promise<CoachResults> {
  const dataDir = newDataDir();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  try {
    const seeded = await seed(dataDir, baseUrl);
    const server = await startServer({ dataDir, port, env: { TRUST_PROXY: "true" } });
    try {
      const cookie = await signIn(baseUrl, COACH_EMAIL, BENCH_PASSWORD);
      const url = `${baseUrl}/coach`;
      const first = await fetch(url, { headers: { cookie, "accept-encoding": "identity" } });
      const bytes = (await first.arrayBuffer()).byteLength;
      if (first.status !== 200) throw new Error(`/coach answered ${first.status}`);
      const result = await throughput({ url, connections: COACH_CONNECTIONS, duration, headers: { cookie } });
      return { ...seeded, http: { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bytes } };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
