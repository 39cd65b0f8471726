import { redirect } from "react-router";
import type { Route } from "./+types/members.workouts";
import { actingUser, memberOf } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams } from "~/lib/search-params";
import { getTrainingPlan, getWorkoutInProgress } from "~/modules/workouts/training-plan.server";
import { listWorkoutHistory } from "~/modules/workouts/workout-screen.server";
import { startWorkout } from "~/modules/workouts/workout-start.server";
import { workoutsQuery } from "~/modules/workouts/workout-session.schema";
import { WorkoutsSection } from "~/views/workouts/workouts-section";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Workouts", matches) }, { name: "robots", content: "noindex" }];

/** The member's workout under way, their program week by week and their finished workouts (?page= of the history). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = memberOf(context);
  const { page } = parseSearchParams(request, workoutsQuery);
  const [underWay, plan, history] = await Promise.all([getWorkoutInProgress(user), getTrainingPlan(user), listWorkoutHistory(user, page)]);
  // Today's workout's id, chosen before the start (decision 0112): a second tap starts it once, and its page is kept for offline use.
  const start = !underWay && plan?.weeks.some((w) => w.days.some((d) => d.status === "today" && d.dayId)) ? { workoutId: crypto.randomUUID(), account: user.id } : null;
  return { underWay, plan, history, start };
}

/** Start a workout: a day of the program, or an empty one; the dashboard's 'Start workout' posts here too. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = actingUser(context, request);
  return runAction(request, {
    "start-workout": async (form) => {
      const { workoutId } = await startWorkout(user, { dayId: form.dayId, workoutId: form.workoutId });
      return redirect(`/members/workouts/${workoutId}`);
    },
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Workouts" failure="Failed to load your workouts: Please try again later" />;
}

export default function WorkoutsPage({ loaderData }: Route.ComponentProps) {
  return <WorkoutsSection underWay={loaderData.underWay} plan={loaderData.plan} history={loaderData.history} start={loaderData.start ?? undefined} />;
}
