/**
 * The job store and its runner on the real database: each job runs once however many
 * processes claim, survives a dead process (lease), retries with backoff, honours keys,
 * deadlines and schedules, exists only if its transaction committed, and a stopped
 * worker finishes its job and claims no other. On PostgreSQL the claims really race.
 * @test-database both
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z, ZodError } from "zod";
import { getDatabase, getDb, openDatabase, type Database, type Db } from "~/db/client.server";
import { job } from "~/db/schema/jobs";
import { createJobRunner } from "./job-runner.server";
import { claimNextJob, defineJob, defineRecurringJob, enqueueJob, enqueueJobs, everyDayAt, everyHour, finishJob, JOBS_CHANNEL, KEEP_FINISHED_MS, pruneJobsJob } from "./jobs.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = new Date("2030-03-04T10:20:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A kind that counts its runs per payload number; `fail` makes a run throw. */
function countingJob(kind: string, options: { fail?: (n: number, attempt: number) => boolean; maxAttempts?: number; staleAfterMs?: number } = {}) {
  const runs = new Map<number, number>();
  const definition = defineJob({
    kind,
    payload: z.object({ n: z.number().int() }),
    maxAttempts: options.maxAttempts ?? 3,
    retryDelayMs: (attempt) => attempt * 10 * MINUTE,
    staleAfterMs: options.staleAfterMs,
    run: async ({ n }, { attempt }) => {
      runs.set(n, (runs.get(n) ?? 0) + 1);
      if (options.fail?.(n, attempt)) throw new Error(`run ${n} failed on attempt ${attempt}`);
    },
  });
  return { definition, runs };
}

const rowsOf = (kind: string) => getDb().select().from(job).where(eq(job.kind, kind)).orderBy(job.runAt, job.createdAt);

beforeEach(async () => {
  await getDb().delete(job);
});

describe("enqueueing", () => {
  it("exists only if the caller's transaction committed", async () => {
    const { definition } = countingJob("test.tx");
    await expect(
      getDb().transaction(async (tx) => {
        await enqueueJob(tx, definition, { n: 1 }, { runAt: T0 });
        throw new Error("the write it follows from failed");
      }),
    ).rejects.toThrow("the write it follows from failed");
    expect(await rowsOf("test.tx")).toEqual([]);
    await getDb().transaction((tx) => enqueueJob(tx, definition, { n: 2 }, { runAt: T0 }));
    expect(await rowsOf("test.tx")).toEqual([expect.objectContaining({ payload: { n: 2 }, status: "pending", attempts: 0 })]);
  });

  it("refuses a payload its kind does not accept, and fails one stored in another shape without retrying it", async () => {
    const { definition, runs } = countingJob("test.payload");
    await expect(enqueueJob(getDb(), definition, { n: "one" } as never)).rejects.toThrow(ZodError);
    expect(await rowsOf("test.payload")).toEqual([]);
    // As an older version might have written it.
    await getDb().insert(job).values({ id: "old-shape", kind: "test.payload", payload: { count: 1 }, runAt: T0 });
    expect(await createJobRunner([definition]).runDueJobs({ now: T0 })).toEqual([{ id: "old-shape", kind: "test.payload", attempt: 1, status: "failed" }]);
    expect(runs.size).toBe(0);
    expect((await rowsOf("test.payload"))[0]!.lastError).toMatch(/^Invalid payload/);
  });

  it("makes one job per key: a second enqueue does nothing, before the first ran and after", async () => {
    const { definition, runs } = countingJob("test.key");
    const runner = createJobRunner([definition]);
    const key = "conversation-7@2030-03-04T10";
    expect(await enqueueJob(getDb(), definition, { n: 1 }, { runAt: T0, key })).toEqual(expect.any(String));
    expect(await enqueueJob(getDb(), definition, { n: 2 }, { runAt: T0, key })).toBeNull();
    await runner.runDueJobs({ now: T0 });
    expect(await enqueueJob(getDb(), definition, { n: 3 }, { runAt: T0, key })).toBeNull();
    await runner.runDueJobs({ now: at(MINUTE) });
    expect([...runs]).toEqual([[1, 1]]);
    // Another key is another job.
    expect(await enqueueJob(getDb(), definition, { n: 4 }, { runAt: T0, key: "conversation-7@2030-03-04T11" })).toEqual(expect.any(String));
  });

  it("adds many at once: one row each, a key already taken left out, a payload refused refuses them all", async () => {
    const { definition, runs } = countingJob("test.many");
    await enqueueJob(getDb(), definition, { n: 0 }, { runAt: T0, key: "member-2" });
    const ids = await getDb().transaction((tx) =>
      enqueueJobs(tx, definition, [1, 2, 3].map((n) => ({ payload: { n }, runAt: T0, key: `member-${n}` }))),
    );
    expect(ids).toHaveLength(2);
    expect((await rowsOf("test.many")).map((row) => row.key).sort()).toEqual(["member-1", "member-2", "member-3"]);
    await expect(enqueueJobs(getDb(), definition, [{ payload: { n: 4 } }, { payload: { n: "five" } as never }])).rejects.toThrow(ZodError);
    expect(await rowsOf("test.many")).toHaveLength(3);
    await createJobRunner([definition]).runDueJobs({ now: T0 });
    expect([...runs].sort()).toEqual([[0, 1], [1, 1], [3, 1]]);
  });
});

