import { Form } from "react-router";
import type { Route } from "./+types/programs.templates";
import { userContext } from "~/auth/user-context";
import { Button } from "~/components/ui/button";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { listTemplates } from "~/modules/programs/program-read.server";
import { startFromTemplate } from "~/modules/programs/programs.server";
import { ProgramList } from "~/views/programs/program-list";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Templates · Programs", matches) }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { templates: await listTemplates(context.get(userContext)) };
}

export function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  return runAction(
    request,
    {
      "start-from-template": async (form) => {
        const { id } = await startFromTemplate(actor, form.templateId);
        return redirectWithToast(`/programs/${id}`, { type: "success", title: "Program started", description: "A copy of the template is ready to change and assign." });
      },
    },
    { refusedTo: { to: "/programs/templates", titles: { "start-from-template": "Could not start the program" } } },
  );
}

export default function ProgramTemplates({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="templates-heading" className="mt-8">
      <h2 id="templates-heading" className="text-xl font-bold">
        Templates
      </h2>
      <ProgramList
        programs={loaderData.templates}
        empty="No templates yet. Open a program and choose 'Save as template'."
        action={(template) => (
          <Form method="post">
            <input type="hidden" name="templateId" value={template.id} />
            <Button type="submit" name="intent" value="start-from-template" variant="secondary" aria-label={`Start a program from ${template.name}`}>
              Start a program from this template
            </Button>
          </Form>
        )}
      />
    </section>
  );
}
