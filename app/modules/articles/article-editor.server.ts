import { data } from "react-router";
import { fieldErrors } from "~/lib/form";
import { BodyError, readFormOrJson } from "~/lib/request-body.server";
import { articleSchema, type ArticleActionData, type ArticleField, type ArticleFormValues, type ArticleInput } from "./articles.schema";

/** Room for the 100,000-character content limit in UTF-8, plus the other fields. */
const MAX_BODY_BYTES = 512 * 1024;

/** Only strings go back into the form. */
function echo(body: Record<string, unknown>): ArticleFormValues {
  const out: ArticleFormValues = {};
  for (const key of ["title", "excerpt", "content", "category", "imageId", "readTime", "published", "membersOnly"] as const) {
    const value = body[key];
    if (typeof value === "string") out[key] = value.slice(0, 100_000);
    else if (typeof value === "number" || typeof value === "boolean") out[key] = String(value);
  }
  return out;
}

export function saveFailed(body: Record<string, unknown>, fields: ArticleActionData["fieldErrors"], status: 400 | 404 | 409 | 413 | 415, description?: string) {
  return data<ArticleActionData>({ ok: false, error: "Failed to save article", description, fieldErrors: fields, values: echo(body) }, { status });
}

/**
 * The editor's post (a plain form without JavaScript, or JSON), read and checked
 * against the same schema the browser used. A refusal is a ready 4xx answer.
 */
export async function readArticleSubmission(
  request: Request,
): Promise<
  | { kind: "delete"; body: Record<string, unknown> }
  | { kind: "save"; input: ArticleInput; body: Record<string, unknown> }
  | { kind: "invalid"; response: ReturnType<typeof saveFailed> }
> {
  let body: Record<string, unknown>;
  try {
    body = await readFormOrJson(request, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyError) return { kind: "invalid", response: saveFailed({}, {}, error.status, error.message) };
    throw error;
  }
  if (body.intent === "delete") return { kind: "delete", body };
  const parsed = articleSchema.safeParse(body);
  if (!parsed.success) return { kind: "invalid", response: saveFailed(body, fieldErrors<ArticleField>(parsed.error), 400) };
  return { kind: "save", input: parsed.data, body };
}
