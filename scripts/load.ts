/**
 * npm run load — issue 49's gym evening as an open-loop load (decision 0150): requests
 * start on a fixed schedule whatever the answers' latency, latency counted from the
 * scheduled start, over the mix of scripts/load/mix.ts (50 members logging sets through
 * the offline queue's /sync, opening their workout, dashboard and other pages, posting
 * messages and check-ins, all holding their message stream open; two coaches on /coach and
 * a member's page; visitors on the public pages), at a climbing rate (default 20, 40, 60,
 * then steps of 10 to 120 req/s, where one process's limit lies, so that a highest rate and
 * the 2 ÷ 1 ratio are not off by a coarse step, then 140 to 200 for two processes; 20 s a
 * step after a warm-up; the climb stops after a step that fails badly).
 *
 * Three set-ups in one run, each on a freshly seeded database (scripts/load/seed.ts: 300
 * members with two years of coaching, 50 of them active): PGlite with one server process;
 * PostgreSQL (a throwaway cluster, scripts/with-postgres.sh) with one process, and with two
 * processes on two cores, the generator spreading its requests over them as an L4 balancer
 * would (decision 0151). Before the load, each page's server time at rest just after the
 * start. After the climb, 5 coaches on /coach at once while members train, then each page
 * at rest again, warm: its own cost, against issue 49's goal (a set 5 ms, a page 15). Prints tables; `--json out.json` writes
 * every figure. Needs `npm run build` first. About 12-15 minutes.
 *
 *   --only pglite|pg1|pg2[,…]   some of the set-ups
 *   --rates 40,60,80            the rate steps (req/s)
 *   --step-seconds N            seconds per step (default 20); --warmup-seconds N (10)
 *   --rest N                    requests per page at rest (20); --coach-seconds N (20, 0: no /coach stage)
 *   --nice                      the sessions of the servers, the generator and PostgreSQL at autogroup nice -10: ahead of a shared machine's other work, which it slows (root)
 *   --quick                     60 members (10 active), steps 10 and 20 req/s of 8 s: a look in about 2 minutes
 *   --json out.json             the figures as JSON
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { newDataDir } from "./bench/serve";
import { printSetup, stepLine, summaryTable } from "./load/report";
import { runSetup, seedLoad, SETUP_LABELS, type LoadOptions, type SetupName, type SetupResult } from "./load/setup";

const SETUPS: SetupName[] = ["pglite", "pg1", "pg2"];

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

function options(): LoadOptions {
  const quick = process.argv.includes("--quick");
  const number = (name: string, fallback: number) => {
    const raw = argument(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${name} takes a number, not ${raw}`);
    return n;
  };
  const rates = argument("--rates")?.split(",").map(Number) ?? (quick ? [10, 20] : [20, 40, 60, 70, 80, 90, 100, 110, 120, 140, 160, 180, 200]);
  if (rates.some((r) => !(r > 0))) throw new Error(`--rates takes rates in req/s separated by commas`);
  return {
    members: quick ? 60 : 300,
    active: quick ? 10 : 50,
    coaches: 5,
    rates,
    stepSeconds: number("--step-seconds", quick ? 8 : 20),
    warmUpSeconds: number("--warmup-seconds", quick ? 3 : 10),
    restRequests: number("--rest", quick ? 5 : 20),
    coachStageSeconds: number("--coach-seconds", quick ? 6 : 20),
    nice: process.argv.includes("--nice"),
  };
}

function setupsToRun(): SetupName[] {
  const only = argument("--only");
  if (!only) return SETUPS;
  const names = only.split(",");
  for (const name of names) if (!SETUPS.includes(name as SetupName)) throw new Error(`--only takes ${SETUPS.join(", ")} (or several, with commas), not ${name}`);
  return SETUPS.filter((s) => names.includes(s));
}

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
const databaseUrl = (base: string, database: string) => {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
};

async function runOne(name: SetupName, opts: LoadOptions, url?: string): Promise<SetupResult> {
  console.log(`\n== ${SETUP_LABELS[name]}`);
  const result = await runSetup({ name, options: opts, databaseUrl: url, onStep: (step) => console.log(stepLine(step, name !== "pglite")) });
  printSetup(result);
  return result;
}

/** The PostgreSQL set-ups on DATABASE_URL's cluster: seeded once, each set-up on its own copy of the seeded database. */
async function runPostgres(names: SetupName[], opts: LoadOptions): Promise<SetupResult[]> {
  const base = process.env.DATABASE_URL!;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    console.log("\n== PostgreSQL: seeding once, each set-up on a copy");
    await admin.query("create database load_seed");
    const dir = newDataDir();
    const seed = await seedLoad(opts, dir, "http://localhost:3000", databaseUrl(base, "load_seed"));
    fs.rmSync(dir, { recursive: true, force: true });
    const results: SetupResult[] = [];
    for (const name of names) {
      await admin.query(`create database load_${name} template load_seed strategy file_copy`);
      results.push({ ...(await runOne(name, opts, databaseUrl(base, `load_${name}`))), seed });
    }
    return results;
  } finally {
    await admin.end();
  }
}

