import type { Route } from "./+types/programs.exercises.$exerciseId";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { pageTitle } from "~/lib/meta";
import { getExercise } from "~/modules/exercises/exercises.server";
import { ExerciseDetailView } from "~/views/exercises/exercise-detail";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [{ title: pageTitle(loaderData?.exercise.name ?? "Exercise", matches) }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  return { exercise: await getExercise(context.get(userContext), params.exerciseId) };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Exercise" failure="Failed to load the exercise. Please reload the page." />;
}

export default function ExercisePage({ loaderData }: Route.ComponentProps) {
  return <ExerciseDetailView exercise={loaderData.exercise} />;
}
