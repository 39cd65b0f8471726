/**
 * The member's Training Schedule (/members/schedule): what its address asks for and what
 * the page shows for it (the staff's is staff-schedule.server.ts).
 */
import { z } from "zod";
import type { SessionUser } from "~/auth/session.server";
import { reference, valueWhere } from "~/lib/search-params";
import { todayIn } from "~/lib/time-zone";
import { listWorkoutSchedules } from "~/modules/library/published-plans.server";
import { listOwnClassPlaces } from "~/modules/classes/own-bookings.server";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { isCalendarDate, isCalendarMonth, monthWeeks, utcRange } from "./calendar";
import { getOwnTrainingSession, listOwnTrainingSessions } from "./training-sessions.server";

type Actor = Pick<SessionUser, "id" | "role" | "email">;

/** The month shown (this month when absent), the open day and the open session. */
export const memberScheduleQuery = z.object({
  month: valueWhere(isCalendarMonth),
  day: valueWhere(isCalendarDate),
  session: reference(),
});

export type MemberScheduleQuery = z.output<typeof memberScheduleQuery>;

/** The month's sessions and group-class places (whole weeks around it), the open session and the coach's published workout schedules. */
export async function loadMemberSchedule(actor: Actor, query: MemberScheduleQuery) {
  const { timeZone, coachName } = await getSiteSettings();
  const today = todayIn(timeZone);
  const month = query.month ?? today.slice(0, 7);
  const weeks = monthWeeks(month);
  const range = utcRange(weeks[0]![0]!, weeks.at(-1)!.at(-1)!, timeZone);
  const [sessions, classes, workoutSchedules] = await Promise.all([listOwnTrainingSessions(actor, range), listOwnClassPlaces(actor, range), listWorkoutSchedules(actor)]);
  const sessionId = query.session;
  const selected = sessionId ? (sessions.find((s) => s.id === sessionId) ?? (await getOwnTrainingSession(actor, sessionId))) : null;
  return { month, today, coachName, timeZone, sessions, classes, selected, day: query.day ?? null, workoutSchedules };
}

/** The cancel form: the session, and the month and day to come back to. */
const cancelForm = z.object({
  id: z.string().catch(""),
  month: valueWhere(isCalendarMonth),
  day: valueWhere(isCalendarDate),
});

/** The session a member's cancel form names, and the schedule page it came from. */
export function readCancelForm(form: unknown): { id: string; back: string } {
  const { id, month, day } = cancelForm.parse(form);
  const params = new URLSearchParams();
  if (month) params.set("month", month);
  if (day) params.set("day", day);
  return { id, back: `/members/schedule${params.size ? `?${params.toString()}` : ""}` };
}
