/**
 * What the workout screen reads of the member's other workouts: each exercise's best
 * estimated 1RM (for suggested weights) and its sets last time. One statement each for
 * all the screen's exercises (decision 0158).
 */
import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { estimatedOneRepMaxOf, setLog } from "~/db/schema/workouts";
import { estimateOneRepMax, MAX_ESTIMATE_REPS } from "./one-rep-max";

/** `array[…]::text[]` of the ids, for `unnest` and `<> all`. */
const textArray = (ids: readonly string[]) => sql`array[${sql.join(
  ids.map((id) => sql`${id}`),
  sql`, `,
)}]::text[]`;

/** The member's sets of an exercise outside this workout (`k.exercise_id`: the exercise of the `unnest` around it). */
const otherSetsOf = (userId: string, workoutExerciseIds: string[]) =>
  sql`${setLog.userId} = ${userId} and ${setLog.exerciseId} = k.exercise_id${workoutExerciseIds.length ? sql` and ${setLog.workoutExerciseId} <> all(${textArray(workoutExerciseIds)})` : sql``}`;

/**
 * The best estimated 1RM (kg) of each exercise from the member's sets outside this workout,
 * in one statement through the records' index (user, exercise, Epley's estimate desc), not
 * a read of every set of the member's exercises (7,000 sets for two years: 5-30 ms on
 * PGlite). Per exercise, two sets at most: the top of the index among sets of 2-12 reps
 * (the index's estimate is the screen's, `estimateOneRepMax`), and the heaviest single
 * above it in the index. The index counts a single as w × 31/30 where the screen counts
 * it as w, so a single beats the first set only if its index estimate is higher: it is
 * found among the few sets the first look skipped, not by a read of every single.
 */
export async function bestEstimates(userId: string, exerciseIds: string[], workoutExerciseIds: string[]): Promise<Map<string, number>> {
  if (exerciseIds.length === 0) return new Map();
  const estimate = estimatedOneRepMaxOf(setLog.weightKg, setLog.reps);
  const counted = sql`${otherSetsOf(userId, workoutExerciseIds)} and ${setLog.weightKg} > 0`;
  const result = await getDb().execute(sql`select k.exercise_id as "exerciseId", b.reps, b.weight_kg as "weightKg"
    from unnest(${textArray(exerciseIds)}) as k(exercise_id)
    left join lateral (
      select ${estimate} as top, ${setLog.reps} as reps, ${setLog.weightKg} as weight_kg from ${setLog}
      where ${counted} and ${setLog.reps} between 2 and ${sql.raw(String(MAX_ESTIMATE_REPS))} order by ${estimate} desc limit 1
    ) m on true
    cross join lateral (
      select m.reps, m.weight_kg where m.top is not null
      union all
      (select ${setLog.reps}, ${setLog.weightKg} from ${setLog} where ${counted} and ${setLog.reps} = 1 and ${estimate} > coalesce(m.top, 0) order by ${estimate} desc limit 1)
    ) b`);
  const best = new Map<string, number>();
  for (const row of (result as unknown as { rows: Array<{ exerciseId: string; reps: number; weightKg: number }> }).rows) {
    const estimate = estimateOneRepMax(row.weightKg, row.reps);
    if (estimate !== null && estimate > (best.get(row.exerciseId) ?? 0)) best.set(row.exerciseId, estimate);
  }
  return best;
}

export type LastSet = Pick<typeof setLog.$inferSelect, "id" | "weightKg" | "reps" | "rpe" | "durationSeconds" | "distanceMeters" | "clientKey">;

/**
 * The member's sets of each exercise in the latest other workout that had it: one statement
 * (the latest set of each exercise through (user, exercise, date desc), then its workout
 * exercise's sets), not two per exercise.
 */
export async function lastTimes(userId: string, exerciseIds: string[], workoutExerciseIds: string[]): Promise<Map<string, { performedOn: string; sets: LastSet[] }>> {
  if (exerciseIds.length === 0) return new Map();
  const result = await getDb().execute(sql`select k.exercise_id as "exerciseId", l.performed_on::text as "performedOn", s.id, s.weight_kg as "weightKg", s.reps, s.rpe,
      s.duration_seconds as "durationSeconds", s.distance_meters as "distanceMeters", s.client_key as "clientKey"
    from unnest(${textArray(exerciseIds)}) as k(exercise_id)
    cross join lateral (
      select ${setLog.workoutExerciseId} as workout_exercise_id, ${setLog.performedOn} as performed_on from ${setLog}
      where ${otherSetsOf(userId, workoutExerciseIds)}
      -- The index's order (decision 0182): the newest set is read from the index, not every
      -- set of the exercise sorted.
      order by ${setLog.performedOn} desc, ${setLog.loggedAt} desc limit 1
    ) l
    join ${setLog} s on s.workout_exercise_id = l.workout_exercise_id
    order by k.exercise_id, s.set_number`);
  const found = new Map<string, { performedOn: string; sets: LastSet[] }>();
  for (const { exerciseId, performedOn, ...set } of (result as unknown as { rows: Array<LastSet & { exerciseId: string; performedOn: string }> }).rows) {
    const entry = found.get(exerciseId) ?? { performedOn, sets: [] };
    entry.sets.push(set);
    found.set(exerciseId, entry);
  }
  return found;
}
