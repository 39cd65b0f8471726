import { and, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { estimatedOneRepMaxOf, setLog, workoutExercise } from "~/db/schema/workouts";

/**
 * A member's history of weight × reps exercises, read from their set logs by the
 * (user_id, exercise_id, performed_on) index: what Strength Progress, its charts and its
 * records show. The builders are exported so a test can EXPLAIN the SQL sent. Weights in
 * kg; a set without a weight counts as 0 added weight, one without reps as a single.
 */

/** Epley's estimate (as `estimatedOneRepMax`) of a set, in SQL: the one measure of a record, here, in the coach's review and in a workout's summary. */
export const oneRepMaxSql = estimatedOneRepMaxOf(setLog.weightKg, setLog.reps);
/** The best set first: the highest estimate, then the heavier, then the first logged. */
const bestSetFirst = sql`${oneRepMaxSql} desc, ${setLog.weightKg} desc nulls last, ${setLog.setNumber} asc`;

/** One exercise as performed in one workout: its number of sets and its best set. */
export interface LiftEntryRow {
  /** The workout exercise. */
  id: string;
  exerciseId: string;
  performedOn: string;
  sets: number;
  weightKg: number;
  reps: number | null;
  notes: string;
}

function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * The newest `limit` (or every) performance of each exercise, newest first. Each performance
 * is on one day, so the newest `limit` are all on or after the exercise's `limit`-th newest
 * day; that day is found by stepping down the index a day at a time (a loose index scan:
 * `limit` lookups, where a DISTINCT would read all of history), and only the sets from it
 * on are grouped: three years of sets cost no more than a few days of them.
 */
export function liftEntriesQuery(userId: string, exerciseIds: readonly string[], limit: number | null): SQL {
  const latestOf = (below: SQL) => sql`(select max(s.performed_on) from ${setLog} s where s.user_id = ${userId} and s.exercise_id = k.exercise_id ${below})`;
  const since =
    limit === null
      ? sql``
      : sql`and ${setLog.performedOn} >= coalesce((
          with recursive day(d, n) as (
            select ${latestOf(sql``)}, 1
            union all
            select ${latestOf(sql`and s.performed_on < day.d`)}, day.n + 1 from day where day.n < ${limit} and day.d is not null
          ) select min(d) from day), '-infinity'::date)`;
  return sql`select e.id, k.exercise_id as "exerciseId", e.performed_on::text as "performedOn", e.sets, e.weight_kg as "weightKg", e.reps, we.notes
    from unnest(${textArray(exerciseIds)}) as k(exercise_id)
    cross join lateral (
      select ${setLog.workoutExerciseId} as id, ${setLog.performedOn} as performed_on, count(*)::int as sets,
        (array_agg(coalesce(${setLog.weightKg}, 0) order by ${bestSetFirst}))[1] as weight_kg,
        (array_agg(${setLog.reps} order by ${bestSetFirst}))[1] as reps,
        min(${setLog.loggedAt}) as logged_at
      from ${setLog}
      where ${setLog.userId} = ${userId} and ${setLog.exerciseId} = k.exercise_id ${since}
      group by ${setLog.workoutExerciseId}, ${setLog.performedOn}
      order by ${setLog.performedOn} desc, min(${setLog.loggedAt}) desc
      limit ${limit}
    ) e
    join ${workoutExercise} we on we.id = e.id
    order by e.performed_on desc, e.logged_at desc`;
}

export async function liftEntries(userId: string, exerciseIds: readonly string[], limit: number | null): Promise<LiftEntryRow[]> {
  const result = await getDb().execute(liftEntriesQuery(userId, exerciseIds, limit));
  return (result as unknown as { rows: LiftEntryRow[] }).rows.map((r) => ({ ...r, weightKg: Number(r.weightKg), sets: Number(r.sets) }));
}

/** The best set of each exercise and day from a date on (or ever), oldest first: the charts. */
export function bestSetPerDayQuery(userId: string, exerciseIds: readonly string[], from: string | null) {
  return getDb()
    .selectDistinctOn([setLog.exerciseId, setLog.performedOn], {
      exerciseId: setLog.exerciseId,
      performedOn: setLog.performedOn,
      weightKg: sql<number>`coalesce(${setLog.weightKg}, 0)`.mapWith(Number),
      reps: setLog.reps,
    })
    .from(setLog)
    .where(and(eq(setLog.userId, userId), inArray(setLog.exerciseId, [...exerciseIds]), from ? gte(setLog.performedOn, from) : undefined))
    .orderBy(setLog.exerciseId, setLog.performedOn, sql`${bestSetFirst}`);
}

/**
 * Each exercise's best estimated one-rep max (kg) before a date: records are records over all
 * time. Per exercise, the (user, exercise, estimate) index is read from the top until a set
 * before the date turns up: usually the first.
 */
export async function bestOneRepMaxBefore(userId: string, exerciseIds: readonly string[], before: string): Promise<Array<{ exerciseId: string; best: number }>> {
  const result = await getDb().execute(bestOneRepMaxBeforeQuery(userId, exerciseIds, before));
  return (result as unknown as { rows: Array<{ exerciseId: string; best: number }> }).rows.map((r) => ({ exerciseId: r.exerciseId, best: Number(r.best) }));
}

export function bestOneRepMaxBeforeQuery(userId: string, exerciseIds: readonly string[], before: string): SQL {
  return sql`select k.exercise_id as "exerciseId", b.best
    from unnest(${textArray(exerciseIds)}) as k(exercise_id)
    cross join lateral (
      select ${oneRepMaxSql} as best from ${setLog}
      where ${setLog.userId} = ${userId} and ${setLog.exerciseId} = k.exercise_id and ${setLog.performedOn} < ${before}
      order by ${oneRepMaxSql} desc limit 1
    ) b`;
}
