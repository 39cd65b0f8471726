/**
 * `npm run bench -- --only programs`: the programs at the limits (decision 0044), on the
 * built server over HTTP.
 * - The builder page of the largest program the limits allow, at a full week: its bytes
 *   and its time (median and slowest of a few loads, one at a time).
 * - Assigning that program to 200 members (the form's largest choice): the request's time
 *   (it only starts a job per member, decision 0051) and the time until every copy is made,
 *   while a member who is not among them loads /members/workouts at a steady rate (a
 *   new load every 200 ms, whether or not the last one has answered, as many people
 *   browsing do): that page's p99 while the copies are made against its p99 just before,
 *   and just after (the program tables are then 200 copies larger).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../free-port";
import { BENCH_PASSWORD } from "./fixtures";
import { signIn } from "./http";
import { newDataDir, startServer } from "./serve";

export const PROGRAM_TRAINER_EMAIL = "coach@bench.example";
export const BROWSING_MEMBER_EMAIL = "browsing@bench.example";
/** The assignment form's largest choice (programs.schema.ts); BENCH_PROGRAM_MEMBERS sets fewer for a quick look. */
export const PROGRAM_MEMBERS = Number(process.env.BENCH_PROGRAM_MEMBERS ?? 200);
/**
 * Loads of the other member's page a second, before and during the assignment: ten times
 * what 200 members loading ten pages an hour each would send. (Loading it back to back on
 * a few connections kept PGlite's one connection busy all the time: the copies waited
 * behind the bench's own browsing, and 200 of them did not finish in 30 minutes.)
 */
export const BROWSING_PER_SECOND = 5;
const BUILDER_LOADS = 7;
/** How long the member's page is loaded before the assignment (its normal p99), and again after it. */
const BEFORE_MS = 10_000;
/** How often the bench asks how far the copies are (what the builder does every 2 s). */
const PROGRESS_POLL_MS = 1_000;

export interface ProgramSeed {
  programId: string;
  memberIds: string[];
}

export interface ProgramsResults {
  builder: { bytes: number; medianMs: number; maxMs: number };
  assignment: { requestMs: number; allCopiesMs: number; members: number; made: number };
  browsing: Record<"before" | "during" | "after", { p50: number; p99: number; count: number }>;
}

async function seed(dataDir: string, baseUrl: string): Promise<ProgramSeed> {
  const out = path.join(dataDir, "programs-seed.json");
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/seed-programs.ts"], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, BASE_URL: baseUrl, LOG_LEVEL: "warn", BENCH_OUT: out },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`Seeding the programs failed (exit code ${code})`);
  const result = JSON.parse(fs.readFileSync(out, "utf8")) as ProgramSeed;
  fs.rmSync(out);
  return result;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Starts a load of `url` every 1/`perSecond` s until `until` settles, then waits for the last; every answer must be a 200. Latencies in ms, sorted. */
async function loadAtRate(url: string, cookie: string, perSecond: number, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  const load = async () => {
    const t0 = performance.now();
    // A kept-alive connection the server closed as it was reused is tried again on a new one, as a browser does; the time counts from the first try.
    const response = await fetch(url, { headers: { cookie }, redirect: "manual" }).catch(() => fetch(url, { headers: { cookie }, redirect: "manual" }));
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - t0);
  };
  const loads: Array<Promise<void>> = [];
  const started = performance.now();
  for (let i = 0; !done; i++) {
    loads.push(load());
    // On the schedule, not after a late load: the next start is i + 1 periods from the first.
    const next = started + ((i + 1) * 1000) / perSecond;
    await Promise.race([until, new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())))]);
  }
  await Promise.all(loads);
  return times.sort((a, b) => a - b);
}

export async function benchPrograms(): Promise<ProgramsResults> {
  const dataDir = newDataDir();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  try {
    const { programId, memberIds } = await seed(dataDir, baseUrl);
    // TRUST_PROXY: each sign-in comes from its own X-Forwarded-For address (the per-address limit).
    const server = await startServer({ dataDir, port, env: { TRUST_PROXY: "true" } });
    try {
      const coach = await signIn(baseUrl, PROGRAM_TRAINER_EMAIL, BENCH_PASSWORD);
      const member = await signIn(baseUrl, BROWSING_MEMBER_EMAIL, BENCH_PASSWORD);

      const builderUrl = `${baseUrl}/programs/${programId}?week=1`;
      const loads: number[] = [];
      let bytes = 0;
      for (let i = 0; i < BUILDER_LOADS + 2; i++) {
        const t0 = performance.now();
        const response = await fetch(builderUrl, { headers: { cookie: coach, "accept-encoding": "identity" } });
        const body = await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`The builder answered ${response.status}`);
        // The first two warm the server up.
        if (i >= 2) loads.push(performance.now() - t0);
        bytes = body.byteLength;
      }
      loads.sort((a, b) => a - b);
      console.log(`  builder page measured: ${bytes} bytes, slowest ${Math.round(loads.at(-1)!)} ms; assigning to ${memberIds.length} members…`);

      const pageUrl = `${baseUrl}/members/workouts`;
      const form = new URLSearchParams({ intent: "assign", startDate: "2026-12-07" });
      for (const id of memberIds) form.append("memberIds", id);
      /** Posts the form, then asks how far the copies are until none is left to make. */
      const assign = async () => {
        const t0 = performance.now();
        const answer = await fetch(`${baseUrl}/programs/${programId}`, { method: "POST", headers: { cookie: coach, origin: baseUrl }, body: form, redirect: "manual" });
        const assignmentId = new URL(answer.headers.get("location") ?? "/", baseUrl).searchParams.get("assigned");
        if (answer.status !== 302 || !assignmentId) throw new Error(`The assignment answered ${answer.status}`);
        const requestMs = performance.now() - t0;
        for (let failures = 0; ; ) {
          await new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS));
          // A question that fails (a kept-alive connection closed as it was reused) is asked again: four failures in a row end the bench.
          const progress = await fetch(`${baseUrl}/programs/${programId}/assignments?ids=${assignmentId}`, { headers: { cookie: coach } }).catch((error: unknown) => {
            if ((failures += 1) > 3) throw error;
            return null;
          });
          if (!progress) continue;
          failures = 0;
          const { assignments } = (await progress.json()) as { assignments: Array<{ made: number; underWay: boolean }> };
          if (!assignments[0]?.underWay) return { requestMs, allCopiesMs: performance.now() - t0, made: assignments[0]?.made ?? 0 };
        }
      };
      // Warm the member's page, then the same load before the assignment and while its copies are made.
      await loadAtRate(pageUrl, member, BROWSING_PER_SECOND, new Promise((r) => setTimeout(r, 2000)));
      const before = await loadAtRate(pageUrl, member, BROWSING_PER_SECOND, new Promise((r) => setTimeout(r, BEFORE_MS)));
      const assignment = assign();
      const during = await loadAtRate(pageUrl, member, BROWSING_PER_SECOND, assignment);
      const { requestMs, allCopiesMs, made } = await assignment;
      const after = await loadAtRate(pageUrl, member, BROWSING_PER_SECOND, new Promise((r) => setTimeout(r, BEFORE_MS)));
      const summary = (loads: number[]) => ({ p50: percentile(loads, 50), p99: percentile(loads, 99), count: loads.length });
      return {
        builder: { bytes, medianMs: percentile(loads, 50), maxMs: loads.at(-1)! },
        assignment: { requestMs, allCopiesMs, members: memberIds.length, made },
        browsing: { before: summary(before), during: summary(during), after: summary(after) },
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
