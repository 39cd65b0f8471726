import type { ActionData, ActionFailure } from "~/lib/action.server";
import type { Toast } from "~/lib/toast";
import type { WeightUnit } from "~/lib/units";
import type { ProgressIntent } from "~/modules/progress/progress-types";

/**
 * The spec's Progress toasts (section "Toasts", Progress). The route's action returns a
 * success's toast with its answer; a failure's toast is read from the answer here.
 */

/** What a progress form's fetcher gets back from /members/progress. */
export type ProgressActionData = ActionData<{ toast: Toast }>;

export const SIGN_IN_REQUIRED = { title: "Authentication required", description: "Please log in to save your progress data." } as const;
export const INVALID_ENTRY_TYPE = { title: "Invalid entry type", description: "Please try again with a valid entry type." } as const;

export function savedToast(intent: Exclude<ProgressIntent, "set-unit">): Toast {
  if (intent === "delete-entry") return { type: "success", title: "Entry deleted", description: "The entry has been removed from your progress." };
  if (intent === "delete-goal") return { type: "success", title: "Goal deleted", description: "The goal has been removed." };
  return { type: "success", title: "Progress saved", description: "Your data has been recorded successfully." };
}

export function unitToast(unit: WeightUnit): Toast {
  return { type: "success", title: "Units updated", description: `Your progress is now shown in ${unit === "kg" ? "kg and cm" : "lbs and inches"}.` };
}

/** 'Failed to save' with the server's message, unless the answer has a title of its own. */
export function failureToast(answer: ActionFailure): Toast {
  const description = answer.error ?? Object.values(answer.fieldErrors)[0] ?? "Please check the form";
  return { type: "error", title: answer.title ?? "Failed to save", description };
}

/**
 * A save that never got an answer (the connection dropped, the server failed): nothing
 * was stored, and the form keeps what the member typed.
 */
export const saveNeverAnswered: ActionFailure = {
  ok: false,
  status: 503,
  intent: null,
  error: "Please try again later",
  title: "An error occurred",
  fieldErrors: {},
  values: {},
};
