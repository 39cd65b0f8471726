import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const jobStatuses = ["pending", "running", "done", "failed", "skipped"] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * Work that waits (e-mails, sweeps, reminders, backups): one row per run, claimed by one
 * server process at a time with FOR UPDATE SKIP LOCKED (app/lib/jobs.server.ts, decision 0048).
 */
export const job = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    /** The handler's name in the registry (app/jobs.server.ts). */
    kind: text("kind").notNull(),
    /** Validated by the kind's schema when enqueued and again when run. */
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: jobStatuses }).notNull().default("pending"),
    /** Due: not run before this moment (later for a delayed job, moved on by each retry). */
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    /** While running: when the claim ends and another process may take the job over (its holder is presumed dead). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Past this moment it is too late to matter: skipped instead of run. */
    staleAt: timestamp("stale_at", { withTimezone: true }),
    /** Runs started, the current one included. */
    attempts: integer("attempts").notNull().default(0),
    /** Names the current claim: only its holder may finish the job, so a claim taken over after its lease ended cannot be overwritten by the first holder. */
    claimToken: text("claim_token"),
    /** At most one job per key, whatever its status (until finished jobs are pruned): 'once per period' and 'once per thing'. */
    key: text("key"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    // The claim's two halves, over the unfinished jobs only, however many finished ones are kept.
    index("jobs_pending_idx").on(t.runAt).where(sql`${t.status} = 'pending'`),
    index("jobs_running_idx").on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    uniqueIndex("jobs_key_idx").on(t.key),
    // Pruning finished jobs.
    index("jobs_finished_idx").on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
  ],
);
