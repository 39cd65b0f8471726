import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/text-field";

/**
 * Nutrition documents: the categories members browse (the spec's tabs), the types that
 * pick a card's icon, and the staff form. Safe in the browser.
 */
export const DOCUMENT_CATEGORIES = [
  { value: "meal-plans", label: "Meal Plans" },
  { value: "recipes", label: "Recipes" },
  { value: "education", label: "Education" },
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number]["value"];

export const DOCUMENT_TYPES = [
  { value: "pdf", label: "PDF" },
  { value: "video", label: "Video" },
  { value: "other", label: "Other" },
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number]["value"];

export const CATEGORY_LABELS: Record<DocumentCategory, string> = { "meal-plans": "Meal Plans", recipes: "Recipes", education: "Education" };
export const TYPE_LABELS: Record<DocumentType, string> = { pdf: "PDF", video: "Video", other: "Other" };

/** The category a query string names, else the first tab (Meal Plans). */
export function toDocumentCategory(value: string | null | undefined): DocumentCategory {
  return DOCUMENT_CATEGORIES.some((c) => c.value === value) ? (value as DocumentCategory) : "meal-plans";
}

export const NUTRITION_MESSAGES = {
  titleRequired: "Please enter a title",
  titleTooLong: "Title must be at most 200 characters",
  descriptionTooLong: "Description must be at most 2,000 characters",
  category: "Please choose a category",
  type: "Please choose a type",
  sourceMissing: "Please upload a PDF or enter a link",
  sourceBoth: "Please choose either an uploaded PDF or a link, not both",
  url: "Please enter a link that starts with http:// or https://",
  urlTooLong: "The link must be at most 2,000 characters",
  fileIsPdf: "An uploaded file is a PDF: please choose the type PDF",
} as const;

const oneLine = z.preprocess((v) => v ?? "", singleLineText());
const optionalLine = z.preprocess((v) => (typeof v === "string" ? v : ""), singleLineText());
const optionalText = z.preprocess((v) => (typeof v === "string" ? v : ""), multiLineText());

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * The staff form: title, description, category, type and exactly one source, an
 * uploaded PDF (its upload id) or an http(s) link. Empty strings count as absent.
 */
export const documentInputSchema = z
  .object({
    title: oneLine.pipe(z.string().min(1, NUTRITION_MESSAGES.titleRequired).max(200, NUTRITION_MESSAGES.titleTooLong)),
    description: optionalText.pipe(z.string().max(2000, NUTRITION_MESSAGES.descriptionTooLong)),
    category: z.enum(["meal-plans", "recipes", "education"], { error: NUTRITION_MESSAGES.category }),
    type: z.enum(["pdf", "video", "other"], { error: NUTRITION_MESSAGES.type }),
    uploadId: optionalLine.pipe(z.string().max(100)),
    url: optionalLine.pipe(z.string().max(2000, NUTRITION_MESSAGES.urlTooLong)),
  })
  .superRefine((value, ctx) => {
    const hasFile = value.uploadId.length > 0;
    const hasUrl = value.url.length > 0;
    if (!hasFile && !hasUrl) ctx.addIssue({ code: "custom", path: ["source"], message: NUTRITION_MESSAGES.sourceMissing });
    if (hasFile && hasUrl) ctx.addIssue({ code: "custom", path: ["source"], message: NUTRITION_MESSAGES.sourceBoth });
    if (hasUrl && !isHttpUrl(value.url)) ctx.addIssue({ code: "custom", path: ["url"], message: NUTRITION_MESSAGES.url });
    if (hasFile && value.type !== "pdf") ctx.addIssue({ code: "custom", path: ["type"], message: NUTRITION_MESSAGES.fileIsPdf });
  });

export type DocumentInput = z.input<typeof documentInputSchema>;
export type DocumentData = z.output<typeof documentInputSchema>;
export type DocumentField = "title" | "description" | "category" | "type" | "uploadId" | "url" | "source";
