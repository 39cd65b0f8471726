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
    /**
     * When the job is next looked at: pending, when it is due (later for a delayed job or
     * a retry); running, when its lease ends and another process may take it over.
     */
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
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
    // The claim: the earliest due among the unfinished jobs only, however many finished ones are kept.
    index("jobs_due_idx").on(t.runAt).where(sql`${t.status} in ('pending', 'running')`),
    uniqueIndex("jobs_key_idx").on(t.key),
    // Pruning finished jobs.
    index("jobs_finished_idx").on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
  ],
);
