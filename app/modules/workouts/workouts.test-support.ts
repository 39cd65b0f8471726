import { asc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";

/** Shared by tests: a member's performed exercises as stored, each with its workout and its sets in order. */
export async function performedOf(userId: string) {
  const db = getDb();
  const rows = await db
    .select({
      id: workoutExercise.id,
      workoutId: workout.id,
      title: workout.title,
      programDayId: workout.programDayId,
      performedOn: workout.performedOn,
      finished: workout.finishedAt,
      exerciseId: workoutExercise.exerciseId,
      status: workoutExercise.status,
      notes: workoutExercise.notes,
      createdAt: workoutExercise.createdAt,
    })
    .from(workoutExercise)
    .innerJoin(workout, eq(workout.id, workoutExercise.workoutId))
    .where(eq(workout.userId, userId))
    .orderBy(asc(workoutExercise.createdAt), asc(workoutExercise.id));
  const sets = rows.length
    ? await db
        .select()
        .from(setLog)
        .where(inArray(setLog.workoutExerciseId, rows.map((r) => r.id)))
        .orderBy(asc(setLog.setNumber))
    : [];
  return rows.map((r) => ({ ...r, sets: sets.filter((s) => s.workoutExerciseId === r.id) }));
}

/** Every workout of a member (an exercise-less one included). */
export function workoutsOf(userId: string) {
  return getDb().select().from(workout).where(eq(workout.userId, userId));
}
