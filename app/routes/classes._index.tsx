import type { Route } from "./+types/classes._index";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { formatLongDate } from "~/lib/dates";
import { addExtraClass } from "~/modules/classes/class-changes.server";
import { listCoaches } from "~/modules/classes/class-staff.server";
import { listClassTypes } from "~/modules/classes/class-types.server";
import { classListQuery } from "~/modules/classes/classes.schema";
import { listClassWeek } from "~/modules/classes/roster.server";
import { ClassWeek } from "~/views/classes/class-week";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Classes", matches) }, { name: "robots", content: "noindex" }];

/** A week of classes (?week=N weeks from today), each with spots taken and waiting; the form for an extra class. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = context.get(userContext);
  const { week } = parseSearchParams(request, classListQuery);
  // A GET makes the week's classes from the timetable; the page drawn after a posted form only reads.
  const [list, coaches, types] = await Promise.all([listClassWeek(actor, week, { make: request.method === "GET" }), listCoaches(), listClassTypes(actor)]);
  return { week, list, coaches, types: types.filter((t) => !t.archived).map((t) => ({ id: t.id, name: t.name })) };
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
  return <ErrorScreen error={error} heading="Classes" failure="Failed to load classes. Please reload the page." />;
}

export default function ClassesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ClassWeek {...loaderData} result={actionData} />;
}
