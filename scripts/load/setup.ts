/**
 * One set-up of `npm run load`: its server process(es) started on a seeded database and
 * pinned, the members and coaches signed in and the members' message streams held open,
 * then the pages' server time at rest, the rate steps of the evening's mix, the /coach
 * stage (5 coaches at once while the members train), and the pages at rest again, warm.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { freePort } from "../free-port";
import { pinToCpus } from "../bench/cores";
import { BENCH_PASSWORD } from "../bench/fixtures";
import { signIn } from "../bench/http";
import { newDataDir, startServer, type ServerProcess } from "../bench/serve";
import { childrenOf, cpuMeter, postmasterOf, type CpuMeter } from "./cpu";
import { COACH_KINDS, KINDS, planner, SHARES, type Cast, type Kind } from "./mix";
import { fire, mixPicker, newTarget, percentile, runOpenLoop, type Planned, type Sample, type Target } from "./open-loop";
import { coachEmail, memberEmail, type LoadSeed } from "./world";

export type SetupName = "pglite" | "pg1" | "pg2";
export const SETUP_LABELS: Record<SetupName, string> = { pglite: "PGlite, 1 process", pg1: "PostgreSQL, 1 process", pg2: "PostgreSQL, 2 processes" };

export interface LoadOptions {
  members: number;
  active: number;
  coaches: number;
  rates: number[];
  stepSeconds: number;
  warmUpSeconds: number;
  /** Sequential requests per page at rest. */
  restRequests: number;
  coachStageSeconds: number;
  /** `--nice`: the server side and the generator ahead of the machine's other work (a shared machine). */
  nice: boolean;
}

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  timeouts: number;
  unexpected: number;
}

export interface StepResult {
  rate: number;
  sentPerSecond: number;
  /** Answers as expected, per second of the step. */
  goodPerSecond: number;
  overall: Stats;
  kinds: Partial<Record<string, Stats>>;
  /** CPU per request answered (ms) and each side's share of one core (%). */
  cpu: { serverMs: number; databaseMs: number; serverPercent: number; databasePercent: number; generatorPercent: number };
  lag: { p99: number; max: number };
  streamsDropped: number;
  pass: boolean;
}

export interface RestRow {
  page: string;
  p50: number;
  serverCpuMs: number;
  databaseCpuMs: number;
}

export interface SetupResult {
  name: SetupName;
  label: string;
  pinned: string;
  seed?: LoadSeed;
  /** Each page at rest just after the start (V8 still compiling what the pages run). */
  atRest: RestRow[];
  /** The same once the steps are done and the server is quiet again: each page's own cost. */
  atRestWarm: RestRow[];
  steps: StepResult[];
  /** The highest rate with p99 ≤ 1 s and no errors, timeouts or unexpected answers (0: none). */
  highest: number;
  coachStage?: { memberRate: number; coach: Stats; members: Stats };
}

const P99_LIMIT_MS = 1000;
/** A step this bad ends the climb: the next would only queue more. */
const failsBadly = (s: StepResult) => s.overall.p99 > 5000 || s.overall.timeouts > s.overall.n * 0.02;
const AUTH_SECRET = "load-test-secret-of-thirty-two-characters-at-least";

export function stats(samples: Sample[]): Stats {
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    n: samples.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    timeouts: samples.filter((s) => s.timedOut).length,
    errors: samples.filter((s) => !s.timedOut && s.error && s.status === undefined).length,
    unexpected: samples.filter((s) => !s.timedOut && s.status !== undefined && !s.ok).length,
  };
}

/** Seeds DATA_DIR, or `databaseUrl`, in a child process (scripts/load/seed.ts) before any server opens it. */
export async function seedLoad(options: LoadOptions, dataDir: string, origin: string, databaseUrl?: string): Promise<LoadSeed> {
  const out = path.join(dataDir, "load-seed.json");
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, BASE_URL: origin, AUTH_SECRET, LOG_LEVEL: "warn", LOAD_OUT: out, LOAD_MEMBERS: String(options.members), LOAD_ACTIVE: String(options.active), LOAD_COACHES: String(options.coaches) };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/load/seed.ts"], { env, stdio: ["ignore", "inherit", "inherit"] });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`Seeding the load's data failed (exit code ${code})`);
  const seed = JSON.parse(fs.readFileSync(out, "utf8")) as LoadSeed;
  fs.rmSync(out);
  console.log(`  seeded ${seed.members} members (${seed.active} signing in, ${seed.coaches} coaches) in ${(seed.seedMs / 1000).toFixed(1)} s (two years of coaching ${(seed.coachingMs / 1000).toFixed(1)} s): ${Object.entries(seed.rows).map(([k, v]) => `${v} ${k.replace("_", "-")}`).join(", ")}`);
  return seed;
}

