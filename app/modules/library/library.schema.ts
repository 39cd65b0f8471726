import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/text-field";
import { requiredNumber } from "~/lib/number-field";
import { ARTICLE_CATEGORIES } from "~/modules/articles/article-categories";
import { DIFFICULTY_LEVELS, MEAL_PLAN_CATEGORIES, SCHEDULE_CATEGORIES, VIDEO_CATEGORIES } from "./library-types";

/**
 * One schema per 'Add Content' form, used by the browser (instant messages) and by the
 * server (the real check). Field names are the form's input names.
 */

/** A text of several lines (a description, instructions), required. */
const requiredText = (name: string, max: number) =>
  multiLineText({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);

/** A one-line text (a title, a link, a duration), required. */
const requiredLine = (name: string, max: number) =>
  singleLineText({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);

const optionalText = (name: string, max: number) => multiLineText().max(max, `${name} must be at most ${max} characters`).default("");

/** A whole number typed into a form (or sent as a number in JSON), within a sensible range. */
const wholeNumber = (name: string, min: number, max: number) => requiredNumber({ label: name, min, max, integer: true, messages: { invalid: `${name} must be a whole number` } });

/** A checkbox: present ("on") means yes; absent means the default, no. */
const membersOnly = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

/** The upload id the image field put in its hidden input; empty means no image. */
const imageId = z.preprocess((v) => (v === "" || v === undefined ? null : v), z.string().max(100, "Unknown image").nullable());

const category = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: "Please choose a category" });
const difficulty = z.enum(DIFFICULTY_LEVELS, { error: "Please choose a difficulty" });

const isHttpUrl = (value: string) => {
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return false;
  return new URL(value).hostname.includes(".");
};

export const cmsArticleSchema = z.object({
  title: requiredLine("Title", 200),
  content: requiredText("Content", 50_000),
  category: category(ARTICLE_CATEGORIES),
  imageId,
  membersOnly,
});

export const videoSchema = z.object({
  title: requiredLine("Title", 200),
  description: requiredText("Description", 2000),
  videoUrl: requiredLine("Video URL", 500).refine(isHttpUrl, "Please enter a valid URL (YouTube or Vimeo)"),
  duration: requiredLine("Duration", 20).regex(/^\d{1,3}:[0-5]\d(:[0-5]\d)?$/, "Enter the duration as minutes:seconds, e.g. 10:30"),
  category: category(VIDEO_CATEGORIES),
  imageId,
  membersOnly,
});

export const mealPlanSchema = z.object({
  title: requiredLine("Title", 200),
  description: requiredText("Description", 2000),
  caloriesPerDay: wholeNumber("Calories per day", 500, 10_000),
  durationWeeks: wholeNumber("Duration in weeks", 1, 104),
  ingredients: requiredText("Ingredients", 10_000),
  instructions: requiredText("Instructions", 20_000),
  category: category(MEAL_PLAN_CATEGORIES),
  difficulty,
  imageId,
  membersOnly,
});

export const scheduleSchema = z.object({
  title: requiredLine("Title", 200),
  description: requiredText("Description", 2000),
  durationWeeks: wholeNumber("Duration in weeks", 1, 104),
  workoutsPerWeek: wholeNumber("Workouts per week", 1, 14),
  schedule: requiredText("Weekly schedule", 20_000),
  equipmentNeeded: requiredText("Equipment needed", 5000),
  notes: optionalText("Additional notes", 5000),
  category: category(SCHEDULE_CATEGORIES),
  difficulty,
  imageId,
  membersOnly,
});

/** A content item of any type, as the content module stores it. */
export const contentInputSchema = z.discriminatedUnion("type", [
  videoSchema.extend({ type: z.literal("video") }),
  mealPlanSchema.extend({ type: z.literal("meal_plan") }),
  scheduleSchema.extend({ type: z.literal("schedule") }),
]);

export type CmsArticleInput = z.output<typeof cmsArticleSchema>;
export type VideoInput = z.output<typeof videoSchema>;
export type MealPlanInput = z.output<typeof mealPlanSchema>;
export type ScheduleInput = z.output<typeof scheduleSchema>;
export type ContentInput = z.input<typeof contentInputSchema>;
export type ParsedContentInput = z.output<typeof contentInputSchema>;

/** The form's schema for each tab. */
export const formSchemas = {
  articles: cmsArticleSchema,
  videos: videoSchema,
  "meal-plans": mealPlanSchema,
  schedules: scheduleSchema,
} as const;
