/**
 * Personal records of a workout: for each exercise, the heaviest weight and the best
 * estimated one-rep max (Epley, as Strength Progress and the coach's review reckon it) of its sets, against every set of that exercise the
 * member performed before it. A first time is no record: there is nothing to beat.
 */
import { and, eq, gt, inArray, lt, lte, max, ne, or, sql } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { exercise } from "~/db/schema/exercises";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { estimatedOneRepMax } from "./one-rep-max";

export type RecordKind = "heaviest_weight" | "estimated_1rm";

export interface PersonalRecord {
  exerciseId: string;
  name: string;
  kind: RecordKind;
  /** Kilograms here; the summary gives both in the member's unit. */
  value: number;
  previous: number;
}

/** Heaviest weight and best estimate per exercise, from (exercise, reps, heaviest weight at those reps) rows. */
function bests(rows: ReadonlyArray<{ exerciseId: string; reps: number | null; weightKg: number | null }>) {
  const out = new Map<string, { heaviest: number; estimate: number }>();
  for (const row of rows) {
    if (row.weightKg === null || row.weightKg <= 0) continue;
    const current = out.get(row.exerciseId) ?? { heaviest: 0, estimate: 0 };
    current.heaviest = Math.max(current.heaviest, row.weightKg);
    // The same estimate as Strength Progress and the coach's review: a set without reps is a single.
    current.estimate = Math.max(current.estimate, estimatedOneRepMax(row.weightKg, row.reps ?? 1));
    out.set(row.exerciseId, current);
  }
  return out;
}

/** A beaten best must beat it by more than rounding. */
const EPSILON = 1e-6;

export async function personalRecordsOf(actor: Pick<SessionUser, "id">, workoutId: string): Promise<PersonalRecord[]> {
  const db = getDb();
  const [current] = await db.select().from(workout).where(and(eq(workout.id, workoutId), eq(workout.userId, actor.id)));
  if (!current) return [];
  const mine = await db
    .select({ exerciseId: setLog.exerciseId, reps: setLog.reps, weightKg: max(setLog.weightKg), name: exercise.name })
    .from(setLog)
    .innerJoin(exercise, eq(exercise.id, setLog.exerciseId))
    // Through the workout's exercises' index (= any): as a join, PGlite (no statistics) planned a scan of every member's sets.
    .where(and(sql`${setLog.workoutExerciseId} = any(array(select id from workout_exercises where workout_id = ${current.id}))`, gt(setLog.weightKg, 0)))
    .groupBy(setLog.exerciseId, setLog.reps, exercise.name);
  if (mine.length === 0) return [];
  const exerciseIds = [...new Set(mine.map((m) => m.exerciseId))];
  const before = await db
    .select({ exerciseId: setLog.exerciseId, reps: setLog.reps, weightKg: max(setLog.weightKg) })
    .from(setLog)
    .innerJoin(workoutExercise, eq(workoutExercise.id, setLog.workoutExerciseId))
    .innerJoin(workout, eq(workout.id, workoutExercise.workoutId))
    .where(
      and(
        eq(setLog.userId, actor.id),
        inArray(setLog.exerciseId, exerciseIds),
        lte(setLog.performedOn, current.performedOn),
        ne(workout.id, current.id),
        or(lt(workout.performedOn, current.performedOn), and(eq(workout.performedOn, current.performedOn), lt(workout.startedAt, current.startedAt))),
        gt(setLog.weightKg, 0),
      ),
    )
    .groupBy(setLog.exerciseId, setLog.reps);
  const now = bests(mine);
  const then = bests(before);
  const names = new Map(mine.map((m) => [m.exerciseId, m.name]));
  const records: PersonalRecord[] = [];
  for (const id of exerciseIds) {
    const a = now.get(id);
    const b = then.get(id);
    if (!a || !b) continue;
    const name = names.get(id)!;
    if (a.heaviest > b.heaviest + EPSILON) records.push({ exerciseId: id, name, kind: "heaviest_weight", value: a.heaviest, previous: b.heaviest });
    if (b.estimate > 0 && a.estimate > b.estimate + EPSILON) records.push({ exerciseId: id, name, kind: "estimated_1rm", value: a.estimate, previous: b.estimate });
  }
  return records.sort((x, y) => x.name.localeCompare(y.name) || x.kind.localeCompare(y.kind));
}
