/**
 * Rows the programs tests (and the builder's browser test seed) stand on: a few exercises
 * of the library, written straight into its table as the built-in ones are (id = slug,
 * no author), and a workout on a program day (the workouts module writes those for real).
 */
import crypto from "node:crypto";
import { getDb } from "~/db/client.server";
import { exercise } from "~/db/schema/exercises";
import { workout } from "~/db/schema/workouts";
import type { ExerciseMeasure } from "./programs.schema";

export const testExercises: ReadonlyArray<{ slug: string; name: string; measure: ExerciseMeasure; category: string }> = [
  { slug: "bench-press", name: "Bench Press", measure: "weight_reps", category: "strength" },
  { slug: "squat", name: "Squat", measure: "weight_reps", category: "strength" },
  { slug: "deadlift", name: "Deadlift", measure: "weight_reps", category: "strength" },
  { slug: "pull-up", name: "Pull-Up", measure: "reps", category: "strength" },
  { slug: "plank", name: "Plank", measure: "time", category: "core" },
  { slug: "rowing-machine", name: "Rowing Machine", measure: "distance", category: "cardio" },
];

/** The test exercises, unless they are there already. */
export async function insertTestExercises(): Promise<void> {
  await getDb()
    .insert(exercise)
    .values(testExercises.map((e) => ({ id: e.slug, slug: e.slug, name: e.name, category: e.category, measure: e.measure })))
    .onConflictDoNothing();
}

/** A workout the member did for a day of their program (what makes its week 'trained'). */
export async function insertWorkoutFor(userId: string, programDayId: string, performedOn = "2026-01-05"): Promise<string> {
  const id = crypto.randomUUID();
  await getDb().insert(workout).values({ id, userId, programDayId, title: "Done", performedOn, finishedAt: new Date() });
  return id;
}
