import { z } from "zod";
import { DAYS_PER_WEEK, MAX_BLOCKS_PER_DAY } from "./program-sizes";
import { multiLineText, singleLineText } from "~/lib/text-field";
import { optionalNumber as optionalNumberField, requiredNumber } from "~/lib/number-field";
import { searchText } from "~/lib/search-params";
import { EXERCISE_NAME_MAX } from "~/modules/exercises/exercises.schema";
import { isPlainDate } from "~/lib/time-zone";
import { weightToKg } from "~/lib/units";
import { exerciseMeasures, type ExerciseMeasure } from "~/db/schema/exercises";

/**
 * The program builder's forms, checked in the browser and again on the server with the
 * same messages. Safe in the browser, so the tables' value lists are written again here
 * (program-read.server.ts holds them equal to app/db/schema's at compile time).
 */

export const loadKinds = ["none", "weight", "percent_1rm", "rpe", "rir"] as const;
export type LoadKind = (typeof loadKinds)[number];
export const groupKinds = ["superset", "circuit"] as const;
export type GroupKind = (typeof groupKinds)[number];
export type { ExerciseMeasure };


export const loadKindLabels: Record<LoadKind, string> = {
  none: "No load",
  weight: "Weight",
  percent_1rm: "% of 1RM",
  rpe: "RPE",
  rir: "RIR",
};

export const groupKindLabels: Record<GroupKind, string> = { superset: "Superset", circuit: "Circuit" };

/** Value ranges of each load kind (weights in kilograms, after conversion). */
export const loadRanges = {
  weight: { min: 0.5, max: 1000, message: "Weight must be between 0.5 and 1000 kg (2200 lbs)" },
  percent_1rm: { min: 1, max: 120, message: "% of 1RM must be between 1 and 120" },
  rpe: { min: 1, max: 10, message: "RPE must be between 1 and 10" },
  rir: { min: 0, max: 10, message: "RIR must be between 0 and 10" },
} as const;

const text = (label: string, max: number) => multiLineText().max(max, `${label} must be at most ${max} characters`).default("");
const id = (message: string) => z.string({ message }).trim().min(1, message).max(100, message);

/** An empty field is "not given"; anything else must be a decimal number (its range is checked per measure below). */
const optionalNumber = (message: string) => optionalNumberField({ label: message, messages: { invalid: message } });

/** A choice posted as a number (a day slot, a position): any other answer is the same request to choose. */
const choiceNumber = (min: number, max: number, message: string) =>
  requiredNumber({ label: message, min, max, integer: true, messages: { missing: message, invalid: message, integer: message, tooSmall: message, tooLarge: message } });

export const programDetailsSchema = z.object({
  name: singleLineText({ message: "Please enter the program name" }).min(1, "Please enter the program name").max(120, "Program name must be at most 120 characters"),
  description: text("Description", 2000),
});
export type ProgramDetails = z.output<typeof programDetailsSchema>;

/** A day slot of a week: 0 is the week's first day. */
export const daySlotSchema = z.object({
  dayIndex: choiceNumber(0, DAYS_PER_WEEK - 1, "Please choose a day of the week"),
});

export const dayFormSchema = z.object({
  title: singleLineText({ message: "Please enter the day's title" }).min(1, "Please enter the day's title").max(120, "Day title must be at most 120 characters"),
  notes: text("Notes", 2000),
});
export type DayForm = z.output<typeof dayFormSchema>;

export const TEMPO = /^(?:\d{1,2}|X)(?:-(?:\d{1,2}|X)){3}$/;
const REPS = /^(\d{1,3})(?:\s*-\s*(\d{1,3}))?$/;

/**
 * The block form. `measure` is the chosen exercise's (the browser reads it from the picker;
 * the server puts the stored exercise's in its place). Reps are "8" or a range "8-12";
 * a weight is typed in `loadUnit` and kept in kilograms.
 */
export const blockFormSchema = z
  .object({
    exerciseId: id("Please choose an exercise"),
    measure: z.enum(exerciseMeasures, { message: "Please choose an exercise" }),
    sets: requiredNumber({ label: "Sets", min: 1, max: 20, integer: true, messages: { missing: "Please enter the number of sets", invalid: "Sets must be a whole number" } }),
    reps: singleLineText().max(20, "Reps must be a number like 8 or a range like 8-12").default(""),
    durationSeconds: optionalNumber("Time must be a number of seconds"),
    distanceMeters: optionalNumber("Distance must be a number of metres"),
    loadKind: z.enum(loadKinds, { message: "Please choose how the load is given" }).default("none"),
    loadValue: optionalNumber("Load must be a number"),
    loadUnit: z.enum(["kg", "lbs"], { message: "Weight unit must be kg or lbs" }).default("kg"),
    restSeconds: optionalNumber("Rest must be a number of seconds"),
    tempo: singleLineText().max(20, 'Tempo must be four numbers like "3-1-1-0"').default(""),
    notes: text("Notes", 1000),
  })
  .superRefine((form, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const counted = form.measure === "weight_reps" || form.measure === "reps";
    if (counted) {
      const match = REPS.exec(form.reps);
      if (!match) issue("reps", "Reps must be a number like 8 or a range like 8-12");
      else {
        const min = Number(match[1]);
        const max = match[2] === undefined ? min : Number(match[2]);
        if (min < 1 || max > 100) issue("reps", "Reps must be between 1 and 100");
        else if (max < min) issue("reps", "The range must go from the lower number to the higher, like 8-12");
      }
    }
    if (form.measure === "time") {
      const s = form.durationSeconds;
      if (s === undefined || !Number.isInteger(s) || s < 1 || s > 86_400) issue("durationSeconds", "Time must be between 1 and 86400 seconds");
    }
    if (form.measure === "distance") {
      const m = form.distanceMeters;
      if (m === undefined || m <= 0 || m > 1_000_000) issue("distanceMeters", "Distance must be between 1 and 1000000 metres");
    }
    if (form.loadKind !== "none") {
      if ((form.loadKind === "weight" || form.loadKind === "percent_1rm") && form.measure !== "weight_reps") {
        issue("loadKind", "Weight and % of 1RM need an exercise measured by weight and reps");
      } else {
        const range = loadRanges[form.loadKind];
        const value = form.loadValue;
        const kg = value !== undefined && form.loadKind === "weight" ? weightToKg(value, form.loadUnit) : value;
        if (kg === undefined) issue("loadValue", `Please enter the ${loadKindLabels[form.loadKind]}`);
        else if (kg < range.min - 1e-9 || kg > range.max + 1e-9) issue("loadValue", range.message);
      }
    }
    const rest = form.restSeconds;
    if (rest !== undefined && (!Number.isInteger(rest) || rest < 0 || rest > 3600)) issue("restSeconds", "Rest must be between 0 and 3600 seconds");
    if (form.tempo !== "" && !TEMPO.test(form.tempo)) issue("tempo", 'Tempo must be four numbers like "3-1-1-0"');
  });
