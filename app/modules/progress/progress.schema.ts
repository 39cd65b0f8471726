import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/text-field";
import { optionalNumber, requiredNumber } from "~/lib/number-field";
import type { NumberRule } from "~/lib/number-rules";
import { isPlainDate } from "~/lib/time-zone";
import { lengthUnitFor, roundForDisplay, weightLimitIn, type LengthUnit, type WeightUnit } from "~/lib/units";
import { liftWeightRule, MAX_SETS_PER_EXERCISE, SESSION_LIMITS } from "~/modules/workouts/set-rules";

/**
 * The progress forms, shared by the browser (instant messages) and the server (the
 * real check). Values are typed in the member's unit; the limits below are written in
 * pounds and inches and converted for kilogram members, so both see the same rule.
 */

export const bodyKinds = ["weight", "body_fat", "muscle_mass"] as const;
export type BodyKind = (typeof bodyKinds)[number];

export const measurementSites = ["chest", "waist", "hips", "biceps", "thighs", "neck"] as const;
export type MeasurementSite = (typeof measurementSites)[number];

/** The spec's exercise list, in its order. */
export const exercises = ["bench_press", "squat", "deadlift", "overhead_press", "bent_row", "pull_ups", "dips"] as const;
export type Exercise = (typeof exercises)[number];

export type EntryKind = BodyKind | MeasurementSite | Exercise;

export const kindLabels: Record<EntryKind, string> = {
  weight: "Weight",
  body_fat: "Body fat",
  muscle_mass: "Muscle mass",
  chest: "Chest",
  waist: "Waist",
  hips: "Hips",
  biceps: "Biceps",
  thighs: "Thighs",
  neck: "Neck",
  bench_press: "Bench Press",
  squat: "Squat",
  deadlift: "Deadlift",
  overhead_press: "Overhead Press",
  bent_row: "Bent Row",
  pull_ups: "Pull-ups",
  dips: "Dips",
};

export const isBodyKind = (kind: string): kind is BodyKind => (bodyKinds as readonly string[]).includes(kind);
export const isMeasurementSite = (kind: string): kind is MeasurementSite => (measurementSites as readonly string[]).includes(kind);
export const isExercise = (kind: string): kind is Exercise => (exercises as readonly string[]).includes(kind);

export const goalStatuses = ["not_started", "in_progress", "completed"] as const;
export type GoalStatus = (typeof goalStatuses)[number];
export const goalStatusLabels: Record<GoalStatus, string> = { not_started: "Not started", in_progress: "In progress", completed: "Completed" };

export const progressRanges = ["4w", "3m", "1y", "all"] as const;
export type ProgressRange = (typeof progressRanges)[number];
export const rangeLabels: Record<ProgressRange, string> = { "4w": "4 weeks", "3m": "3 months", "1y": "1 year", all: "All" };
export const DEFAULT_RANGE: ProgressRange = "3m";

export function parseRange(value: string | null | undefined): ProgressRange {
  return (progressRanges as readonly string[]).includes(value ?? "") ? (value as ProgressRange) : DEFAULT_RANGE;
}

/** The progress section's query (the member's tab and the staff page): ?range=, else the default. */
export const progressQuery = z.object({ range: z.enum(progressRanges).catch(DEFAULT_RANGE) });

/** Limits in pounds and inches, as the coach thinks of them. */
export const LIMITS = {
  bodyWeightLbs: 1500,
  muscleMassLbs: 1500,
  bodyFat: { min: 1, max: 75 },
  measurementIn: { min: 1, max: 100 },
  /** A lift is a workout's exercise: the set model's limit. */
  sets: { min: 1, max: MAX_SETS_PER_EXERCISE },
  reps: SESSION_LIMITS.reps,
  notes: 1000,
  goalTitle: 200,
  goalDescription: 2000,
} as const;

/** A limit written in inches, in the member's unit, rounded as shown. */
function lengthLimit(inches: number, unit: LengthUnit): number {
  return unit === "cm" ? roundForDisplay(inches * 2.54) : inches;
}

/** A yyyy-mm-dd date no later than today (in the site's time zone). */
function pastDate(today: string) {
  return z
    .string({ error: "Please choose a date" })
    .trim()
    .min(1, "Please choose a date")
    .refine(isPlainDate, "Please enter a valid date")
    .refine((d) => d >= "1900-01-01", "Please enter a valid date")
    .refine((d) => d <= today, "The date cannot be in the future");
}

const notes = multiLineText({ error: "Notes must be text" })
  .max(LIMITS.notes, `Notes must be at most ${LIMITS.notes} characters`)
  .optional()
  .transform((v) => v ?? "");

export interface FormContext {
  /** The member's weight unit; lengths follow it (lbs with inches, kg with cm). */
  unit: WeightUnit;
  /** Today in the site's time zone, yyyy-mm-dd. */
  today: string;
}

