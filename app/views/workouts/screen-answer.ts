/**
 * The workout screen's forms post as plain forms (decision 0109): a refused one comes back
 * as the page with the action's answer, and each form shows the answer that names it.
 */
import type { ActionFailure } from "~/lib/action.server";

export type ScreenAnswer = ActionFailure;

/** A typed value the refused form sent, as text ('' when it sent none). */
export function answerValue(answer: ScreenAnswer, name: string): string {
  const value = answer.values[name];
  return typeof value === "string" ? value : "";
}

/** The answer if it is this form's: its intent (null: any of the row's) and the row it names by `field`. */
export function answerFor(answer: ScreenAnswer | null, intent: string | null, field: string, value: string): ScreenAnswer | null {
  if (!answer || (intent !== null && answer.intent !== intent)) return null;
  return answerValue(answer, field) === value ? answer : null;
}