describe("running due jobs", () => {
  it("runs a delayed job at its time, not before, and leaves kinds it does not know alone", async () => {
    const { definition, runs } = countingJob("test.delayed");
    const runner = createJobRunner([definition]);
    await enqueueJob(getDb(), definition, { n: 1 }, { runAt: at(HOUR) });
    await getDb().insert(job).values({ id: "newer-version", kind: "test.unknown", payload: {}, runAt: T0 });
    expect(await runner.runDueJobs({ now: at(HOUR - 1) })).toEqual([]);
    expect(await runner.runDueJobs({ now: at(HOUR) })).toMatchObject([{ kind: "test.delayed", status: "done" }]);
    expect(runs.get(1)).toBe(1);
    expect(await rowsOf("test.unknown")).toEqual([expect.objectContaining({ status: "pending", attempts: 0 })]);
  });

  it("retries a failing job after its backoff and gives up after its last attempt", async () => {
    const { definition, runs } = countingJob("test.retry", { fail: () => true, maxAttempts: 3 });
    const runner = createJobRunner([definition]);
    await enqueueJob(getDb(), definition, { n: 1 }, { runAt: T0 });
    expect(await runner.runDueJobs({ now: T0 })).toMatchObject([{ attempt: 1, status: "pending" }]);
    // Backoff: 10 minutes after the first failure, 20 after the second.
    expect(await runner.runDueJobs({ now: at(10 * MINUTE - 1) })).toEqual([]);
    expect(await runner.runDueJobs({ now: at(10 * MINUTE) })).toMatchObject([{ attempt: 2, status: "pending" }]);
    expect(await runner.runDueJobs({ now: at(30 * MINUTE - 1) })).toEqual([]);
    expect(await runner.runDueJobs({ now: at(30 * MINUTE) })).toMatchObject([{ attempt: 3, status: "failed" }]);
    expect(await runner.runDueJobs({ now: at(30 * HOUR) })).toEqual([]);
    expect(runs.get(1)).toBe(3);
    expect(await rowsOf("test.retry")).toEqual([
      expect.objectContaining({ status: "failed", attempts: 3, lastError: "run 1 failed on attempt 3", finishedAt: at(30 * MINUTE), claimToken: null }),
    ]);
  });

  it("skips a job that is too late to matter, and runs one that is late but not too late", async () => {
    const { definition, runs } = countingJob("test.reminder", { staleAfterMs: HOUR });
    const runner = createJobRunner([definition]);
    // Both due at T0 while the server was down; it starts again at T0 + 59 min, or at T0 + 2 h.
    await enqueueJob(getDb(), definition, { n: 1 }, { runAt: T0 });
    expect(await runner.runDueJobs({ now: at(59 * MINUTE) })).toMatchObject([{ status: "done" }]);
    await enqueueJob(getDb(), definition, { n: 2 }, { runAt: T0 });
    // A deadline of its own, earlier than the kind's.
    await enqueueJob(getDb(), definition, { n: 3 }, { runAt: at(-HOUR), staleAt: T0 });
    expect(await runner.runDueJobs({ now: at(2 * HOUR) })).toMatchObject([{ status: "skipped" }, { status: "skipped" }]);
    expect([...runs]).toEqual([[1, 1]]);
    expect((await rowsOf("test.reminder")).map((r) => r.status).sort()).toEqual(["done", "skipped", "skipped"]);
  });

  it("runs a job again once the lease of a process that died with it has ended, and that claim can no longer end it", async () => {
    const { definition, runs } = countingJob("test.lease");
    const runner = createJobRunner([definition]);
    await enqueueJob(getDb(), definition, { n: 1 }, { runAt: T0 });
    // A process claims it and dies before ending it.
    const dead = await claimNextJob(getDb(), { [definition.kind]: definition.leaseMs }, T0);
    expect(dead).toMatchObject({ status: "running", attempts: 1 });
    expect(await runner.runDueJobs({ now: at(definition.leaseMs - 1) })).toEqual([]);
    expect(await runner.runDueJobs({ now: at(definition.leaseMs) })).toMatchObject([{ attempt: 2, status: "done" }]);
    expect(runs.get(1)).toBe(1);
    expect(await finishJob(getDb(), dead!, { status: "failed", error: "too late" }, at(HOUR))).toBe(false);
    expect(await rowsOf("test.lease")).toEqual([expect.objectContaining({ status: "done", attempts: 2, lastError: null })]);
  });

  it("gives up on a job whose process died on its last attempt, without running it again", async () => {
    const { definition, runs } = countingJob("test.last-lease", { maxAttempts: 1 });
    await enqueueJob(getDb(), definition, { n: 1 }, { runAt: T0 });
    await claimNextJob(getDb(), { [definition.kind]: definition.leaseMs }, T0);
    expect(await createJobRunner([definition]).runDueJobs({ now: at(HOUR) })).toMatchObject([{ attempt: 2, status: "failed" }]);
    expect(runs.size).toBe(0);
  });

  it("prunes finished jobs nightly once they are older than the keeping time, never unfinished ones", async () => {
    const { definition } = countingJob("test.prune");
    const runner = createJobRunner([definition, pruneJobsJob]);
    await enqueueJob(getDb(), definition, { n: 1 }, { runAt: T0 });
    await enqueueJob(getDb(), definition, { n: 2 }, { runAt: at(KEEP_FINISHED_MS * 2) });
    // n = 1 finishes at T0; the prunes that run before it is old enough keep it.
    await runner.runDueJobs({ now: T0 });
    expect(await runner.runDueJobs({ now: at(KEEP_FINISHED_MS - HOUR) })).toMatchObject([{ kind: "jobs.prune", status: "done" }]);
    expect((await rowsOf("test.prune")).map((r) => r.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await runner.runDueJobs({ now: at(KEEP_FINISHED_MS + 24 * HOUR) })).toMatchObject([{ kind: "jobs.prune", status: "done" }]);
    expect((await rowsOf("test.prune")).map((r) => r.payload)).toEqual([{ n: 2 }]);
  });
});

describe("recurring jobs", () => {
  it("are enqueued once for their next run by every process, and run once when a server was down for days", async () => {
    let runs = 0;
    const hourly = defineRecurringJob({ kind: "test.hourly", repeat: everyHour, run: async () => void (runs += 1) });
    // Two processes, each with its runner.
    const [a, b] = [createJobRunner([hourly]), createJobRunner([hourly])];
    await Promise.all([a.runDueJobs({ now: T0 }), b.runDueJobs({ now: T0 })]);
    expect(await rowsOf("test.hourly")).toEqual([expect.objectContaining({ runAt: new Date("2030-03-04T11:00:00Z"), key: "test.hourly@2030-03-04T11:00:00.000Z", status: "pending" })]);

    await Promise.all([a.runDueJobs({ now: at(40 * MINUTE) }), b.runDueJobs({ now: at(40 * MINUTE) })]);
    expect(runs).toBe(1);
    // Down from just after 11:00 until three days later: the 12:00 run happens once, late; the next is at 12:00 that day.
    await Promise.all([a.runDueJobs({ now: at(3 * 24 * HOUR + 40 * MINUTE) }), b.runDueJobs({ now: at(3 * 24 * HOUR + 40 * MINUTE) })]);
    expect(runs).toBe(2);
    expect((await rowsOf("test.hourly")).map((r) => [r.runAt.toISOString(), r.status])).toEqual([
      ["2030-03-04T11:00:00.000Z", "done"],
      ["2030-03-04T12:00:00.000Z", "done"],
      ["2030-03-07T12:00:00.000Z", "pending"],
    ]);
  });

  it("run daily at their time of day", async () => {
    const nightly = everyDayAt(3, 30);
    expect(await nightly.next(new Date("2030-03-04T03:29:59Z"))).toEqual(new Date("2030-03-04T03:30:00Z"));
    expect(await nightly.next(new Date("2030-03-04T03:30:00Z"))).toEqual(new Date("2030-03-05T03:30:00Z"));
    expect(await everyHour.next(new Date("2030-03-04T23:00:00Z"))).toEqual(new Date("2030-03-05T00:00:00Z"));
  });
});

describe("several processes", () => {
  let other: Database;
  let otherDb: Db;
  beforeAll(async () => {
    other = await secondDatabase();
    otherDb = other.db;
  });

  it("run each job exactly once however many claim at the same moment", async () => {
    const { definition, runs } = countingJob("test.race");
    for (let n = 0; n < 40; n += 1) await enqueueJob(getDb(), definition, { n }, { runAt: T0 });
    const runner = createJobRunner([definition]);
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => runner.runDueJobs({ now: T0, db: i % 2 ? otherDb : getDb() })));
    expect(outcomes.flat()).toHaveLength(40);
    expect([...runs.values()].filter((count) => count !== 1)).toEqual([]);
    expect(runs.size).toBe(40);
    expect((await rowsOf("test.race")).every((r) => r.status === "done" && r.attempts === 1)).toBe(true);
  });

  it("two worker loops on their own connections run each job once", async () => {
    const all = deferred();
    const runs = new Map<number, number>();
    const definition = defineJob({
      kind: "test.workers",
      payload: z.object({ n: z.number() }),
      run: async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        if (runs.size === 60) all.resolve();
      },
    });
    // Workers run on the real clock.
    for (let n = 0; n < 60; n += 1) await enqueueJob(getDb(), definition, { n }, { runAt: new Date(Date.now() - HOUR) });
    const workers = [createJobRunner([definition]).startWorker(), createJobRunner([definition]).startWorker({ database: other })];
    await all.promise;
    await Promise.all(workers.map((w) => w.stop()));
    expect([...runs.values()].filter((count) => count !== 1)).toEqual([]);
    expect((await rowsOf("test.workers")).filter((r) => r.status !== "done")).toEqual([]);
  });
});

