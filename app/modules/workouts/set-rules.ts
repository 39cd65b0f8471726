/**
 * A logged set's rules and the workout screen's limits, as plain functions and numbers:
 * the server's check of a set (logSet, editSet) and the browser's check before sending it
 * are the one `checkSet`, and the workout screen's code carries no schema library
 * (decision 0097). A weight is typed in the member's unit, within the same limit as the
 * progress form's Log Workout (0 is a body-weight set).
 */
import type { ExerciseMeasure } from "~/db/schema/exercises";
import { readNumber, type NumberRule } from "~/lib/number-rules";
import { weightLimitIn, type WeightUnit } from "~/lib/units";
import { MAX_BLOCKS_PER_DAY } from "~/modules/programs/program-sizes";

/**
 * Sets one exercise of a workout may hold (and set rows it may offer): more is not a
 * workout. The one limit of every door that makes a set (the workout screen, the progress
 * form's Log Workout); the database's CHECK constraints hold it for any door added later.
 */
export const MAX_SETS_PER_EXERCISE = 30;

/** The heaviest lift, in pounds as the coach thinks of it. */
const LIFT_WEIGHT_LBS = 1500;

export const SESSION_LIMITS = {
  reps: { min: 1, max: 100 },
  rpe: { min: 1, max: 10 },
  /** Seconds: a set of up to three hours. */
  durationSeconds: { min: 1, max: 3 * 60 * 60 },
  /** Metres: up to a marathon and a half. */
  distanceMeters: { min: 1, max: 65_000 },
  reason: 200,
  notes: 1000,
  /** Sets (and set rows) an exercise may hold: the database holds the same limit. */
  plannedSets: MAX_SETS_PER_EXERCISE,
  /** Exercises a workout may hold: a program day's limit, so a day started fits. */
  exercises: MAX_BLOCKS_PER_DAY,
  search: 100,
} as const;

/** A lift's weight in the member's unit: 0 is a body-weight set of pull-ups or dips. */
export function liftWeightRule(unit: WeightUnit): NumberRule {
  return { label: "Weight", min: 0, max: weightLimitIn(LIFT_WEIGHT_LBS, unit), unit };
}

export const repsRule: NumberRule = { label: "Reps", min: SESSION_LIMITS.reps.min, max: SESSION_LIMITS.reps.max, integer: true };
const rpeRule: NumberRule = { label: "RPE", min: SESSION_LIMITS.rpe.min, max: SESSION_LIMITS.rpe.max };
const durationRule: NumberRule = { label: "Time", min: SESSION_LIMITS.durationSeconds.min, max: SESSION_LIMITS.durationSeconds.max, integer: true, unit: "seconds" };
const distanceRule: NumberRule = { label: "Distance", min: SESSION_LIMITS.distanceMeters.min, max: SESSION_LIMITS.distanceMeters.max, oneDecimal: true, unit: "m" };

export const RPE_STEP_MESSAGE = "RPE must be a whole or half number";

export type SetField = "weight" | "reps" | "rpe" | "durationSeconds" | "distanceMeters";
/** A set's numbers as stored: those its measure does not take are null. */
export type SetValues = Record<SetField, number | null>;
export type SetProblems = Partial<Record<SetField, string>>;

/** Which numbers a set of an exercise takes (its measure decides), each with its rule; RPE is optional on every measure. */
function setFields(measure: ExerciseMeasure, unit: WeightUnit): { field: SetField; rule: NumberRule; required: boolean }[] {
  const rpe = { field: "rpe" as const, rule: rpeRule, required: false };
  if (measure === "weight_reps") return [{ field: "weight", rule: liftWeightRule(unit), required: true }, { field: "reps", rule: repsRule, required: true }, rpe];
  if (measure === "reps") return [{ field: "reps", rule: repsRule, required: true }, rpe];
  if (measure === "time") return [{ field: "durationSeconds", rule: durationRule, required: true }, rpe];
  return [{ field: "distanceMeters", rule: distanceRule, required: true }, rpe];
}

/** A set as typed (a form's or a queued set's fields): its values, or the problem of each wrong field. Other fields are ignored. */
export function checkSet(measure: ExerciseMeasure, unit: WeightUnit, input: Record<string, unknown>): { values: SetValues; problems: null } | { values: null; problems: SetProblems } {
  const values: SetValues = { weight: null, reps: null, rpe: null, durationSeconds: null, distanceMeters: null };
  const problems: SetProblems = {};
  for (const { field, rule, required } of setFields(measure, unit)) {
    const read = readNumber(input[field], rule, required);
    if (read.problem !== null) problems[field] = read.problem;
    else if (field === "rpe" && read.value !== undefined && !Number.isInteger(read.value * 2)) problems.rpe = RPE_STEP_MESSAGE;
    else values[field] = read.value ?? null;
  }
  return Object.keys(problems).length > 0 ? { values: null, problems } : { values, problems: null };
}
