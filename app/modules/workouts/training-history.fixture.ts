import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";

/**
 * Years of training in a few statements, for the benchmarks and the query-plan tests
 * (nothing in the app imports it): three workouts a week (days 0, 2 and 4 of each week
 * from `start`, before `until`), each holding every exercise given with `sets` sets of
 * `reps` at its weight. Ids start with `prefix`.
 */
export async function insertTrainingHistory(options: {
  userId: string;
  prefix: string;
  start: string;
  until: string;
  weeks: number;
  exercises: ReadonlyArray<{ exerciseId: string; weightKg: number }>;
  sets: number;
  reps: number;
}): Promise<void> {
  const { userId, prefix, start, until, weeks, sets, reps } = options;
  const db = getDb();
  await db.execute(sql`insert into workouts (id, user_id, title, performed_on, started_at, finished_at)
    select ${prefix} || g, ${userId}, 'Training', d, d + time '07:00', d + time '08:00'
    from generate_series(0, ${weeks * 3 - 1}::int) g, lateral (select ${start}::date + (g / 3) * 7 + (g % 3) * 2 as d) day
    where d < ${until}::date`);
  for (const [position, { exerciseId, weightKg }] of options.exercises.entries()) {
    await db.execute(sql`insert into workout_exercises (id, workout_id, exercise_id, position, status)
      select w.id || '-' || ${position}::int, w.id, ${exerciseId}, ${position}::int, 'done' from workouts w where w.user_id = ${userId} and w.id like ${prefix} || '%'`);
    await db.execute(sql`insert into set_logs (id, workout_exercise_id, user_id, exercise_id, performed_on, set_number, weight_kg, reps, logged_at)
      select w.id || '-' || ${position}::int || '-' || n, w.id || '-' || ${position}::int, ${userId}, ${exerciseId}, w.performed_on, n, ${weightKg}::float8, ${reps}::int, w.started_at
      from workouts w, generate_series(1, ${sets}::int) n where w.user_id = ${userId} and w.id like ${prefix} || '%'`);
  }
}
