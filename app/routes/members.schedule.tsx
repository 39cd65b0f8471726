import type { Route } from "./+types/members.schedule";
import { actingUser, memberOf } from "~/auth/user-context";
import { runAction } from "~/lib/action.server";
import { parseSearchParams } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { loadMemberSchedule, memberScheduleQuery, readCancelForm } from "~/modules/training-sessions/member-schedule.server";
import { cancelOwnTrainingSession } from "~/modules/training-sessions/training-sessions.server";
import { WorkoutScheduleList } from "~/views/library/published-plans";
import { MemberSchedule } from "~/views/training-sessions/member-schedule";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadMemberSchedule(memberOf(context), parseSearchParams(request, memberScheduleQuery));
}

export function action({ request, context }: Route.ActionArgs) {
  const user = actingUser(context, request);
  return runAction(request, {
    "cancel-session": async (form) => {
      const { id, back } = readCancelForm(form);
      await cancelOwnTrainingSession(user, id);
      return redirectWithToast(back, {
        type: "success",
        title: "Session cancelled",
        description: "Your session has been cancelled. The coach will be notified.",
      });
    },
  });
}

export default function Schedule({ loaderData, actionData }: Route.ComponentProps) {
  const cancelError = actionData?.ok === false && actionData.intent === "cancel-session" ? (actionData.error ?? undefined) : undefined;
  return (
    <>
      <MemberSchedule data={loaderData} cancelError={cancelError} />
      <WorkoutScheduleList schedules={loaderData.workoutSchedules} />
    </>
  );
}
