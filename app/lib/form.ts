import type { z } from "zod";

/** Field messages of a failed parse, first message per field. */
export function fieldErrors<T extends string>(error: z.ZodError): Partial<Record<T, string>> {
  const out: Partial<Record<T, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form") as T;
    out[key] ??= issue.message;
  }
  return out;
}

/** The single-text values of a failed answer's echo (a form without repeated fields). */
export function textValues(values: Record<string, string | string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values ?? {})) if (typeof value === "string") out[key] = value;
  return out;
}

/** The field messages a schema gives for a value, none when it passes (a form's check in the browser). */
export function schemaProblems<T extends string>(schema: z.ZodType, value: unknown): Partial<Record<T, string>> {
  const parsed = schema.safeParse(value);
  return parsed.success ? {} : fieldErrors<T>(parsed.error);
}
