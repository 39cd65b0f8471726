import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/text-field";
import { requiredNumber } from "~/lib/number-field";
import { ARTICLE_CATEGORIES } from "./article-categories";

export const READ_TIME_DEFAULT = 5;
export const READ_TIME_MAX = 999;
const READ_TIME_MESSAGE = "Read time must be a whole number of at least 1";

/** A form checkbox posts "on" when ticked and nothing otherwise; JSON callers send booleans. */
const checkbox = z.preprocess((v) => v === true || v === "true" || v === "on", z.boolean());

const optionalText = (max: number, message: string) => z.preprocess((v) => (v == null ? "" : v), multiLineText().max(max, message));

/**
 * The article editor (spec section 5): title and content required, read time a whole
 * number of at least 1, category from the list. Checked in the browser and again on
 * the server; accepts form strings and typed JSON alike.
 */
/** The editor's post: room for the 100,000-character content limit in UTF-8, plus the other fields. */
export const ARTICLE_FORM_MAX_BYTES = 512 * 1024;

export const articleSchema = z.object({
  title: singleLineText({ error: "Title is required" }).min(1, "Title is required").max(200, "Please keep the title under 200 characters"),
  excerpt: optionalText(500, "Please keep the excerpt under 500 characters"),
  content: multiLineText({ error: "Content is required" }).min(1, "Content is required").max(100_000, "Please keep the content under 100,000 characters"),
  category: z.preprocess((v) => (v === "" ? undefined : v), z.enum(ARTICLE_CATEGORIES, { error: "Please choose a category" })),
  imageId: z.preprocess((v) => (v === "" || v == null ? null : v), z.string().max(100, "That image is not valid").nullable()),
  readTime: requiredNumber({
    label: "Read time",
    min: 1,
    max: READ_TIME_MAX,
    integer: true,
    messages: { missing: READ_TIME_MESSAGE, invalid: READ_TIME_MESSAGE, integer: READ_TIME_MESSAGE, tooSmall: READ_TIME_MESSAGE, tooLarge: `Read time must be at most ${READ_TIME_MAX} minutes` },
  }),
  published: checkbox,
  membersOnly: checkbox,
});

export type ArticleInput = z.output<typeof articleSchema>;
export type ArticleField = keyof ArticleInput;

/** The order of the fields on the form, for focusing the first invalid one. */
export const articleFieldOrder: ArticleField[] = ["title", "excerpt", "content", "category", "imageId", "readTime", "membersOnly", "published"];

export type ArticleFormValues = Partial<Record<ArticleField, string>>;

