import { redirect } from "react-router";
import type { Route } from "./+types/members.workouts.$workoutId";
import { actingUser, memberOf } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import {
  addExercise,
  addSet,
  deleteSet,
  discardWorkout,
  editSet,
  finishWorkout,
  logSet,
  saveNote,
  skipExercise,
  swapExercise,
  undoSkip,
} from "~/modules/workouts/workout-session.server";
import { listCommentsForOwnWorkout } from "~/modules/workouts/workout-comments.server";
import { getWorkoutScreen, searchExercises } from "~/modules/workouts/workout-screen.server";
import { workoutScreenQuery, type SessionIntent } from "~/modules/workouts/workout-session.schema";
import type { FormBody } from "~/lib/request-body.server";
import { WorkoutNotFound } from "~/views/workouts/workout-not-found";
import { WorkoutScreenView } from "~/views/workouts/workout-screen";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Workout", matches) }, { name: "robots", content: "noindex" }];

/** One of the member's own workouts (another's is 'Workout not found'), with the coach's comments once finished; ?swap= or ?add=1 opens the exercise picker with ?q=. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = memberOf(context);
  const query = parseSearchParams(request, workoutScreenQuery);
  const screen = await getWorkoutScreen(user, params.workoutId);
  const picking = !screen.finished && (query.add || screen.exercises.some((e) => e.id === query.swap));
  const [choices, comments] = await Promise.all([picking ? searchExercises(query.q) : [], screen.finished ? listCommentsForOwnWorkout(user, screen.id) : []]);
  return { screen, comments, picker: picking ? { swap: query.add ? null : (query.swap ?? null), q: query.q, choices } : null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = actingUser(context, request);
  const id = params.workoutId;
  const here = `/members/workouts/${id}`;
  const handlers: Record<SessionIntent, (form: FormBody) => Promise<object | Response>> = {
    "log-set": async (form) => logSet(user, id, form),
    "edit-set": async (form) => (await editSet(user, id, form), {}),
    "delete-set": async (form) => (await deleteSet(user, id, form), {}),
    "add-set": async (form) => (await addSet(user, id, form), {}),
    "skip-exercise": async (form) => (await skipExercise(user, id, form), {}),
    "undo-skip": async (form) => (await undoSkip(user, id, form), {}),
    "save-note": async (form) => (await saveNote(user, id, form), {}),
    "swap-exercise": async (form) => (await swapExercise(user, id, form), redirect(here)),
    "add-exercise": async (form) => (await addExercise(user, id, form), redirect(here)),
    "finish-workout": async () => (await finishWorkout(user, id), redirect(here)),
    "discard-workout": async () => (await discardWorkout(user, id), redirectWithToast("/members/workouts", { type: "success", title: "Workout discarded" })),
  };
  return runAction(request, handlers);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Workout" failure="Failed to load the workout: Please try again later" notFound={<WorkoutNotFound />} />;
}

export default function WorkoutPage({ loaderData }: Route.ComponentProps) {
  return <WorkoutScreenView screen={loaderData.screen} picker={loaderData.picker} comments={loaderData.comments} />;
}
