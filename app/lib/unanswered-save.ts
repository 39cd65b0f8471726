import { data, isRouteErrorResponse } from "react-router";
import type { ActionFailure } from "./action.server";

/**
 * For a route's clientAction: a save that never got an answer (the connection dropped,
 * the server failed) answers `failure` with its status, so the form stays open and
 * filled and shows its failure toast, where the router would otherwise replace the page
 * with the error screen. Redirects and answers the server meant (a 404 page) go on as
 * they are.
 */
export async function answerUnansweredSave<T>(serverAction: () => Promise<T>, failure: ActionFailure) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return data(failure, { status: failure.status });
  }
}
