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

export async function action({ request, params }: Route.ActionArgs) {
  const user = await permittedOrRefusal(request, "memberArea", "view");
  if (user instanceof Response) return user;
  return runAction(
    request,
    {
      "start-workout": (form) => startQueuedWorkout(user, params.workoutId, { dayId: form.dayId, snapshot: form.snapshot }),
      "log-set": (form) => logSet(user, params.workoutId, form),
      "finish-workout": async () => (await finishQueuedWorkout(user, params.workoutId), {}),
    },
    // A start carries its snapshot: up to 30 exercises and a 120-character title, 7 KB at most encoded.
    { maxBytes: 16 * 1024 },
  );
}