export type BlockFormInput = z.input<typeof blockFormSchema>;
export type BlockFormField = keyof BlockFormInput;

/** What a valid block form stores: the targets its exercise's measure uses, the load in kilograms. */
export interface BlockTargets {
  exerciseId: string;
  sets: number;
  repsMin: number | null;
  repsMax: number | null;
  durationSeconds: number | null;
  distanceMeters: number | null;
  loadKind: LoadKind;
  loadValue: number | null;
  restSeconds: number | null;
  tempo: string;
  notes: string;
}

export function blockTargets(form: z.output<typeof blockFormSchema>): BlockTargets {
  const counted = form.measure === "weight_reps" || form.measure === "reps";
  const reps = counted ? REPS.exec(form.reps) : null;
  const repsMin = reps ? Number(reps[1]) : null;
  const loadValue = form.loadKind === "none" || form.loadValue === undefined ? null : form.loadKind === "weight" ? weightToKg(form.loadValue, form.loadUnit) : form.loadValue;
  return {
    exerciseId: form.exerciseId,
    sets: form.sets,
    repsMin,
    repsMax: reps ? (reps[2] === undefined ? repsMin : Number(reps[2])) : null,
    durationSeconds: form.measure === "time" ? (form.durationSeconds ?? null) : null,
    distanceMeters: form.measure === "distance" ? (form.distanceMeters ?? null) : null,
    loadKind: form.loadKind,
    loadValue,
    restSeconds: form.restSeconds ?? null,
    tempo: form.tempo,
    notes: form.notes,
  };
}

/** Two or more blocks of one day, done together. */
export const groupFormSchema = z.object({
  blockIds: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.string().max(100), { message: "Select two or more exercises to group" }).min(2, "Select two or more exercises to group").max(MAX_BLOCKS_PER_DAY, "Select two or more exercises to group"),
  ),
  groupKind: z.enum(groupKinds, { message: "Please choose superset or circuit" }),
});

/** A new place for a block within its day: 1 is the top. */
export const blockPositionSchema = z.object({
  position: choiceNumber(1, MAX_BLOCKS_PER_DAY, "Please choose a position"),
});

export const FORM_OUT_OF_DATE = "This form is out of date. Please reload the page and try again.";

const memberIdsSchema = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.string().trim().max(100), { message: "Please choose at least one member" }).min(1, "Please choose at least one member").max(200, "Please choose at most 200 members at a time"),
);

export const assignFormSchema = z.object({
  memberIds: memberIdsSchema,
  startDate: z
    .string({ message: "Please enter the start date" })
    .trim()
    .min(1, "Please enter the start date")
    .refine(isPlainDate, "Please enter a real date (yyyy-mm-dd)")
    .refine((value) => !isPlainDate(value) || (value >= "2000-01-01" && value <= "2100-12-31"), "Please choose a start date between 2000 and 2100"),
  /** The form's own token (the page makes one): the same form posted twice is one assignment. */
  assignment: z.string().uuid(FORM_OUT_OF_DATE).optional(),
});
export type AssignForm = z.output<typeof assignFormSchema>;

export const weekdayLabel = (dayIndex: number) => `Day ${dayIndex + 1}`;

/** The block form's picker lists at most this many exercises: typing narrows the library (decision 0054). */
export const EXERCISE_CHOICES = 50;

/** The block form's picker as the coach types: the search. */
export const exerciseChoicesQuery = z.object({ q: searchText(EXERCISE_NAME_MAX) });

/** The assign form lists at most this many members: a search narrows them, and those ticked stay (decision 0054). */
export const MEMBER_CHOICES = 50;

/** The longest member search read: a part of a name or an e-mail address. */
export const MEMBER_SEARCH_MAX = 100;

/** The assign form's member search: a part of a name or an e-mail address. */
export const memberChoicesQuery = z.object({ q: searchText(MEMBER_SEARCH_MAX) });
