import { and, asc, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { fitnessGoal, progressEntry } from "~/db/schema/progress";
import type { EntryRow } from "./progress-stats";
import type { EntryKind } from "./progress.schema";

/**
 * The reads of progress_entries (body values and measurements) and goals, each scoped by
 * one user's id; lifts are read from the set logs (progress-lifts.server.ts). The
 * builders are exported so a test can EXPLAIN the exact SQL the overview runs.
 */

/** The newest `limit` entries of each kind: one index range scan per kind. */
export function latestEntriesQuery(userId: string, kinds: readonly EntryKind[], limit: number): SQL {
  const list = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  return sql`select e.id, e.kind, e.recorded_on::text as "recordedOn", e.value, e.sets, e.reps, e.notes
    from unnest(array[${list}]::text[]) as k(kind)
    cross join lateral (
      select p.id, p.kind, p.recorded_on, p.value, p.sets, p.reps, p.notes, p.created_at
      from ${progressEntry} p
      where p.user_id = ${userId} and p.kind = k.kind
      -- The index's order (decision 0182): the newest rows read straight from it, up to the limit.
      order by p.recorded_on desc, p.created_at desc
      -- The limit written into the text (a whole number of ours): as a parameter it made the
      -- database plan the statement afresh at every run instead of keeping its plan.
      limit ${sql.raw(String(Math.max(0, Math.trunc(limit))))}
    ) e`;
}

/** Every entry of the kinds from a date on (or ever), oldest first: the charts. */
export function seriesQuery(userId: string, kinds: readonly EntryKind[], from: string | null) {
  return getDb()
    .select({ kind: progressEntry.kind, recordedOn: progressEntry.recordedOn, value: progressEntry.value, reps: progressEntry.reps })
    .from(progressEntry)
    .where(and(eq(progressEntry.userId, userId), inArray(progressEntry.kind, [...kinds]), from ? gte(progressEntry.recordedOn, from) : undefined))
    // Oldest first is the index read backwards (decision 0182).
    .orderBy(asc(progressEntry.kind), asc(progressEntry.recordedOn), asc(progressEntry.createdAt));
}

/** The goals, open ones first, newest first. */
export function goalsQuery(userId: string) {
  return getDb()
    .select()
    .from(fitnessGoal)
    .where(eq(fitnessGoal.userId, userId))
    .orderBy(sql`(${fitnessGoal.status} = 'completed')`, desc(fitnessGoal.createdAt));
}

export async function latestEntries(userId: string, kinds: readonly EntryKind[], limit: number): Promise<EntryRow[]> {
  const result = await getDb().execute(latestEntriesQuery(userId, kinds, limit));
  return (result as unknown as { rows: EntryRow[] }).rows.map((r) => ({ ...r, value: Number(r.value) }));
}

/**
 * The first `limit` goals (open ones first, newest first) and how many of all the user's
 * goals are open, in one query: the window counts before the limit applies.
 */
export async function firstGoalsAndOpenCount(userId: string, limit: number): Promise<{ goals: Array<typeof fitnessGoal.$inferSelect>; open: number }> {
  const rows = await getDb()
    .select({ goal: fitnessGoal, open: sql<number>`count(*) filter (where ${fitnessGoal.status} <> 'completed') over ()`.mapWith(Number) })
    .from(fitnessGoal)
    .where(eq(fitnessGoal.userId, userId))
    .orderBy(sql`(${fitnessGoal.status} = 'completed')`, desc(fitnessGoal.createdAt))
    .limit(limit);
  return { goals: rows.map((r) => r.goal), open: rows[0]?.open ?? 0 };
}

/** Every body value and measurement of the user, newest first: the CSV export. */
export function allEntriesQuery(userId: string) {
  return getDb().select().from(progressEntry).where(eq(progressEntry.userId, userId)).orderBy(desc(progressEntry.recordedOn), desc(progressEntry.createdAt));
}
