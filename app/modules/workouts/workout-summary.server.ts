/** A finished workout summed up: duration, volume (in the member's unit), sets and records. */
import { sql } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { setLog, type workout } from "~/db/schema/workouts";
import { roundForDisplay, weightFromKg, type WeightUnit } from "~/lib/units";
import { personalRecordsOf, type PersonalRecord } from "./personal-records.server";

export interface WorkoutSummary {
  durationSeconds: number;
  /** Σ weight × reps, in the member's unit. */
  volume: number;
  unit: WeightUnit;
  sets: number;
  records: PersonalRecord[];
}

/**
 * The sets of a workout, through its exercises' index (= any): as a join with
 * workout_exercises, PGlite (no statistics) planned a scan of every member's sets.
 */
export function setsOf(workoutId: string) {
  return sql`${setLog.workoutExerciseId} = any(array(select id from workout_exercises where workout_id = ${workoutId}))`;
}

/** Duration, volume (member unit), sets and records of one of the member's workouts. */
export async function summarizeWorkout(actor: Pick<SessionUser, "id" | "weightUnit">, w: Pick<typeof workout.$inferSelect, "id" | "startedAt" | "finishedAt">): Promise<WorkoutSummary> {
  const unit = actor.weightUnit;
  const [sets, records] = await Promise.all([
    getDb().select({ weightKg: setLog.weightKg, reps: setLog.reps }).from(setLog).where(setsOf(w.id)),
    personalRecordsOf(actor, w.id),
  ]);
  const volumeKg = sets.reduce((sum, s) => sum + (s.weightKg ?? 0) * (s.reps ?? 0), 0);
  const end = w.finishedAt ?? new Date();
  return {
    durationSeconds: Math.max(0, Math.round((end.getTime() - w.startedAt.getTime()) / 1000)),
    volume: roundForDisplay(weightFromKg(volumeKg, unit), 0),
    unit,
    sets: sets.length,
    records: records.map((r) => ({ ...r, value: roundForDisplay(weightFromKg(r.value, unit)), previous: roundForDisplay(weightFromKg(r.previous, unit)) })),
  };
}
