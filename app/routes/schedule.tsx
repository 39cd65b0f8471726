import type { Route } from "./+types/schedule";
import { requirePermission } from "~/auth/session.server";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams } from "~/lib/search-params";
import { formatLongDate } from "~/lib/dates";
import { redirectWithToast } from "~/lib/toast.server";
import { loadStaffSchedule, staffScheduleQuery, staffSchedulePath } from "~/modules/training-sessions/staff-schedule.server";
import { trainingSessionFormValues } from "~/modules/training-sessions/training-sessions.schema";
import { cancelTrainingSessionAsStaff, createTrainingSession, updateTrainingSession } from "~/modules/training-sessions/training-sessions.server";
import { StaffScheduleScreen } from "~/views/training-sessions/staff-schedule";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Training Schedule", matches) }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermission(request, "trainingSessions", "listAll");
  return loadStaffSchedule(actor, parseSearchParams(request, staffScheduleQuery));
}

const idOf = (form: Record<string, unknown>) => String(form.id ?? "").slice(0, 100);

export async function action({ request }: Route.ActionArgs) {
  // Every staff member may open the screen; each action checks its own permission in the module.
  const actor = await requirePermission(request, "trainingSessions", "listAll");
  const back = staffSchedulePath(new URL(request.url));
  return runAction(request, {
    create: async (form) => {
      const values = trainingSessionFormValues(form);
      await createTrainingSession(actor, values);
      return redirectWithToast(back, { type: "success", title: "Session scheduled", description: `${values.type.trim()} on ${formatLongDate(values.date)} at ${values.time}.` });
    },
    update: async (form) => {
      await updateTrainingSession(actor, idOf(form), trainingSessionFormValues(form));
      return redirectWithToast(back, { type: "success", title: "Session updated" });
    },
    cancel: async (form) => {
      await cancelTrainingSessionAsStaff(actor, idOf(form));
      return redirectWithToast(back, { type: "success", title: "Session cancelled", description: "The session is now marked as cancelled." });
    },
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Training Schedule" failure="Failed to load the training schedule. Please try again." />;
}

export default function StaffSchedule({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffScheduleScreen schedule={loaderData} actionData={actionData} />;
}