describe("stopping the worker", () => {
  it("finishes the job under way, claims no other, and resolves after it", async () => {
    const order: string[] = [];
    const started = deferred();
    const gate = deferred();
    const definition = defineJob({
      kind: "test.shutdown",
      payload: z.object({ n: z.number() }),
      run: async ({ n }) => {
        order.push(`start ${n}`);
        started.resolve();
        await gate.promise;
        order.push(`end ${n}`);
      },
    });
    await enqueueJob(getDb(), definition, { n: 1 }, { runAt: new Date(Date.now() - 2 * HOUR) });
    await enqueueJob(getDb(), definition, { n: 2 }, { runAt: new Date(Date.now() - HOUR) });
    const worker = createJobRunner([definition]).startWorker({ idleMs: HOUR });
    await started.promise;
    const stopped = worker.stop().then(() => order.push("stopped"));
    gate.resolve();
    await stopped;
    expect(order).toEqual(["start 1", "end 1", "stopped"]);
    expect((await rowsOf("test.shutdown")).map((r) => [r.payload, r.status, r.attempts])).toEqual([
      [{ n: 1 }, "done", 1],
      [{ n: 2 }, "pending", 0],
    ]);
  });
});

describe("waking the worker", () => {
  /** A worker whose look on the clock would come only in an hour: whatever runs sooner was woken. */
  function sleepyWorker(database: Database) {
    const { definition, runs } = countingJob("test.wake");
    const worker = createJobRunner([definition]).startWorker({ database, idleMs: HOUR });
    return { definition, runs, worker };
  }

  it("runs a job at once when the transaction that enqueued it commits, from another connection too", async () => {
    const { definition, runs, worker } = sleepyWorker(getDatabase());
    // On PostgreSQL the worker listens on its own connection and the enqueue comes through another pool.
    const elsewhere = createJobRunner([definition]).startWorker({ database: await secondDatabase(), idleMs: HOUR });
    try {
      await getDb().transaction((tx) => enqueueJob(tx, definition, { n: 1 }));
      await expect.poll(() => runs.get(1), { timeout: 10_000 }).toBe(1);
      await getDb().transaction((tx) => enqueueJob(tx, definition, { n: 2 }));
      await expect.poll(() => runs.get(2), { timeout: 10_000 }).toBe(1);
    } finally {
      await Promise.all([worker.stop(), elsewhere.stop()]);
    }
    expect((await rowsOf("test.wake")).map((r) => r.status)).toEqual(["done", "done"]);
  });

  it("sleeps until a delayed job falls due, not until its next look", async () => {
    const { definition, runs, worker } = sleepyWorker(getDatabase());
    try {
      const dueAt = Date.now() + 1_000;
      await enqueueJob(getDb(), definition, { n: 1 }, { runAt: new Date(dueAt) });
      await expect.poll(() => runs.get(1), { timeout: 10_000 }).toBe(1);
      expect(Date.now()).toBeGreaterThanOrEqual(dueAt);
    } finally {
      await worker.stop();
    }
  });

  // PostgreSQL only: PGlite has no connection to cut.
  if (process.env.DATABASE_URL)
    it("listens again when its connection is cut, and runs what was enqueued meanwhile", async () => {
      const database = await secondDatabase();
      const { definition, runs, worker } = sleepyWorker(database);
      try {
        await enqueueJob(getDb(), definition, { n: 1 });
        await expect.poll(() => runs.get(1), { timeout: 10_000 }).toBe(1);
        // The listening connection is the one whose last statement was the LISTEN: once it is there,
        // cut it, as a database restart would.
        const listeners = async () =>
          ((await getDb().execute(sql`select pid from pg_stat_activity where query = ${`listen "${JOBS_CHANNEL}"`} and datname = current_database()`)) as unknown as { rows: Array<{ pid: number }> }).rows;
        await expect.poll(async () => (await listeners()).length, { timeout: 10_000 }).toBe(1);
        for (const { pid } of await listeners()) await getDb().execute(sql`select pg_terminate_backend(${pid})`);
        await expect.poll(async () => (await listeners()).length, { timeout: 10_000 }).toBe(0);
        await enqueueJob(getDb(), definition, { n: 2 });
        await expect.poll(() => runs.get(2), { timeout: 20_000 }).toBe(1);
      } finally {
        await worker.stop();
      }
    });
});

/** A second pool on PostgreSQL, as another server process has (closed after the file); PGlite has one connection for everyone. */
let secondPool: Database | undefined;
async function secondDatabase(): Promise<Database> {
  if (!process.env.DATABASE_URL) return getDatabase();
  secondPool ??= await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL, max: 4 });
  return secondPool;
}
afterAll(async () => {
  await secondPool?.close();
});
