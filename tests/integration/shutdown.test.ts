/**
 * Graceful shutdown under load: the built server gets SIGTERM while 20 clients on
 * keep-alive connections ask for pages and send applications. Every request sent before
 * the signal is answered in full, the process exits 0, the database is closed cleanly,
 * and every application that was answered is stored. Needs `npm run build` first.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { like } from "drizzle-orm";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { contactSubmission } from "~/db/schema/contacts";
import { validApplication } from "~/modules/contacts/intake.fixture";
import { runLoad, type RequestSpec } from "../../scripts/reliability/load";
import { clientAddress, killIfRunning, PG_SHUT_DOWN, pgControlState, startServer, type ServerProcess } from "../../scripts/reliability/server";
import { seedDataDirFromTemplate } from "../support/migrated-database";

const onPglite = !process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-shutdown-"));
// Migrated already (a copy of the suite's template): what is tested is the drain and the clean
// close, not a first start (server-process.test.ts has that: initdb and every migration).
seedDataDirFromTemplate(dataDir);
const pages = ["/", "/about", "/services", "/contact", "/articles", "/transformations"];
let server: ServerProcess | undefined;

afterAll(async () => {
  await killIfRunning(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Backends on the database other than the one asking. */
async function otherSessions(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

it("SIGTERM under load: every request sent before it is answered, exit 0, the database closed cleanly", { timeout: 180_000 }, async () => {
  // The per-file PostgreSQL database (tests/setup) on PostgreSQL, a migrated DATA_DIR of its own on PGlite.
  const databaseUrl = process.env.DATABASE_URL ?? "";
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, TRUST_PROXY: "true" };
  const othersBefore = onPglite ? [] : await otherSessions(databaseUrl);
  server = await startServer(env);
  const { port, baseUrl } = server;
  const run = crypto.randomBytes(4).toString("hex");

  const next = (n: number): RequestSpec => {
    if (n % 5 !== 4) return { method: "GET", path: pages[n % pages.length]! };
    const tag = `shutdown-${run}-${n}`;
    return {
      method: "POST",
      path: "/contact",
      tag,
      headers: { "content-type": "application/json", origin: baseUrl, "x-forwarded-for": clientAddress(n) },
      body: JSON.stringify({ ...validApplication, lastName: "Shutdown", email: `${tag}@shutdown.test` }),
    };
  };

  const load = runLoad(port, 20, next);
  await load.reached(150);
  const signalAt = performance.now();
  server.child.kill("SIGTERM");
  const exitCode = await server.exited;
  const exitedAt = performance.now();
  await load.stop();

  const before = load.outcomes.filter((o) => o.sentAt < signalAt);
  const after = load.outcomes.filter((o) => o.sentAt >= signalAt);
  const failedBefore = before.filter((o) => o.error || o.status !== 200);
  const servedAfter = after.filter((o) => !o.error && o.status === 200);
  // After the signal a new connection is refused, and one the server closed (after its
  // last answer, or idle) may be reset before any answer: clients retry those. An answer
  // that was started must never be cut, nor any request answered with an error.
  const refusedAfter = after.filter((o) => o.error === "ECONNREFUSED");
  const resetAfter = after.filter((o) => o.error && o.error !== "ECONNREFUSED" && o.error !== "cut" && o.status === undefined);
  const failedAfter = after.filter((o) => !servedAfter.includes(o) && !refusedAfter.includes(o) && !resetAfter.includes(o));
  console.log(
    `shutdown under load: ${before.length} requests sent before SIGTERM, ${failedBefore.length} failed; after it ${servedAfter.length} served, ` +
      `${refusedAfter.length} refused, ${resetAfter.length} reset before an answer, ${failedAfter.length} failed; exit ${exitCode} ` +
      `${Math.round(exitedAt - signalAt)} ms after SIGTERM`,
  );

  expect(exitCode, server.output()).toBe(0);
  expect(server.output()).toContain("SIGTERM received");
  // Drained by itself, not cut off by the 10-second last resort.
  expect(server.output()).not.toContain("still open after");
  expect(before.length).toBeGreaterThanOrEqual(150);
  expect(failedBefore).toEqual([]);
  expect(failedAfter).toEqual([]);

  const answered = load.outcomes.filter((o) => o.tag && o.status === 200 && !o.error).map((o) => `${o.tag}@shutdown.test`);
  expect(answered.length).toBeGreaterThan(0);
  if (onPglite) {
    expect(pgControlState(dataDir), "PGlite was shut down cleanly (pg_control)").toBe(PG_SHUT_DOWN);
    expect(fs.existsSync(path.join(dataDir, "db.lock")), "the DATA_DIR lock is released").toBe(false);
  } else {
    // The pool was closed: no session of the server's is left on its database (a backend
    // may take a moment to go after its client said goodbye).
    await expect.poll(async () => (await otherSessions(databaseUrl)).filter((pid) => !othersBefore.includes(pid)), { timeout: 10_000 }).toEqual([]);
  }
  // The same data opens again (on PGlite: lock taken, no recovery needed), with every answered application in it.
  const database = await openDatabase(onPglite ? { kind: "pglite", dataDir } : { kind: "postgres", url: databaseUrl, max: 1 });
  try {
    const stored = await database.db.select({ email: contactSubmission.email }).from(contactSubmission).where(like(contactSubmission.email, `shutdown-${run}-%`));
    const storedEmails = new Set(stored.map((row) => row.email));
    expect(answered.filter((email) => !storedEmails.has(email))).toEqual([]);
    // A write without an answer was never taken in: one stored anyway was cut after its commit.
    const unanswered = load.outcomes.filter((o) => o.tag && o.status === undefined).map((o) => `${o.tag}@shutdown.test`);
    expect(unanswered.filter((email) => storedEmails.has(email))).toEqual([]);
  } finally {
    await database.close();
  }
});
