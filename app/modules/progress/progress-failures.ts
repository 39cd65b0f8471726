import type { ProgressActionResult, ProgressIntent } from "./progress-types";

/**
 * The spec's progress failures that are not about the values (safe in the browser):
 * the save found no session, or the request never completed. Nothing was stored,
 * and the form keeps what the member typed.
 */
export function signInRequiredResult(intent: ProgressIntent | null): ProgressActionResult {
  const description = "Please log in to save your progress data.";
  return { ok: false, intent, status: 401, message: description, toast: { type: "error", title: "Authentication required", description } };
}

export function unexpectedFailureResult(intent: ProgressIntent | null): ProgressActionResult {
  const description = "Please try again later";
  return { ok: false, intent, status: 503, message: description, toast: { type: "error", title: "An error occurred", description } };
}
