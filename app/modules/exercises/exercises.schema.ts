import { z } from "zod";
import { multiLineText, singleLineText, toSingleLine } from "~/lib/text-field";
import { pageNumber, searchText } from "~/lib/search-params";
import { CATEGORY_KEYS, EQUIPMENT_KEYS, MEASURE_KEYS, MUSCLE_KEYS } from "./exercise-keys";

/**
 * The exercise form (staff) and the library's query: one schema each, used by the
 * browser for instant messages and by the server for the real check.
 */

export const EXERCISE_NAME_MAX = 100;
export const CUES_MAX = 5;
export const CUE_MAX = 200;
export const VIDEO_URL_MAX = 500;

const MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Please keep the name under ${EXERCISE_NAME_MAX} characters`,
  category: "Please choose a category",
  measure: "Please choose how the exercise is measured",
  primaryMuscles: "Please choose at least one primary muscle",
  bothLists: "A muscle is either primary or secondary, not both",
  equipment: "Please choose the equipment (Bodyweight when none is needed)",
  unknownChoice: "Please choose from the list",
  cues: `Please give at most ${CUES_MAX} cues, one per line, each under ${CUE_MAX} characters`,
  video: "The video link must be a full https:// address, e.g. https://www.youtube.com/watch?v=…",
  image: "That image is not valid",
} as const;

/** Ticked checkboxes: one value is a string, several an array, none absent; JSON callers send arrays. */
const ticked = <K extends string>(keys: Readonly<[K, ...K[]]>, atLeastOne?: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.enum(keys, { error: MESSAGES.unknownChoice }))
      .min(atLeastOne ? 1 : 0, atLeastOne)
      .transform((list) => [...new Set(list)]),
  );

/** A video link to show with the exercise: https only (the page must not load anything else in the clear). */
function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" && url.hostname.includes(".") && url.username === "" && url.password === "";
}

export const exerciseSchema = z
  .object({
    name: singleLineText({ error: MESSAGES.nameRequired }).min(1, MESSAGES.nameRequired).max(EXERCISE_NAME_MAX, MESSAGES.nameTooLong),
    category: z.enum(CATEGORY_KEYS, { error: MESSAGES.category }),
    measure: z.enum(MEASURE_KEYS, { error: MESSAGES.measure }),
    primaryMuscles: ticked(MUSCLE_KEYS, MESSAGES.primaryMuscles),
    secondaryMuscles: ticked(MUSCLE_KEYS),
    equipment: ticked(EQUIPMENT_KEYS, MESSAGES.equipment),
    /** One cue per line; blank lines are dropped. */
    cues: z.preprocess(
      (v) => (v == null ? "" : v),
      multiLineText()
        .transform((text) =>
          text
            .split("\n")
            .map((line) => line.trim())
            .filter((line) => line.length > 0),
        )
        .refine((lines) => lines.length <= CUES_MAX && lines.every((line) => line.length <= CUE_MAX), MESSAGES.cues),
    ),
    demoImageId: z.preprocess((v) => (v === "" || v == null ? null : v), z.string().max(100, MESSAGES.image).nullable()),
    videoUrl: z.preprocess(
      (v) => (typeof v === "string" ? (toSingleLine(v).trim() || null) : (v ?? null)),
      z.string().max(VIDEO_URL_MAX, MESSAGES.video).refine(isHttpsUrl, MESSAGES.video).nullable(),
    ),
  })
  .superRefine((value, context) => {
    if (value.secondaryMuscles.some((m) => value.primaryMuscles.includes(m))) {
      context.addIssue({ code: "custom", path: ["secondaryMuscles"], message: MESSAGES.bothLists });
    }
  });

export type ExerciseInput = z.output<typeof exerciseSchema>;
export type ExerciseField = keyof ExerciseInput;

/** The order of the fields on the form, for focusing the first invalid one. */
export const exerciseFieldOrder: ExerciseField[] = ["name", "category", "measure", "primaryMuscles", "secondaryMuscles", "equipment", "cues", "demoImageId", "videoUrl"];

/** The library's address: ?q= searches names, ?muscle= and ?equipment= filter, ?page= pages; anything else is ignored. */
export const exerciseQuery = z.object({
  q: searchText(EXERCISE_NAME_MAX),
  page: pageNumber,
  muscle: z.enum(MUSCLE_KEYS).optional().catch(undefined),
  equipment: z.enum(EQUIPMENT_KEYS).optional().catch(undefined),
});

export type ExerciseQuery = z.output<typeof exerciseQuery>;

/** What the form's fields hold: texts, and the ticked keys of the checkbox groups. */
export type ExerciseFormValues = Partial<Record<ExerciseField, string | string[]>>;

/** The form's fields as the schema reads them (the checkbox groups as lists, whatever was ticked). */
export function exerciseFormInput(form: FormData): Record<string, unknown> {
  return {
    ...Object.fromEntries(form),
    primaryMuscles: form.getAll("primaryMuscles"),
    secondaryMuscles: form.getAll("secondaryMuscles"),
    equipment: form.getAll("equipment"),
  };
}
