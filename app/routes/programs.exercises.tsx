import type { Route } from "./+types/programs.exercises";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams } from "~/lib/search-params";
import { exerciseQuery } from "~/modules/exercises/exercises.schema";
import { listExercises } from "~/modules/exercises/exercises.server";
import { ExerciseLibrary } from "~/views/exercises/exercise-library";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Exercise Library", matches) }, { name: "robots", content: "noindex" }];

/** The library; ?q= searches names, ?muscle= and ?equipment= filter, ?page= pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseSearchParams(request, exerciseQuery);
  return { library: await listExercises(context.get(userContext), query), query };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Exercise Library" failure="Failed to load exercises. Please reload the page." />;
}

export default function ExerciseLibraryPage({ loaderData }: Route.ComponentProps) {
  return <ExerciseLibrary library={loaderData.library} query={loaderData.query} />;
}