/** Holds each member's message stream open (SSE), as their open pages do; counts streams that end before `close`. */
function holdStreams(targets: Target[], cast: Cast) {
  const host = new URL(cast.origin).host;
  let closing = false;
  let dropped = 0;
  const requests = cast.members.map((cookie, i) => {
    const target = targets[i % targets.length]!;
    const req = http.get({ host: "127.0.0.1", port: target.port, path: "/members/messages/events", headers: { host, cookie, accept: "text/event-stream" } });
    const opened = new Promise<void>((resolve, reject) => {
      req.on("response", (res) => {
        if (res.statusCode !== 200) reject(new Error(`A member's message stream answered ${res.statusCode}`));
        res.resume();
        res.on("close", () => {
          if (!closing) dropped += 1;
        });
        resolve();
      });
      req.on("error", (error) => {
        if (!closing) dropped += 1;
        reject(error);
      });
    });
    return { req, opened };
  });
  return {
    opened: Promise.all(requests.map((r) => r.opened)),
    dropped: () => dropped,
    close: () => {
      closing = true;
      for (const r of requests) r.req.destroy();
    },
  };
}

async function signInAll(origin: string, emails: string[]): Promise<string[]> {
  const cookies: string[] = new Array(emails.length);
  let next = 0;
  // Two at a time: each sign-in derives a password key (about 0.2 s of the server's core).
  await Promise.all(
    [0, 1].map(async () => {
      while (next < emails.length) {
        const i = next++;
        cookies[i] = await signIn(origin, emails[i]!, BENCH_PASSWORD);
      }
    }),
  );
  return cookies;
}

/** Each page of the mix (and one set) requested one after another on the quiet server: p50 wall time and CPU per request. */
async function measureAtRest(target: Target, cast: Cast, meter: CpuMeter, requests: number): Promise<RestRow[]> {
  // The members in turn, as under load: one member's 23 messages in a row would meet the per-member limit (20 a minute).
  const plan = planner(cast);
  const pages: Array<{ page: string; next: () => Planned }> = KINDS.filter((k) => k !== "public page").map((kind) => ({ page: kind, next: () => plan(kind) }));
  for (const path of ["/", "/services", "/about", "/articles"]) {
    pages.push({ page: `public ${path}`, next: () => ({ kind: "public page", spec: { method: "GET", path, headers: { host: new URL(cast.origin).host, "accept-encoding": "gzip, br" } }, expect: [200] }) });
  }
  const rows: RestRow[] = [];
  for (const { page, next } of pages) {
    for (let i = 0; i < 3; i++) await fire(target, next(), performance.now());
    const before = meter.read();
    const samples: Sample[] = [];
    for (let i = 0; i < requests; i++) samples.push(await fire(target, next(), performance.now()));
    const after = meter.read();
    const bad = samples.find((s) => !s.ok);
    if (bad) throw new Error(`At rest, ${page} answered ${bad.error ?? bad.status}`);
    rows.push({ page, p50: stats(samples).p50, serverCpuMs: (after.server - before.server) / requests, databaseCpuMs: (after.database - before.database) / requests });
  }
  return rows;
}

async function runStep(options: { rate: number; seconds: number; targets: Target[]; plan: (kind: Kind) => Planned; kinds: Record<string, number>; meter: CpuMeter; streamsDropped: () => number; extra?: (t0: number) => Promise<Sample[]> }): Promise<{ step: StepResult; samples: Sample[] }> {
  const pick = mixPicker(options.kinds);
  const before = options.meter.read();
  const droppedBefore = options.streamsDropped();
  const generatorBefore = process.cpuUsage();
  const t0 = performance.now();
  const run = await runOpenLoop({ rate: options.rate, seconds: options.seconds, targets: options.targets, plan: () => options.plan(pick() as Kind), extra: options.extra });
  const wallMs = performance.now() - t0;
  const after = options.meter.read();
  const generator = process.cpuUsage(generatorBefore);
  const overall = stats(run.samples);
  const kinds: Partial<Record<string, Stats>> = {};
  for (const kind of new Set(run.samples.map((s) => s.kind))) kinds[kind] = stats(run.samples.filter((s) => s.kind === kind));
  const answered = run.samples.filter((s) => s.status !== undefined).length || 1;
  const good = run.samples.filter((s) => s.ok).length;
  const streamsDropped = options.streamsDropped() - droppedBefore;
  const step: StepResult = {
    rate: options.rate,
    sentPerSecond: run.sentPerSecond,
    goodPerSecond: good / options.seconds,
    overall,
    kinds,
    cpu: {
      serverMs: (after.server - before.server) / answered,
      databaseMs: (after.database - before.database) / answered,
      serverPercent: ((after.server - before.server) / wallMs) * 100,
      databasePercent: ((after.database - before.database) / wallMs) * 100,
      generatorPercent: (((generator.user + generator.system) / 1000) / wallMs) * 100,
    },
    lag: run.lag,
    streamsDropped,
    pass: overall.p99 <= P99_LIMIT_MS && overall.errors + overall.timeouts + overall.unexpected === 0 && streamsDropped === 0,
  };
  return { step, samples: run.samples };
}

