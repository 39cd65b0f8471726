import type { Route } from "./+types/programs.new";
import { userContext } from "~/auth/user-context";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { createProgram } from "~/modules/programs/programs.server";
import { ProgramDetailsForm } from "~/views/programs/program-details-form";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("New program · Programs", matches) }, { name: "robots", content: "noindex" }];

export function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  return runAction(request, {
    "create-program": async (form) => {
      const { id } = await createProgram(actor, form);
      return redirectWithToast(`/programs/${id}`, { type: "success", title: "Program created", description: "Add days and exercises to its first week." });
    },
  });
}

export default function NewProgram({ actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="new-program-heading" className="mt-8 max-w-xl">
      <h2 id="new-program-heading" className="text-xl font-bold">
        New program
      </h2>
      <ProgramDetailsForm intent="create-program" submitLabel="Create program" result={actionData} />
    </section>
  );
}
