/**
 * The heavy member's pages on this build against the baseline build, in the same run.
 * A PGlite database belongs to one process, so the baseline gets a copy of the seeded
 * DATA_DIR (the same rows, auth secret and sessions: the heavy member's cookie is valid on
 * both). Both servers stay up, idle but for the one being measured, and each page is
 * measured in short runs that alternate between them (current, baseline, then baseline,
 * current …): a busy stretch of the machine, or one that eases off, weighs on both alike,
 * which turns of whole server lifetimes did not ensure (the same build's turns differed
 * by up to 30 %). Both servers run on one core and autocannon on the other (scripts/bench/cores.ts),
 * so neither competes with the load. A build that does not serve its pages fails at once.
 */
import fs from "node:fs";
import type { Baseline } from "./baseline";
import { BENCH_PASSWORD, HEAVY_EMAIL } from "./fixtures";
import { signIn, throughput } from "./http";
import { MEMBER_PAGES } from "./pages";
import { startServer, type ServerProcess } from "./serve";
import { freePort } from "../free-port";
import { pinProcess } from "./cores";

/** The member pages are measured as issue 17 states them: at 20 connections. */
export const MEMBER_CONNECTIONS = 20;
/** Each page's load on each server before the runs that count. */
const WARM_UP_SECONDS = 4;
/** Runs per build and page, in alternating order. */
const ROUNDS = 4;
type Side = "baseline" | "current";

export interface MemberPageResult {
  name: string;
  path: Record<Side, string>;
  /** Requests/s of each run. */
  rps: Record<Side, number[]>;
}

export const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Every page answers 200 to the heavy member's cookie: a redirect (to /login, or from an old URL) is no page. */
async function checkPages(origin: string, side: Side, cookie: string, results: MemberPageResult[]) {
  for (const { path } of results) {
    const response = await fetch(`${origin}${path[side]}`, { headers: { cookie }, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status === 200) continue;
    const location = response.headers.get("location");
    throw new Error(`The ${side} build answered ${path[side]} with ${response.status}${location ? ` → ${location}` : ""} for the heavy member`);
  }
}

export async function compareMemberPages(options: { baseline: Baseline; dataDir: string; port: number; duration: number }): Promise<MemberPageResult[]> {
  const results: MemberPageResult[] = Object.entries(MEMBER_PAGES).map(([name, paths]) => ({
    name,
    path: { baseline: paths.baseline, current: paths.current },
    rps: { baseline: [], current: [] },
  }));
  // TRUST_PROXY: the sign-in comes from its own X-Forwarded-For address (the per-address limit).
  const env = { TRUST_PROXY: "true" };
  const first = await startServer({ dataDir: options.dataDir, port: options.port, env });
  let cookie: string;
  try {
    cookie = await signIn(first.baseUrl, HEAVY_EMAIL, BENCH_PASSWORD);
  } finally {
    await first.stop();
  }
  const baselineDir = `${options.dataDir}-baseline`;
  fs.cpSync(options.dataDir, baselineDir, { recursive: true });
  const servers: Partial<Record<Side, ServerProcess>> = {};
  try {
    servers.current = await startServer({ dataDir: options.dataDir, port: options.port, env });
    servers.baseline = await startServer({ dataDir: baselineDir, port: await freePort(), env, cwd: options.baseline.dir });
    const origin = (side: Side) => servers[side]!.baseUrl.replace("localhost", "127.0.0.1");
    // Each server on the same core, autocannon (this process) on the other, as with wrk.
    for (const server of [servers.current, servers.baseline]) pinProcess(server.pid, "server");
    pinProcess(process.pid, "load");
    for (const side of ["current", "baseline"] as const) {
      await checkPages(origin(side), side, cookie, results);
      // A warm server, as members meet it: a process's first seconds under load are slower
      // (twenty requests per page left the runs climbing from round to round).
      for (const { path } of results) await throughput({ url: `${origin(side)}${path[side]}`, connections: MEMBER_CONNECTIONS, duration: WARM_UP_SECONDS, headers: { cookie } });
    }
    for (const result of results) {
      for (let round = 0; round < ROUNDS; round++) {
        for (const side of round % 2 === 0 ? (["current", "baseline"] as const) : (["baseline", "current"] as const)) {
          const run = await throughput({ url: `${origin(side)}${result.path[side]}`, connections: MEMBER_CONNECTIONS, duration: options.duration, headers: { cookie } });
          result.rps[side].push(run.requests.average);
          console.log(`  ${result.name}, round ${round + 1}, ${side.padEnd(8)} (${result.path[side]}): ${run.requests.average.toFixed(0)} req/s, p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms`);
        }
      }
    }
  } finally {
    pinProcess(process.pid, "all");
    await Promise.all(Object.values(servers).map((server) => server.stop()));
    fs.rmSync(baselineDir, { recursive: true, force: true });
  }
  return results;
}
