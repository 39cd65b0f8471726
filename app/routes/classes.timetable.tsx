import { z } from "zod";
import type { Route } from "./+types/classes.timetable";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams, reference } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { listCoaches } from "~/modules/classes/class-staff.server";
import { listClassTypes } from "~/modules/classes/class-types.server";
import { addTimetableRow, listTimetable, removeTimetableRow, updateTimetableRow } from "~/modules/classes/timetable.server";
import { Timetable } from "~/views/classes/timetable";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Timetable · Classes", matches) }, { name: "robots", content: "noindex" }];

/** ?edit=<row id> opens a row's form (a page that works without JavaScript). */
const timetableQuery = z.object({ edit: reference() });

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = context.get(userContext);
  const { edit } = parseSearchParams(request, timetableQuery);
  const [rows, types, coaches] = await Promise.all([listTimetable(actor), listClassTypes(actor), listCoaches()]);
  return { rows, types: types.filter((t) => !t.archived).map((t) => ({ id: t.id, name: t.name })), coaches, editing: rows.find((r) => r.id === edit) ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const back = "/classes/timetable";
  const moved = (n: number) => (n === 0 ? "No upcoming class needed moving." : `${n === 1 ? "1 upcoming class" : `${n} upcoming classes`} moved; booked members are e-mailed.`);
  return runAction(
    request,
    {
      "save-row": async (form) => {
        const rowId = typeof form.rowId === "string" && form.rowId !== "" ? form.rowId : null;
        if (rowId === null) {
          await addTimetableRow(actor, form);
          return redirectWithToast(back, { type: "success", title: "Timetable row added", description: "Its classes appear on the upcoming weeks." });
        }
        const { classesUpdated } = await updateTimetableRow(actor, rowId, form);
        return redirectWithToast(back, { type: "success", title: "Timetable row saved", description: `${moved(classesUpdated)} Classes changed one-off keep their own details.` });
      },
      "remove-row": async (form) => {
        const { cancelled, told } = await removeTimetableRow(actor, typeof form.rowId === "string" ? form.rowId : "");
        return redirectWithToast(back, { type: "success", title: "Timetable row removed", description: `${cancelled} upcoming classes cancelled; ${told} members e-mailed.` });
      },
    },
    { refusedTo: { to: back, titles: { "remove-row": "Failed to remove timetable row" } } },
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Timetable" failure="Failed to load the timetable. Please reload the page." />;
}

export default function TimetablePage({ loaderData, actionData }: Route.ComponentProps) {
  return <Timetable {...loaderData} result={actionData} />;
}
