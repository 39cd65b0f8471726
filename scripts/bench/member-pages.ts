/**
 * The heavy member's pages on this build against the baseline build, in the same run.
 * The two servers take turns on the same DATA_DIR and port (a PGlite database belongs to
 * one process at a time) in the order current, baseline, baseline, current, so that a busy
 * stretch of the machine, or one that eases off, weighs on both alike (and a build that
 * does not serve its pages fails at once). The same DATA_DIR holds the same auth secret,
 * so the heavy member's session cookie from the first server is valid on every one.
 */
import type { Baseline } from "./baseline";
import { BENCH_PASSWORD, HEAVY_EMAIL } from "./fixtures";
import { signIn, throughput } from "./http";
import { MEMBER_PAGES } from "./pages";
import { startServer } from "./serve";

/** The member pages are measured as issue 17 states them: at 20 connections. */
export const MEMBER_CONNECTIONS = 20;
type Side = "baseline" | "current";
const TURNS: Side[] = ["current", "baseline", "baseline", "current"];

export interface MemberPageResult {
  name: string;
  path: Record<Side, string>;
  /** Requests/s of each turn. */
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
  let cookie: string | undefined;
  for (const [turn, side] of TURNS.entries()) {
    // TRUST_PROXY: the sign-in comes from its own X-Forwarded-For address (the per-address limit).
    const server = await startServer({
      dataDir: options.dataDir,
      port: options.port,
      env: { TRUST_PROXY: "true" },
      cwd: side === "baseline" ? options.baseline.dir : ".",
    });
    try {
      const origin = `http://127.0.0.1:${options.port}`;
      cookie ??= await signIn(server.baseUrl, HEAVY_EMAIL, BENCH_PASSWORD);
      await checkPages(origin, side, cookie, results);
      // A warm server, as members meet it: the first requests of a process are slower.
      for (let i = 0; i < 20; i++) {
        for (const { path } of results) await (await fetch(`${origin}${path[side]}`, { headers: { cookie } })).arrayBuffer();
      }
      for (const result of results) {
        const run = await throughput({ url: `${origin}${result.path[side]}`, connections: MEMBER_CONNECTIONS, duration: options.duration, headers: { cookie } });
        result.rps[side].push(run.requests.average);
        console.log(`  turn ${turn + 1}, ${side.padEnd(8)} ${result.name} (${result.path[side]}): ${run.requests.average.toFixed(0)} req/s, p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms`);
      }
    } finally {
      await server.stop();
    }
  }
  return results;
}