/** The PostgreSQL set-ups in a child process under scripts/with-postgres.sh (its own throwaway cluster). */
async function runPostgresInChild(names: SetupName[]): Promise<SetupResult[]> {
  const out = path.join(os.tmpdir(), `relentless-load-${process.pid}.json`);
  const forwarded = process.argv.slice(2).filter((_, i, all) => !["--only", "--json"].includes(all[i]!) && !["--only", "--json"].includes(all[i - 1]!));
  const child = spawn("bash", ["scripts/with-postgres.sh", process.execPath, "--import", "tsx", "scripts/load.ts", ...forwarded, "--only", names.join(","), "--pg-child", out], { stdio: "inherit" });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0 || !fs.existsSync(out)) throw new Error(`The PostgreSQL set-ups failed (exit code ${code})`);
  const results = JSON.parse(fs.readFileSync(out, "utf8")) as SetupResult[];
  fs.rmSync(out);
  return results;
}

async function main() {
  const opts = options();
  const names = setupsToRun();
  const pgChildOut = argument("--pg-child");
  if (pgChildOut) {
    fs.writeFileSync(pgChildOut, JSON.stringify(await runPostgres(names, opts)));
    return 0;
  }
  const started = new Date();
  const before = loadAverage();
  console.log(`Load test (open loop) — ${started.toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load average ${before}`);
  console.log(`Set-ups: ${names.map((n) => SETUP_LABELS[n]).join("; ")}. Rates ${opts.rates.join(", ")} req/s, ${opts.stepSeconds} s each after ${opts.warmUpSeconds} s of warm-up; ${opts.members} members, ${opts.active} active, ${opts.coaches} coaches${opts.nice ? "; at nice -10" : ""}`);
  const results: SetupResult[] = [];
  if (names.includes("pglite")) results.push(await runOne("pglite", opts));
  const pgNames = names.filter((n) => n !== "pglite");
  if (pgNames.length) results.push(...(process.env.DATABASE_URL ? await runPostgres(pgNames, opts) : await runPostgresInChild(pgNames)));

  console.log(`\n== Summary (${started.toISOString()}; load average before ${before}, after ${loadAverage()})`);
  console.log(summaryTable(results));
  const one = results.find((r) => r.name === "pg1");
  const two = results.find((r) => r.name === "pg2");
  const ratio = one?.highest && two?.highest ? two.highest / one.highest : null;
  if (one && two) console.log(`  PostgreSQL, 2 processes ÷ 1 process (highest rates): ${ratio === null ? `not measured (${one.highest ? "2 processes" : "1 process"} held no step)` : `${ratio.toFixed(2)} ×`} (target ≥ 1.7 ×)`);
  const json = argument("--json");
  if (json) {
    fs.writeFileSync(json, JSON.stringify({ started: started.toISOString(), cpus: os.cpus().length, loadAverage: { before, after: loadAverage() }, options: opts, results, pgRatio: ratio }, null, 2));
    console.log(`  figures written to ${json}`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
