import type { Route } from "./+types/members.workouts.$workoutId.sync";
import { permittedOrRefusal } from "~/auth/session.server";
import { runAction } from "~/lib/action.server";
import { onlyPost } from "~/lib/only-post.server";
import { finishQueuedWorkout, logSet } from "~/modules/workouts/workout-session.server";
import { startQueuedWorkout } from "~/modules/workouts/workout-start.server";

/**
 * POST /members/workouts/:id/sync: where the workout screen's queue sends what the member
 * logged (decision 0093), answered as JSON: `log-set` with its idempotency key
 * (`clientKey`) → `{ok, setId, restSeconds}`, and `finish-workout` (again on a finished
 * workout: ok, as it asked); `start-workout` (decision 0112) with the day and the snapshot
 * the page of a workout not started yet showed → `{ok, workoutId}` (sent again: the same).
 * The same rules as the screen's own forms (the same service calls); a refusal is
 * `{ok: false, error, fieldErrors}` with its status, which the screen shows on the log it
 * refused.
 */
export function loader() {
  return onlyPost();
}

/**
 * The answer as JSON with its length. Answered as a value, React Router streams it without
 * one, and the compression middleware gzips whatever has no length: a zlib stream set up and
 * torn down for each set's 90 bytes (5 % of a set's server CPU in a profile of 600 sets). With its length, an
 * answer under compression's 1 KB threshold goes out as it is.
 */
function withLength(answer: Response | { data: unknown; init: ResponseInit | null }): Response {
  if (answer instanceof Response) return answer;
  const body = JSON.stringify(answer.data);
  const headers = new Headers(answer.init?.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.set("content-length", String(Buffer.byteLength(body)));
  return new Response(body, { status: answer.init?.status ?? 200, headers });
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await permittedOrRefusal(request, "memberArea", "view");
  if (user instanceof Response) return user;
  const answer = await runAction(
    request,
    {
      "start-workout": (form) => startQueuedWorkout(user, params.workoutId, { dayId: form.dayId, snapshot: form.snapshot }),
      "log-set": (form) => logSet(user, params.workoutId, form),
      "finish-workout": async () => (await finishQueuedWorkout(user, params.workoutId), {}),
    },
    // A start carries its snapshot: up to 30 exercises and a 120-character title, 7 KB at most encoded.
    { maxBytes: 16 * 1024 },
  );
  return withLength(answer);
}
