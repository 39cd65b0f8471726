import type { Route } from "./+types/programs.exercises.$exerciseId.edit";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { deleteExercise, getExerciseForm, updateExercise } from "~/modules/exercises/exercises.server";
import { ExerciseForm } from "~/views/exercises/exercise-form";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Edit Exercise", matches) }, { name: "robots", content: "noindex" }];

/** Only an exercise the actor may change opens here: built-ins and another trainer's answer 403. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return getExerciseForm(context.get(userContext), params.exerciseId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const id = params.exerciseId;
  return runAction(request, {
    save: async (form) => {
      await updateExercise(actor, id, form);
      return redirectWithToast(`/programs/exercises/${encodeURIComponent(id)}`, { type: "success", title: "Exercise updated" });
    },
    delete: async () => {
      const { name } = await deleteExercise(actor, id);
      return redirectWithToast("/programs/exercises", { type: "success", title: "Exercise deleted", description: `“${name}” is no longer in the library.` });
    },
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Edit Exercise" failure="Failed to load the exercise. Please reload the page." />;
}

export default function EditExercisePage({ loaderData, actionData }: Route.ComponentProps) {
  const { exercise, values, defaultImage } = loaderData;
  return (
    <section aria-labelledby="edit-exercise-heading" className="mt-8">
      <h2 id="edit-exercise-heading" className="text-2xl font-bold uppercase">
        Edit Exercise
      </h2>
      {/* Keyed by the saved version: after a save the fields show what was stored. */}
      <ExerciseForm
        key={`${exercise.id}:${exercise.slug}`}
        mode="edit"
        defaults={values}
        defaultImage={defaultImage}
        result={actionData}
        cancelTo={`/programs/exercises/${encodeURIComponent(exercise.id)}`}
      />
    </section>
  );
}
