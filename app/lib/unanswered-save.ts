import { data, isRouteErrorResponse } from "react-router";
import type { ActionFailure } from "./action.server";

/** The form's `intent`, whether it was posted as a form or as JSON; null when it has none. */
async function intentOf(request: Request): Promise<unknown> {
  const copy = request.clone();
  if ((copy.headers.get("content-type") ?? "").startsWith("application/json")) {
    const body: unknown = await copy.json().catch(() => null);
    return body && typeof body === "object" && "intent" in body ? body.intent : null;
  }
  return (await copy.formData().catch(() => null))?.get("intent") ?? null;
}

/** The key of `answers` for a form that sends no `intent` (one form on its page). */
export const NO_INTENT = "";

/**
 * A route's `clientAction` for forms that hold typed values (decision 0023): a save that
 * never got an answer (the connection dropped, the server failed) answers in the page
 * with `answers[intent]` (its status, 503), so the form stays open and filled where the
 * router would otherwise replace the page with the error screen. Redirects and answers the server
 * meant (a 401, a 404 page) go on as they are; intents without an answer too.
 */
export async function keepFormWhenUnanswered<T>(request: Request, serverAction: () => Promise<T>, answers: Record<string, ActionFailure>): Promise<T | ReturnType<typeof data>> {
  const intent = await intentOf(request);
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    const key = typeof intent === "string" ? intent : NO_INTENT;
    if (Object.hasOwn(answers, key)) return data(answers[key], { status: answers[key]!.status });
    throw error;
  }
}
