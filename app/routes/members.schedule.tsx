import { z } from "zod";
import type { Route } from "./+types/members.schedule";
import { actingUser, userContext } from "~/auth/user-context";
import { runAction } from "~/lib/action.server";
import { parseSearchParams, reference, valueWhere } from "~/lib/search-params";
import { todayIn } from "~/lib/time-zone";
import { redirectWithToast } from "~/lib/toast.server";
import { listWorkoutSchedules } from "~/modules/library/published-plans.server";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { isCalendarDate, isCalendarMonth, monthWeeks, utcRange } from "~/modules/training-sessions/calendar";
import { cancelOwnTrainingSession, getOwnTrainingSession, listOwnTrainingSessions } from "~/modules/training-sessions/training-sessions.server";
import { WorkoutScheduleList } from "~/views/library/published-plans";
import { MemberSchedule } from "~/views/training-sessions/member-schedule";

/** The month shown, the open day and the open session. */
const scheduleQuery = z.object({
  month: valueWhere(isCalendarMonth),
  day: valueWhere(isCalendarDate),
  session: reference(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const query = parseSearchParams(request, scheduleQuery);
  const { timeZone, coachName } = await getSiteSettings();
  const today = todayIn(timeZone);
  const month = query.month ?? today.slice(0, 7);
  const weeks = monthWeeks(month);
  const [sessions, workoutSchedules] = await Promise.all([listOwnTrainingSessions(user, utcRange(weeks[0]![0]!, weeks.at(-1)!.at(-1)!, timeZone)), listWorkoutSchedules(user)]);
  const sessionId = query.session;
  const selected = sessionId ? (sessions.find((s) => s.id === sessionId) ?? (await getOwnTrainingSession(user, sessionId))) : null;
  return { month, today, coachName, timeZone, sessions, selected, day: query.day ?? null, workoutSchedules };
}

/** The cancel form: the session, and the month and day to come back to. */
const cancelForm = z.object({
  id: z.string().catch(""),
  month: valueWhere(isCalendarMonth),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
});

export function action({ request, context }: Route.ActionArgs) {
  const user = actingUser(context, request);
  return runAction(request, {
    "cancel-session": async (form) => {
      const { id, month, day } = cancelForm.parse(form);
      await cancelOwnTrainingSession(user, id);
      const back = new URLSearchParams();
      if (month) back.set("month", month);
      if (day) back.set("day", day);
      return redirectWithToast(`/members/schedule${back.size ? `?${back.toString()}` : ""}`, {
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
