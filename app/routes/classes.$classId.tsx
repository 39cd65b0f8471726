import type { Route } from "./+types/classes.$classId";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { cancelClass, changeClass } from "~/modules/classes/class-changes.server";
import { listCoaches } from "~/modules/classes/class-staff.server";
import { attendanceLabels } from "~/modules/classes/classes.schema";
import { frontDeskChoices } from "~/modules/classes/front-desk.server";
import { getRoster, markAttendance, markEveryoneAttended } from "~/modules/classes/roster.server";
import { ClassRoster } from "~/views/classes/class-roster";
import { frontDeskIntents } from "./classes.$classId.server";

export const meta: Route.MetaFunction = ({ data, matches }) => [{ title: pageTitle(data ? `${data.roster.typeName} · Classes` : "Class", matches) }, { name: "robots", content: "noindex" }];

/** One class: its details, who is booked, offered and waiting; attendance once it has started. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = context.get(userContext);
  const [roster, coaches, desk] = await Promise.all([getRoster(actor, params.classId), listCoaches(), frontDeskChoices(actor, params.classId)]);
  return { roster, coaches, desk };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const back = `/classes/${encodeURIComponent(params.classId)}`;
  const told = (n: number) => (n === 1 ? "1 member is e-mailed." : `${n} members are e-mailed.`);
  return runAction(
    request,
    {
      "cancel-class": async () => {
        const { alreadyCancelled, told: n } = await cancelClass(actor, params.classId);
        if (alreadyCancelled) return redirectWithToast(back, { type: "success", title: "Class already cancelled", description: "Nothing changed and nobody was e-mailed again." });
        return redirectWithToast(back, { type: "success", title: "Class cancelled", description: told(n) });
      },
      "change-class": async (form) => {
        const { changed, told: n } = await changeClass(actor, params.classId, form);
        if (!changed) return redirectWithToast(back, { type: "success", title: "Nothing to change", description: "The class already had these details." });
        return redirectWithToast(back, { type: "success", title: "Class changed", description: `This date only. ${told(n)}` });
      },
      "mark-attendance": async (form) => {
        const { name, mark } = await markAttendance(actor, params.classId, form);
        return redirectWithToast(back, { type: "success", title: "Attendance saved", description: `${name}: ${attendanceLabels[mark]}.` });
      },
      "mark-all-attended": async () => {
        const { marked } = await markEveryoneAttended(actor, params.classId);
        return redirectWithToast(back, { type: "success", title: "Attendance saved", description: marked === 1 ? "1 member marked attended." : `${marked} members marked attended.` });
      },
      ...frontDeskIntents(actor, params.classId, back),
    },
    { refusedTo: { to: back, titles: { "cancel-class": "Failed to cancel class", "mark-attendance": "Failed to save attendance", "mark-all-attended": "Failed to save attendance" } } },
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Class" failure="Failed to load the class. Please reload the page." />;
}

export default function ClassRosterPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ClassRoster roster={loaderData.roster} coaches={loaderData.coaches} desk={loaderData.desk} result={actionData} />;
}
