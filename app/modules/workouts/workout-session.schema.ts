import { z } from "zod";
import type { ExerciseMeasure } from "~/db/schema/exercises";
import { MAX_SETS_PER_EXERCISE } from "~/db/schema/workouts";
import { flag, pageNumber, reference, searchText } from "~/lib/search-params";
import type { WeightUnit } from "~/lib/units";
import { MAX_BLOCKS_PER_DAY } from "~/modules/programs/programs.schema";
import { optionalNumber, requiredNumber, type NumberRule } from "~/lib/number-field";
import { multiLineText, singleLineText } from "~/lib/text-field";
import { LIMITS, valueRule } from "~/modules/progress/progress.schema";

/**
 * The workout screen's forms, shared by the browser (messages as the member types) and
 * the server (the real check). A weight is typed in the member's unit, within the same
 * limit as the progress form's Log Workout (0 is a body-weight set).
 */

export const SESSION_LIMITS = {
  reps: LIMITS.reps,
  rpe: { min: 1, max: 10 },
  /** Seconds: a set of up to three hours. */
  durationSeconds: { min: 1, max: 3 * 60 * 60 },
  /** Metres: up to a marathon and a half. */
  distanceMeters: { min: 1, max: 65_000 },
  reason: 200,
  notes: LIMITS.notes,
  /** Sets (and set rows) an exercise may hold: the database holds the same limit. */
  plannedSets: MAX_SETS_PER_EXERCISE,
  /** Exercises a workout may hold: a program day's limit, so a day started fits. */
  exercises: MAX_BLOCKS_PER_DAY,
  search: 100,
} as const;

const repsRule: NumberRule = { label: "Reps", min: SESSION_LIMITS.reps.min, max: SESSION_LIMITS.reps.max, integer: true };
const rpeRule: NumberRule = { label: "RPE", min: SESSION_LIMITS.rpe.min, max: SESSION_LIMITS.rpe.max };
const durationRule: NumberRule = { label: "Time", min: SESSION_LIMITS.durationSeconds.min, max: SESSION_LIMITS.durationSeconds.max, integer: true, unit: "seconds" };
const distanceRule: NumberRule = { label: "Distance", min: SESSION_LIMITS.distanceMeters.min, max: SESSION_LIMITS.distanceMeters.max, oneDecimal: true, unit: "m" };

export const RPE_STEP_MESSAGE = "RPE must be a whole or half number";

/** RPE in half points (7, 7.5, 8 …), optional on every measure. */
const rpe = optionalNumber(rpeRule).refine((v) => v === undefined || Number.isInteger(v * 2), RPE_STEP_MESSAGE);

/** Which numbers a set of an exercise takes: its measure decides. */
export function setSchema(measure: ExerciseMeasure, unit: WeightUnit) {
  const none = z.unknown().optional().transform(() => null);
  const nullable = <T,>(schema: z.ZodType<T | undefined>) => schema.transform((v) => v ?? null);
  return z.object({
    weight: measure === "weight_reps" ? requiredNumber(valueRule("bench_press", unit)) : none,
    reps: measure === "weight_reps" || measure === "reps" ? requiredNumber(repsRule) : none,
    rpe: nullable(rpe),
    durationSeconds: measure === "time" ? requiredNumber(durationRule) : none,
    distanceMeters: measure === "distance" ? requiredNumber(distanceRule) : none,
  });
}
export const CLIENT_KEY_MESSAGE = "The set's key must be a UUID";

/** The idempotency key of a set sent by the offline queue (a UUID made in the browser); absent for a set logged directly. */
export const clientKeySchema = z.object({
  clientKey: z
    .union([z.literal(""), z.uuid({ error: CLIENT_KEY_MESSAGE })], { error: CLIENT_KEY_MESSAGE })
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null)),
});

export type SetInput = z.output<ReturnType<typeof setSchema>>;

const reason = singleLineText({ error: "The reason must be text" })
  .max(SESSION_LIMITS.reason, `The reason must be at most ${SESSION_LIMITS.reason} characters`)
  .optional()
  .transform((v) => v ?? "");

export const skipSchema = z.object({ reason });

export const CHOOSE_EXERCISE = "Please choose an exercise";

const exerciseId = z.string({ error: CHOOSE_EXERCISE }).trim().min(1, CHOOSE_EXERCISE).max(200, CHOOSE_EXERCISE);

export const swapSchema = z.object({ exerciseId, reason });

export const addExerciseSchema = z.object({ exerciseId });

export const noteSchema = z.object({
  notes: multiLineText({ error: "Notes must be text" })
    .max(SESSION_LIMITS.notes, `Notes must be at most ${SESSION_LIMITS.notes} characters`)
    .optional()
    .transform((v) => v ?? ""),
});

/** The intents of the workout screen, each one form. */
export const sessionIntents = [
  "log-set",
  "edit-set",
  "delete-set",
  "add-set",
  "skip-exercise",
  "undo-skip",
  "swap-exercise",
  "add-exercise",
  "save-note",
  "finish-workout",
  "discard-workout",
] as const;
export type SessionIntent = (typeof sessionIntents)[number];

/** Seconds of rest when the block names none. */
export const DEFAULT_REST_SECONDS = 90;

/** /members/workouts?page= (the history's page). */
export const workoutsQuery = z.object({ page: pageNumber });

/** /members/workouts/:id?swap=<exercise of the workout>&add=1&q=<name>: the exercise picker, open to swap one or add one. */
export const workoutScreenQuery = z.object({ swap: reference(), add: flag, q: searchText(SESSION_LIMITS.search) });
