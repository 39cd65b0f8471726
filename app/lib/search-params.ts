/**
 * A query string is untrusted input, like a form: a bookmarked, shared or typed address
 * may carry anything. Each route reads its query through one zod schema whose every
 * field has a fallback, so a missing, malformed or out-of-range value becomes that
 * field's default and the page answers as if it were absent (docs/decisions, "query
 * strings"). Control characters never reach a schema, the database or a header.
 */
import { z } from "zod";
import { requiredNumber } from "./number-field";

/** NUL and the rest of Unicode's control characters (C0, DEL, C1). */
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** A schema's fields, each with its fallback (`.catch(…)`): reading a query never fails. */
export type SearchShape = Record<string, z.ZodCatch<z.ZodType>>;

/**
 * The query of `source` as `schema` reads it: only the schema's keys, each key's first
 * value (a repeated key counts once), control characters removed.
 */
export function parseSearchParams<S extends SearchShape>(source: Request | URL | string, schema: z.ZodObject<S>): z.output<z.ZodObject<S>> {
  const params = new URL(source instanceof Request ? source.url : source).searchParams;
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    // A redirect target is refused whole, never repaired: `/ev\til.example` must not become a path.
    if (value !== null) input[key] = schema.shape[key] === redirectPath ? value : value.replace(CONTROL_CHARACTERS, "");
  }
  return schema.parse(input);
}

/** Free text (a search): trimmed and cut to `max` characters; absent is "". */
export const searchText = (max: number) =>
  z
    .string()
    .transform((s) => s.trim().slice(0, max))
    .catch("");

/** A page number from 1; anything else (0, -1, 1e309, abc) is page 1. Pages past the last show the last. */
export const pageNumber = requiredNumber({ label: "Page", min: 1, max: 1_000_000, integer: true }).catch(1);

/** An id or token naming a record: 1 to `max` characters, else absent (undefined). */
export const reference = (max = 100) => z.string().trim().min(1).max(max).optional().catch(undefined);

/** A value the page checks with `test` (a date, a month), else absent (undefined). */
export const valueWhere = (test: (value: string) => boolean) => z.string().refine(test).optional().catch(undefined);

/** A switch in the address (`?add=1`): on only when it is exactly "1". */
export const flag = z
  .string()
  .transform((v) => v === "1")
  .catch(false);

/**
 * A path to go on to after signing in (?redirectTo=, ?next=): printable ASCII only (what
 * an encoded path is), else absent; a control character anywhere makes it absent (it is
 * not stripped, as other values are). Whether the path is safe is `safeRedirect`'s
 * question; this only keeps what cannot be a header value out.
 */
export const redirectPath = z
  .string()
  .regex(/^[\x21-\x7e]+$/)
  .optional()
  .catch(undefined);

/** The query of a one-time link (set-up, password reset, invitation): its ?token=. */
export const tokenQuery = z.object({ token: reference(200) });
