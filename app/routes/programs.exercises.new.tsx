import type { Route } from "./+types/programs.exercises.new";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { ensureCan } from "~/auth/session.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { createExercise } from "~/modules/exercises/exercises.server";
import { ExerciseForm } from "~/views/exercises/exercise-form";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("New Exercise", matches) }, { name: "robots", content: "noindex" }];

export function loader({ context }: Route.LoaderArgs) {
  ensureCan(context.get(userContext), "exercises", "write");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  return runAction(request, {
    save: async (form) => {
      const { id } = await createExercise(actor, form);
      return redirectWithToast(`/programs/exercises/${encodeURIComponent(id)}`, { type: "success", title: "Exercise added" });
    },
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="New Exercise" failure="Failed to load the form. Please reload the page." />;
}

export default function NewExercisePage({ actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="new-exercise-heading" className="mt-8">
      <h2 id="new-exercise-heading" className="text-2xl font-bold uppercase">
        New Exercise
      </h2>
      <ExerciseForm mode="create" result={actionData} cancelTo="/programs/exercises" />
    </section>
  );
}
