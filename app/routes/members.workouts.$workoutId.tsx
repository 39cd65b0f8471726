import { redirect, redirectDocument, useActionData } from "react-router";
import type { Route } from "./+types/members.workouts.$workoutId";
import { actingUser, memberOf } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { addExercise, addSet, deleteSet, discardWorkout, editSet, finishWorkout, logSet, saveNote, skipExercise, swapExercise, undoSkip } from "~/modules/workouts/workout-session.server";
import { listCommentsForOwnWorkout } from "~/modules/workouts/workout-comments.server";
import { getPendingWorkout, getWorkoutScreen, searchExercises } from "~/modules/workouts/workout-screen.server";
import { workoutScreenQuery, type SessionIntent } from "~/modules/workouts/workout-session.schema";
import type { FormBody } from "~/lib/request-body.server";
import { pageScriptSrc, type OwnScriptHandle } from "~/lib/page-script.server";
import { WorkoutNotFound } from "~/views/workouts/workout-not-found";
import { WorkoutScreenView } from "~/views/workouts/workout-screen";

/** In the browser this screen runs on its own small script, not React (decision 0109). */
export const handle: OwnScriptHandle = { ownScript: true };

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Workout", matches) }, { name: "robots", content: "noindex" }];

/** One of the member's own workouts (another's is 'Workout not found'), with the coach's comments once finished; ?swap= or ?add=1 opens the exercise picker with ?q=. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = memberOf(context);
  const query = parseSearchParams(request, workoutScreenQuery);
  // ?day=: the page of a workout not started yet (decision 0112), which the dashboard keeps for offline use; once started, the workout itself.
  const pending = query.day ? await getPendingWorkout(user, params.workoutId, query.day) : null;
  if (pending?.kind === "under-way") throw redirect(`/members/workouts/${pending.workoutId}`);
  if (pending?.kind === "pending") {
    const start = { dayId: pending.dayId, snapshot: JSON.stringify(pending.snapshot) };
    return { screen: pending.screen, comments: [], account: user.id, script: pageScriptSrc("workout"), picker: null, start };
  }
  const screen = await getWorkoutScreen(user, params.workoutId);
  const picking = !screen.finished && (query.add || screen.exercises.some((e) => e.id === query.swap));
  const [choices, comments] = await Promise.all([picking ? searchExercises(query.q) : [], screen.finished ? listCommentsForOwnWorkout(user, screen.id) : []]);
  return { screen, comments, account: user.id, script: pageScriptSrc("workout"), picker: picking ? { swap: query.add ? null : (query.swap ?? null), q: query.q, choices } : null, start: null };
}

/**
 * Reached inside the app (a link, a form's redirect) the screen loads as a document, so its
 * own script runs it: React in the browser never renders it (decision 0109).
 */
export function clientLoader({ request }: Route.ClientLoaderArgs): never {
  const url = new URL(request.url);
  throw redirectDocument(`${url.pathname}${url.search}`);
}

/**
 * The screen's forms, posted as plain forms (the queue sends sets to ./sync): each done one
 * goes back to the screen at the row or exercise it changed; a refused one renders the
 * screen with the answer.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = actingUser(context, request);
  const id = params.workoutId;
  const here = `/members/workouts/${id}`;
  const atExercise = (form: FormBody) => redirect(`${here}#exercise-${typeof form.workoutExerciseId === "string" ? form.workoutExerciseId : ""}`);
  const atSet = (setId: string) => redirect(`${here}#set-${setId}`);
  const handlers: Record<SessionIntent, (form: FormBody) => Promise<object | Response>> = {
    "log-set": async (form) => atSet((await logSet(user, id, form)).setId),
    "edit-set": async (form) => (await editSet(user, id, form), atSet(String(form.setId))),
    "delete-set": async (form) => (await deleteSet(user, id, form), redirect(here)),
    "add-set": async (form) => (await addSet(user, id, form), atExercise(form)),
    "skip-exercise": async (form) => (await skipExercise(user, id, form), atExercise(form)),
    "undo-skip": async (form) => (await undoSkip(user, id, form), atExercise(form)),
    "save-note": async (form) => (await saveNote(user, id, form), atExercise(form)),
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
  const answer = useActionData<typeof action>();
  return (
    <WorkoutScreenView
      screen={loaderData.screen}
      picker={loaderData.picker}
      comments={loaderData.comments}
      account={loaderData.account}
      answer={answer && !answer.ok ? answer : null}
      start={loaderData.start}
    />
  );
}