/** The rule for one value of a kind, in the member's unit. */
export function valueRule(kind: EntryKind, unit: WeightUnit): NumberRule {
  const length = lengthUnitFor(unit);
  if (kind === "weight") return { label: "Weight", min: 0, max: weightLimitIn(LIMITS.bodyWeightLbs, unit), minExclusive: true, oneDecimal: true, unit };
  if (kind === "muscle_mass") return { label: "Muscle mass", min: 0, max: weightLimitIn(LIMITS.muscleMassLbs, unit), minExclusive: true, oneDecimal: true, unit };
  if (kind === "body_fat") return { label: "Body fat", min: LIMITS.bodyFat.min, max: LIMITS.bodyFat.max, oneDecimal: true, unit: "%" };
  if (isMeasurementSite(kind)) {
    return { label: kindLabels[kind], min: lengthLimit(LIMITS.measurementIn.min, length), max: lengthLimit(LIMITS.measurementIn.max, length), unit: length };
  }
  return liftWeightRule(unit);
}

const setsRule: NumberRule = { label: "Sets", min: LIMITS.sets.min, max: LIMITS.sets.max, integer: true };
const repsRule: NumberRule = { label: "Reps", min: LIMITS.reps.min, max: LIMITS.reps.max, integer: true };

/** Log Progress: weight, body fat or muscle mass. */
export function bodyCompositionSchema(ctx: FormContext) {
  return z
    .object({
      type: z.enum(bodyKinds, { error: "Please choose weight, body fat or muscle mass" }),
      value: z.unknown().optional(),
      date: pastDate(ctx.today),
      notes,
    })
    .transform((input, zctx) => {
      const parsed = requiredNumber(valueRule(input.type, ctx.unit)).safeParse(input.value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) zctx.addIssue({ code: "custom", message: issue.message, path: ["value"] });
        return z.NEVER;
      }
      return { ...input, value: parsed.data };
    });
}
export type BodyCompositionInput = z.output<ReturnType<typeof bodyCompositionSchema>>;

export const MEASUREMENT_REQUIRED = "Please enter at least one measurement";

/** Add Measurement: any of the six sites, at least one. */
export function measurementsSchema(ctx: FormContext) {
  const site = (s: MeasurementSite) => optionalNumber(valueRule(s, ctx.unit));
  return z
    .object({
      chest: site("chest"),
      waist: site("waist"),
      hips: site("hips"),
      biceps: site("biceps"),
      thighs: site("thighs"),
      neck: site("neck"),
      date: pastDate(ctx.today),
      notes,
    })
    .refine((m) => measurementSites.some((s) => m[s] !== undefined), { message: MEASUREMENT_REQUIRED, path: ["form"] });
}
export type MeasurementsInput = z.output<ReturnType<typeof measurementsSchema>>;

/** Log Workout: an exercise of the spec's list with sets, reps and weight. */
export function workoutSchema(ctx: FormContext) {
  return z.object({
    exercise: z.enum(exercises, { error: "Please choose an exercise from the list" }),
    sets: requiredNumber(setsRule),
    reps: requiredNumber(repsRule),
    weight: requiredNumber(valueRule("bench_press", ctx.unit)),
    date: pastDate(ctx.today),
    notes,
  });
}
export type WorkoutInput = z.output<ReturnType<typeof workoutSchema>>;

/** Set Goal (and editing a goal): title and description required, target date today or later. */
export function goalSchema(ctx: { today: string; /** An earlier target date, now past, that an edit may keep. */ keepTargetDate?: string | null }) {
  return z.object({
    title: singleLineText({ error: "Title is required" })
      .min(1, "Title is required")
      .max(LIMITS.goalTitle, `Title must be at most ${LIMITS.goalTitle} characters`),
    description: multiLineText({ error: "Description is required" })
      .min(1, "Description is required")
      .max(LIMITS.goalDescription, `Description must be at most ${LIMITS.goalDescription} characters`),
    targetDate: z
      .string({ error: "Please enter a valid date" })
      .trim()
      .optional()
      .transform((v) => (v ? v : null))
      .refine((d) => d === null || isPlainDate(d), "Please enter a valid date")
      .refine((d) => d === null || d >= ctx.today || d === ctx.keepTargetDate, "The target date cannot be in the past"),
    status: z
      .enum(goalStatuses, { error: "Please choose a status" })
      .optional()
      .transform((v) => v ?? "not_started"),
  });
}
export type GoalInput = z.output<ReturnType<typeof goalSchema>>;

/**
 * Editing one entry: its value and date (and sets and reps for a lift). The kind stays;
 * the rules are the kind's own.
 */
export function entryEditSchema(kind: EntryKind, ctx: FormContext) {
  const base = {
    value: requiredNumber(valueRule(kind, ctx.unit)),
    date: pastDate(ctx.today),
    notes,
  };
  if (isExercise(kind)) return z.object({ ...base, sets: requiredNumber(setsRule), reps: requiredNumber(repsRule) });
  return z.object({ ...base, sets: z.unknown().optional().transform(() => undefined), reps: z.unknown().optional().transform(() => undefined) });
}
export type EntryEditInput = z.output<ReturnType<typeof entryEditSchema>>;