/**
 * Waits (30 s at most) until the server side is nearly idle: requests the generator gave up
 * on (timed out) are still worked on by the server, and the next step would start behind them.
 */
async function settle(meter: CpuMeter): Promise<void> {
  const t0 = performance.now();
  while (performance.now() - t0 < 30_000) {
    const before = meter.read();
    await new Promise((r) => setTimeout(r, 500));
    const after = meter.read();
    if (after.server + after.database - before.server - before.database < 0.15 * 500) break;
  }
  const waited = performance.now() - t0;
  if (waited > 2000) console.log(`  (waited ${(waited / 1000).toFixed(1)} s for the server to finish the requests given up on)`);
}

export interface SetupContext {
  name: SetupName;
  options: LoadOptions;
  /** PostgreSQL: the database (a copy of the seeded one) the server processes use. */
  databaseUrl?: string;
  onStep?: (step: StepResult) => void;
}

export async function runSetup(context: SetupContext): Promise<SetupResult> {
  const { name, options } = context;
  const processes = name === "pg2" ? 2 : 1;
  const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
  const origin = `http://localhost:${ports[0]}`;
  const dataDir = newDataDir();
  const servers: ServerProcess[] = [];
  let streams: ReturnType<typeof holdStreams> | undefined;
  let restorePriority = () => {};
  try {
    const seed = context.databaseUrl ? undefined : await seedLoad(options, dataDir, origin);
    const env: Record<string, string> = { TRUST_PROXY: "true", AUTH_SECRET, BASE_URL: origin };
    if (context.databaseUrl) env.DATABASE_URL = context.databaseUrl;
    for (const port of ports) servers.push(await startServer({ dataDir, port, env }));
    const postmaster = context.databaseUrl ? await postmasterOf(context.databaseUrl) : null;
    const pinned = pin(name, servers, postmaster) + (options.nice ? `; the sessions of the servers, the generator and PostgreSQL at autogroup nice ${NICE}` : "");
    if (options.nice) restorePriority = renice([process.pid, ...(postmaster ? [postmaster] : [])]);
    console.log(`  pinned: ${pinned}`);
    const meter = cpuMeter(servers.map((s) => s.pid), postmaster);
    const targets = ports.map(newTarget);

    const t0 = performance.now();
    const members = await signInAll(origin, Array.from({ length: options.active }, (_, i) => memberEmail(i + 1)));
    const coaches = await signInAll(origin, Array.from({ length: options.coaches }, (_, i) => coachEmail(i + 1)));
    console.log(`  ${members.length} members and ${coaches.length} coaches signed in (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    const cast: Cast = { origin, members, coaches, allMembers: options.members };
    streams = holdStreams(targets, cast);
    await streams.opened;
    console.log(`  ${members.length} message streams open (${processes > 1 ? "spread over the processes" : "one each"})`);

    console.log(`  at rest: each page ${options.restRequests} times in a row (after 3 unmeasured)…`);
    const atRest = await measureAtRest(targets[0]!, cast, meter, options.restRequests);

    const plan = planner(cast);
    const dropped = streams.dropped;
    if (options.warmUpSeconds > 0) {
      console.log(`  warm-up: ${options.warmUpSeconds} s at ${options.rates[0]} req/s (not counted)`);
      await runStep({ rate: options.rates[0]!, seconds: options.warmUpSeconds, targets, plan, kinds: SHARES, meter, streamsDropped: dropped });
      await settle(meter);
    }
    const steps: StepResult[] = [];
    for (const rate of options.rates) {
      const { step } = await runStep({ rate, seconds: options.stepSeconds, targets, plan, kinds: SHARES, meter, streamsDropped: dropped });
      steps.push(step);
      context.onStep?.(step);
      await settle(meter);
      if (failsBadly(step)) {
        console.log(`  stopping the climb: ${rate} req/s failed badly (p99 ${(step.overall.p99 / 1000).toFixed(1)} s, ${step.overall.timeouts} timeouts)`);
        break;
      }
    }
    const highest = Math.max(0, ...steps.filter((s) => s.pass).map((s) => s.rate));

    let coachStage: SetupResult["coachStage"];
    if (options.coachStageSeconds > 0) {
      const memberRate = Math.max(10, Math.floor(highest / 2 / 10) * 10);
      console.log(`  /coach stage: ${coaches.length} coaches load /coach at the same moment every 2 s for ${options.coachStageSeconds} s while members train at ${memberRate} req/s (the mix without the coaches' kinds)…`);
      const memberKinds: Record<string, number> = Object.fromEntries(KINDS.filter((k) => !COACH_KINDS.includes(k)).map((k) => [k, SHARES[k]]));
      const host = new URL(origin).host;
      const bursts = (start: number) =>
        Promise.all(
          Array.from({ length: Math.floor(options.coachStageSeconds / 2) }, async (_, b) => {
            await new Promise((r) => setTimeout(r, Math.max(0, start + b * 2000 - performance.now())));
            const due = performance.now();
            return Promise.all(coaches.map((cookie, c) => fire(targets[c % targets.length]!, { kind: "/coach (5 at once)", spec: { method: "GET", path: "/coach", headers: { host, cookie, "accept-encoding": "gzip, br" } }, expect: [200] }, due)));
          }),
        ).then((all) => all.flat());
      const { samples } = await runStep({ rate: memberRate, seconds: options.coachStageSeconds, targets, plan, kinds: memberKinds, meter, streamsDropped: dropped, extra: bursts });
      coachStage = { memberRate, coach: stats(samples.filter((s) => s.kind === "/coach (5 at once)")), members: stats(samples.filter((s) => s.kind !== "/coach (5 at once)")) };
    }
    await settle(meter);
    console.log(`  at rest again, warm: each page ${options.restRequests} times in a row…`);
    const atRestWarm = await measureAtRest(targets[0]!, cast, meter, options.restRequests);
    const streamsDropped = streams.dropped();
    if (streamsDropped) console.log(`  ${streamsDropped} message streams ended during the run`);
    for (const target of targets) target.agent.destroy();
    return { name, label: SETUP_LABELS[name], pinned, seed, atRest, atRestWarm, steps, highest, coachStage };
  } finally {
    restorePriority();
    streams?.close();
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const NICE = -10;

/**
 * Puts the sessions of these processes ahead of the machine's other work. Linux schedules
 * each session (autogroup) fairly against the others whatever its processes' own nice
 * values, so a process's nice alone changes nothing against another session's work: the
 * session's autogroup nice is what counts (the generator's session holds the servers it
 * started; PostgreSQL's postmaster runs in a session of its own).
 */
function renice(pids: number[]): () => void {
  const before = pids.map((pid) => {
    const file = `/proc/${pid}/autogroup`;
    try {
      const previous = /nice (-?\d+)/.exec(fs.readFileSync(file, "utf8"))?.[1] ?? "0";
      fs.writeFileSync(file, String(NICE));
      return { file, previous };
    } catch (error) {
      throw new Error(`Could not raise the priority of process ${pid}'s session (--nice needs root and autogroup scheduling): ${String(error)}`);
    }
  });
  // The session outlives the run (the shell that started it): its priority goes back as it was.
  return () => {
    for (const { file, previous } of before) {
      try {
        fs.writeFileSync(file, previous);
      } catch {
        // the process has gone, and its session's priority with it
      }
    }
  };
}

/**
 * The server on core 0 and the generator on core 1 (PostgreSQL's cluster beside the
 * server on core 0: one core for the whole server side); two processes: one on each core,
 * the cluster and the generator on both (decision 0151).
 */
function pin(name: SetupName, servers: ServerProcess[], postmaster: number | null): string {
  if (os.cpus().length < 2) return "nothing (one core)";
  const cluster = (cpus: string) => {
    if (!postmaster) return;
    for (const pid of [postmaster, ...childrenOf(postmaster)]) pinToCpus(pid, cpus);
  };
  if (name === "pg2") {
    pinToCpus(servers[0]!.pid, "0");
    pinToCpus(servers[1]!.pid, "1");
    cluster("0-1");
    pinToCpus(process.pid, "0-1");
    return "server processes on cores 0 and 1, PostgreSQL's cluster and the load generator on both";
  }
  pinToCpus(servers[0]!.pid, "0");
  cluster("0");
  pinToCpus(process.pid, "1");
  return name === "pg1" ? "server process and PostgreSQL's cluster on core 0, the load generator on core 1" : "server process on core 0, the load generator on core 1";
}
