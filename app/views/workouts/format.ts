/** How the training screens write times, targets and sets. */
import { formatValue, type WeightUnit } from "~/lib/units";
import type { ExerciseView, SetView, Target } from "~/modules/workouts/workout-screen.server";

type ExerciseMeasure = ExerciseView["measure"];

/** 90 → '1:30', 45 → '0:45', 3600 → '60:00'. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A workout's length: '47 min', '1 h 5 min'. */
export function duration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function distance(metres: number): string {
  return metres >= 1000 ? `${formatValue(metres / 1000, 2)} km` : `${formatValue(metres)} m`;
}

/** '3 × 5', '3 × 8-10', '2 × 0:45', '1 × 2 km'. */
export function targetVolume(target: Target, measure: ExerciseMeasure): string {
  const reps = target.repsMin !== null ? (target.repsMax !== null && target.repsMax !== target.repsMin ? `${target.repsMin}-${target.repsMax}` : String(target.repsMin)) : null;
  const each = measure === "time" && target.durationSeconds !== null ? clock(target.durationSeconds) : measure === "distance" && target.distanceMeters !== null ? distance(target.distanceMeters) : reps;
  return each === null ? `${target.sets} ${target.sets === 1 ? "set" : "sets"}` : `${target.sets} × ${each}${reps && each === reps ? " reps" : ""}`;
}

/** The load as the coach wrote it: '100 lbs', '80% 1RM', 'RPE 8', '2 RIR'; null for none. */
export function targetLoad(target: Target, unit: WeightUnit): string | null {
  if (target.loadValue === null) return null;
  if (target.loadKind === "weight") return `${formatValue(target.loadValue)} ${unit}`;
  if (target.loadKind === "percent_1rm") return `${formatValue(target.loadValue)}% 1RM`;
  if (target.loadKind === "rpe") return `RPE ${formatValue(target.loadValue)}`;
  if (target.loadKind === "rir") return `${formatValue(target.loadValue)} RIR`;
  return null;
}

/** A performed set: '185 lbs × 5 @ RPE 8', '8 reps', '0:45', '2 km'. */
export function setText(set: Pick<SetView, "weight" | "reps" | "rpe" | "durationSeconds" | "distanceMeters">, unit: WeightUnit): string {
  const parts: string[] = [];
  if (set.weight !== null && set.reps !== null) parts.push(`${formatValue(set.weight, 2)} ${unit} × ${set.reps}`);
  else if (set.reps !== null) parts.push(`${set.reps} reps`);
  if (set.durationSeconds !== null) parts.push(clock(set.durationSeconds));
  if (set.distanceMeters !== null) parts.push(distance(set.distanceMeters));
  if (set.rpe !== null) parts.push(`@ RPE ${formatValue(set.rpe)}`);
  return parts.join(" ");
}
