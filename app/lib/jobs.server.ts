/**
 * The job store: every kind of work that waits (an e-mail retried later, an hourly sweep,
 * a reminder, a nightly backup) is a row of `jobs`, claimed by one server process at a
 * time with FOR UPDATE SKIP LOCKED, on PGlite and PostgreSQL alike (decision 0048). The
 * runner (job-runner.server.ts) claims and runs them; app/jobs.server.ts lists the kinds.
 */
import crypto from "node:crypto";
import { and, asc, eq, inArray, isNotNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Db } from "~/db/client.server";
import { job, type JobStatus } from "~/db/schema/jobs";

/** When a recurring job runs next: the first run strictly after `after`. */
export interface Repeat {
  /** The next run after this moment (it may read a setting, such as the site's time zone). */
  next(after: Date): Date | Promise<Date>;
}

export interface JobContext {
  id: string;
  /** 1 for the first run, 2 for the first retry … */
  attempt: number;
  /** The runner's clock when the job was claimed (moved in tests). */
  now: Date;
}

export interface JobDefinition<P> {
  /** Unique name, stored in each row: keep it once jobs of it may be waiting. */
  kind: string;
  payload: z.ZodType<P>;
  /** Throws to fail the attempt (retried until maxAttempts). Runs at least once: make it idempotent. */
  run(payload: P, context: JobContext): Promise<void>;
  /** Runs before giving up (default 5). */
  maxAttempts: number;
  /** The wait before retry number `attempt` (1 = the first retry). */
  retryDelayMs(attempt: number): number;
  /** How long a claim holds before another process may take the job over (its holder is presumed dead). */
  leaseMs: number;
  /** A job not started this long after it was due is skipped, not run (undefined: never too late). */
  staleAfterMs?: number;
  /** Recurring: the runner keeps the next run enqueued, once across every process. */
  repeat?: Repeat;
}

/** A definition of any payload, as the registry and the runner hold them. */
export type AnyJobDefinition = JobDefinition<never> | JobDefinition<unknown>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** 30 s, 1 min, 2 min … at most an hour. */
const doublingDelay = (attempt: number) => Math.min(HOUR, 30_000 * 2 ** (attempt - 1));

type JobOptions<P> = Pick<JobDefinition<P>, "kind" | "payload" | "run"> & Partial<Omit<JobDefinition<P>, "kind" | "payload" | "run" | "repeat">>;

export function defineJob<P>(definition: JobOptions<P>): JobDefinition<P> {
  return { maxAttempts: 5, retryDelayMs: doublingDelay, leaseMs: 5 * MINUTE, ...definition };
}

const noPayload = z.object({}).strict();

/** A job that runs on a schedule: no payload, one row per run, the next always enqueued. */
export function defineRecurringJob(definition: Omit<JobOptions<Record<string, never>>, "payload"> & { repeat: Repeat }): JobDefinition<Record<string, never>> {
  return { ...defineJob({ ...definition, payload: noPayload as z.ZodType<Record<string, never>> }), repeat: definition.repeat };
}

/** At the start of every hour (UTC). */
export const everyHour: Repeat = {
  next: (after) => new Date(Math.floor(after.getTime() / HOUR) * HOUR + HOUR),
};

/** Once a day at hour:minute UTC. */
export function everyDayAt(hour: number, minute = 0): Repeat {
  return {
    next: (after) => {
      const at = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), hour, minute));
      if (at <= after) at.setUTCDate(at.getUTCDate() + 1);
      return at;
    },
  };
}

export interface EnqueueOptions {
  /** Not before this moment (default: now). */
  runAt?: Date;
  /** At most one job with this key, whatever its status: a second enqueue does nothing. */
  key?: string;
  /** Skipped instead of run from this moment (default: runAt + the kind's staleAfterMs). */
  staleAt?: Date;
}

/**
 * Adds a job. Pass the caller's transaction: the job then exists if and only if the
 * write it follows from committed. The payload is checked against the kind's schema
 * here (a wrong one is a bug in the caller and throws). Returns the job's id, or null
 * when a job with the same key exists already. A new job notifies the workers (JOBS_CHANNEL)
 * when its transaction commits: one due now starts at once, not at the next look.
 */
export async function enqueueJob<P>(db: Db, definition: JobDefinition<P>, payload: P, options: EnqueueOptions = {}): Promise<string | null> {
  const [id] = await enqueueJobs(db, definition, [{ payload, ...options }]);
  return id ?? null;
}

/**
 * Adds many jobs of one kind as enqueueJob does, in one statement and with one notice (a
 * 200-member assignment held PGlite's one connection 250 ms longer with a notice per job).
 * Returns the new jobs' ids; a job whose key exists already is left out.
 */
export async function enqueueJobs<P>(db: Db, definition: JobDefinition<P>, jobs: ReadonlyArray<EnqueueOptions & { payload: P }>): Promise<string[]> {
  if (jobs.length === 0) return [];
  const rows = jobs.map(({ payload, ...options }) => {
    const runAt = options.runAt ?? new Date();
    const staleAt = options.staleAt ?? (definition.staleAfterMs === undefined ? null : new Date(runAt.getTime() + definition.staleAfterMs));
    return { id: crypto.randomUUID(), kind: definition.kind, payload: definition.payload.parse(payload), runAt, staleAt, key: options.key ?? null };
  });
  const added = await db.insert(job).values(rows).onConflictDoNothing({ target: job.key }).returning({ id: job.id });
  if (added.length > 0) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return added.map((row) => row.id);
}

