import type { Route } from "./+types/classes.new";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { formatLongDate } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { addExtraClass } from "~/modules/classes/class-changes.server";
import { listCoaches } from "~/modules/classes/class-staff.server";
import { listClassTypes } from "~/modules/classes/class-types.server";
import { ExtraClassForm } from "~/views/classes/extra-class-form";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Add an extra class · Classes", matches) }, { name: "robots", content: "noindex" }];

/**
 * An extra class on one date (a page of its own: the week's list makes the timetable's
 * classes as it is read, and a refused form must write nothing).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = context.get(userContext);
  const [coaches, types] = await Promise.all([listCoaches(), listClassTypes(actor)]);
  return { coaches, types: types.filter((t) => !t.archived).map((t) => ({ id: t.id, name: t.name })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  return runAction(request, {
    "add-class": async (form) => {
      const { id, date } = await addExtraClass(actor, form);
      return redirectWithToast(`/classes/${encodeURIComponent(id)}`, { type: "success", title: "Class added", description: `An extra class on ${formatLongDate(date)}.` });
    },
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Add an extra class" failure="Failed to load the form. Please reload the page." />;
}

export default function ExtraClassPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ExtraClassForm coaches={loaderData.coaches} types={loaderData.types} result={actionData} />;
}
