import type { Route } from "./+types/classes._index";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams } from "~/lib/search-params";
import { classListQuery } from "~/modules/classes/classes.schema";
import { listClassWeek } from "~/modules/classes/roster.server";
import { ClassWeek } from "~/views/classes/class-week";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Classes", matches) }, { name: "robots", content: "noindex" }];

/** A week of classes (?week=N weeks from today), each with spots taken and waiting; the week's timetable classes are made as it is read. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = context.get(userContext);
  const { week } = parseSearchParams(request, classListQuery);
  return { week, list: await listClassWeek(actor, week) };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Classes" failure="Failed to load classes. Please reload the page." />;
}

export default function ClassesPage({ loaderData }: Route.ComponentProps) {
  return <ClassWeek {...loaderData} />;
}
