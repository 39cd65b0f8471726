import { LIFT_EXERCISES } from "~/modules/exercises/lifts";
import { bestOneRepMaxBefore, bestSetPerDayQuery, liftEntries } from "~/modules/workouts/lift-history.server";
import type { EntryRow, SeriesRow } from "./progress-stats";
import { exercises, type Exercise } from "./progress.schema";

/**
 * Strength Progress reads the one model of a performed set through the workouts module:
 * the form's seven lifts are the built-in exercises of LIFT_EXERCISES, and their rows come
 * back here as the entries, chart points and prior records the progress views know.
 */

export const liftExerciseIds: readonly string[] = exercises.map((kind) => LIFT_EXERCISES[kind]);
const kindOfExercise = new Map<string, Exercise>(exercises.map((kind) => [LIFT_EXERCISES[kind], kind]));

export function liftKindOf(exerciseId: string): Exercise {
  const kind = kindOfExercise.get(exerciseId);
  if (!kind) throw new Error(`${exerciseId} is not one of the progress form's lifts`);
  return kind;
}

/** The newest `limit` (or every) performance of each lift, newest first: a sets × reps @ weight entry each. */
export async function latestLifts(userId: string, limit: number | null): Promise<EntryRow[]> {
  const rows = await liftEntries(userId, liftExerciseIds, limit);
  return rows.map((r) => ({ id: r.id, kind: liftKindOf(r.exerciseId), recordedOn: r.performedOn, value: r.weightKg, sets: r.sets, reps: r.reps, notes: r.notes }));
}

/** Each lift's best set per day from a date on (or ever), oldest first. */
export async function liftSeries(userId: string, from: string | null): Promise<SeriesRow[]> {
  const rows = await bestSetPerDayQuery(userId, liftExerciseIds, from);
  return rows.map((r) => ({ kind: liftKindOf(r.exerciseId), recordedOn: r.performedOn, value: r.weightKg, reps: r.reps }));
}

/** Each lift's best estimated one-rep max before a date. */
export async function liftPriorBest(userId: string, before: string): Promise<Array<{ kind: string; best: number }>> {
  const rows = await bestOneRepMaxBefore(userId, liftExerciseIds, before);
  return rows.map((r) => ({ kind: liftKindOf(r.exerciseId), best: r.best }));
}
