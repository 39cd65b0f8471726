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
