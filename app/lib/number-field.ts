/** Zod fields of the one number reader (number-rules.ts, decision 0045): a form's schema uses these. */
import { z } from "zod";
import { readNumber, type NumberRule } from "./number-rules";

function readField(raw: unknown, rule: NumberRule, required: boolean, ctx: z.RefinementCtx): number | undefined {
  const read = readNumber(raw, rule, required);
  if (read.problem !== null) {
    ctx.addIssue({ code: "custom", message: read.problem });
    return z.NEVER;
  }
  return read.value;
}

/** A required number typed into a form (a string) or sent as JSON (a number). */
export function requiredNumber(rule: NumberRule) {
  // optional() first: an absent key still reaches the transform, which names it.
  return z
    .unknown()
    .optional()
    .transform((raw, ctx): number => readField(raw, rule, true, ctx) as number);
}

/** A number that may be left blank (undefined). */
export function optionalNumber(rule: NumberRule) {
  return z
    .unknown()
    .optional()
    .transform((raw, ctx): number | undefined => readField(raw, rule, false, ctx));
}