/** The channel a new job is announced on (PostgreSQL's NOTIFY: delivered when the enqueuing transaction commits, to every process). */
export const JOBS_CHANNEL = "relentless_jobs";

/**
 * When the earliest job of these kinds falls due: a pending job's run_at, or a running
 * job's lease end (its process may have died). Null when there is none.
 */
export async function nextDueAt(db: Db, kinds: readonly string[]): Promise<Date | null> {
  if (kinds.length === 0) return null;
  const ofKinds = inArray(job.kind, [...kinds]);
  // Literal statuses, so the planner uses the partial indexes (as the claim does); epoch milliseconds read the same from either driver.
  const result = (await db.execute(sql`select extract(epoch from least(
      (select min(${job.runAt}) from ${job} where ${job.status} = 'pending' and ${ofKinds}),
      (select min(${job.lockedUntil}) from ${job} where ${job.status} = 'running' and ${ofKinds})
    ))::float8 * 1000 as "dueMs"`)) as unknown as { rows: Array<{ dueMs: number | string | null }> };
  const dueMs = result.rows[0]?.dueMs;
  return dueMs === null || dueMs === undefined ? null : new Date(Number(dueMs));
}

export type ClaimedJob = typeof job.$inferSelect;

/**
 * Takes the earliest due job of these kinds: a pending job whose time has come, or a
 * running one whose lease ended (its process died). One statement: the row is locked
 * and marked running with a new claim token and a lease, so another process's claim
 * skips it (SKIP LOCKED) while this one commits, and sees it running afterwards. Kinds
 * this process does not know (a newer version's, during a rolling start) are left alone.
 */
export async function claimNextJob(db: Db, leaseMsByKind: Record<string, number>, now: Date): Promise<ClaimedJob | null> {
  const leases = JSON.stringify(leaseMsByKind);
  const due = db
    .select({ id: job.id })
    .from(job)
    .where(
      and(
        // Literal statuses, so the planner matches the partial indexes.
        or(and(sql`${job.status} = 'pending'`, lte(job.runAt, now)), and(sql`${job.status} = 'running'`, lte(job.lockedUntil, now))),
        sql`(${leases}::jsonb ->> ${job.kind}) is not null`,
      ),
    )
    .orderBy(asc(job.runAt), asc(job.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(job)
    .set({
      status: "running",
      attempts: sql`${job.attempts} + 1`,
      claimToken: crypto.randomUUID(),
      lockedUntil: sql`${now.toISOString()}::timestamptz + (${leases}::jsonb ->> ${job.kind})::bigint * interval '1 millisecond'`,
    })
    .where(inArray(job.id, due))
    .returning();
  return claimed ?? null;
}

export type JobEnd = { status: Exclude<JobStatus, "pending" | "running">; error?: string } | { status: "pending"; retryAt: Date; error: string };

/**
 * Ends a claim: done, failed or skipped for good, or back to pending for a retry. Only
 * the claim's holder can end it: false when the lease ended and another process took
 * the job over meanwhile (then that process's outcome stands).
 */
export async function finishJob(db: Db, claimed: Pick<ClaimedJob, "id" | "claimToken">, end: JobEnd, now: Date): Promise<boolean> {
  const changes =
    end.status === "pending"
      ? { status: end.status, runAt: end.retryAt, lastError: end.error }
      : { status: end.status, finishedAt: now, lastError: end.error ?? null };
  const updated = await db
    .update(job)
    .set({ ...changes, claimToken: null, lockedUntil: null })
    .where(and(eq(job.id, claimed.id), eq(job.claimToken, claimed.claimToken ?? "")))
    .returning({ id: job.id });
  return updated.length === 1;
}

/**
 * Puts jobs of one kind that gave up (failed or skipped for good) and match `which` back
 * to pending with their attempts anew, and wakes the workers. For work that must happen
 * once the outside world answers again (decisions 0176 and 0188): the caller bounds
 * `which` in time, so a job that can never succeed is not tried for ever. Returns how many.
 */
export async function reviveGivenUpJobs(kind: string, which: SQL, now: Date): Promise<number> {
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .update(job)
      .set({ status: "pending", attempts: 0, runAt: now, lockedUntil: null, claimToken: null, staleAt: null, finishedAt: null })
      .where(and(eq(job.kind, kind), inArray(job.status, ["failed", "skipped"]), which))
      .returning({ id: job.id });
    if (rows.length > 0) await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
    return rows.length;
  });
}

/** Finished jobs are kept this long (for a look at what ran), and their keys hold as long. */
export const KEEP_FINISHED_MS = 14 * 24 * HOUR;

/** Deletes jobs that finished before `before`. Returns how many. */
async function pruneFinishedJobs(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(job)
    .where(and(isNotNull(job.finishedAt), lt(job.finishedAt, before)))
    .returning({ id: job.id });
  return deleted.length;
}

/** Nightly, the finished jobs older than KEEP_FINISHED_MS go. */
export const pruneJobsJob = defineRecurringJob({
  kind: "jobs.prune",
  repeat: everyDayAt(3, 30),
  maxAttempts: 1,
  run: async (_payload, { now }) => {
    await pruneFinishedJobs(getDb(), new Date(now.getTime() - KEEP_FINISHED_MS));
  },
});
