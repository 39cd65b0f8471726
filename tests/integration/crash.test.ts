/**
 * Crash test (scripts/reliability/crash.ts, 1,000 writes by default; 500 here: 200-300 acknowledged
 * before the kill and 8 in flight prove the same as 400-600): writes over HTTP at the built server,
 * SIGKILL mid-way, restart on the same data: every acknowledged write is there. On PGlite
 * in a DATA_DIR of its own, migrated already; on PostgreSQL in this file's own database (tests/setup).
 * Needs `npm run build` first.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { runCrash } from "../../scripts/reliability/crash";
import { PG_IN_PRODUCTION } from "../../scripts/reliability/server";
import { seedDataDirFromTemplate } from "../support/migrated-database";

const WRITES = 500;
const CONCURRENCY = 8;
const onPglite = !process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-crash-"));
// Already migrated (a copy of the suite's template): what is tested is the kill and the
// restart, not a first start (server-process.test.ts has that), which costs 8-12 s of CPU.
seedDataDirFromTemplate(dataDir);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it(`every write acknowledged before a SIGKILL is there after the restart (${WRITES} writes, ${onPglite ? "PGlite" : "PostgreSQL"})`, { timeout: 300_000 }, async () => {
  const report = await runCrash({ dataDir, databaseUrl: process.env.DATABASE_URL, writes: WRITES, concurrency: CONCURRENCY });
  console.log(
    `crash on ${report.database}: ${report.acknowledgedBeforeKill} acknowledged before the kill, ${report.unanswered} unanswered ` +
      `(${report.unansweredFound} of them stored anyway), ${report.acknowledgedAfterRestart} after the restart; ` +
      `${report.found} of ${report.acknowledgedBeforeKill + report.acknowledgedAfterRestart} acknowledged found, in ${report.seconds} s`,
  );

  expect(report.failures).toEqual([]);
  // The kill came mid-way (at 40-60 %, later only if the second opener was slow to finish)…
  expect(report.acknowledgedBeforeKill).toBeGreaterThanOrEqual(WRITES * 0.4);
  expect(report.acknowledgedBeforeKill).toBeLessThanOrEqual(WRITES * 0.9);
  expect(report.unanswered).toBeLessThanOrEqual(CONCURRENCY);
  // …every write was sent once, and got an answer unless the kill took it…
  expect(report.acknowledgedBeforeKill + report.unanswered + report.acknowledgedAfterRestart).toBe(WRITES);
  // …and every acknowledged one is stored.
  expect(report.missing).toEqual([]);
  expect(report.found).toBe(report.acknowledgedBeforeKill + report.acknowledgedAfterRestart);
  expect(report.finalExitCode).toBe(0);

  if (onPglite) {
    // The kill left the embedded cluster unclosed: the restart had to recover from its log.
    expect(report.stateAfterKill).toBe(PG_IN_PRODUCTION);
    // A second process on the running server's DATA_DIR (user:create, under load) was refused
    // plainly (the second-server case is in server-process.test.ts).
    expect(report.secondOpener?.code).toBe(1);
    expect(report.secondOpener?.output).toContain("is in use by another Relentless process");
    expect(report.secondOpener?.output).not.toMatch(/\n[ \t]+at .+:\d+:\d+/);
  }
});
