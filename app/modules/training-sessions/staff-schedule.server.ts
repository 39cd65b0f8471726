/**
 * The staff Training Schedule (/schedule): what its address asks for and what the page
 * shows for it.
 */
import { z } from "zod";
import type { SessionUser } from "~/auth/session.server";
import { reference, valueWhere } from "~/lib/search-params";
import { todayIn } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { calendarPage, isCalendarDate, utcRange } from "./calendar";
import { getTrainingSession, listCancellations, listMembersForScheduling, listTrainingSessions } from "./training-sessions.server";

type Actor = Pick<SessionUser, "id" | "role" | "email">;

/**
 * The view, its date (today when absent or outside the calendar's years) and the member
 * filter; ?new (a date, or empty for the shown date) and ?edit=<id> open the dialogs.
 */
export const staffScheduleQuery = z.object({
  view: z.enum(["week", "month"]).catch("week"),
  date: valueWhere(isCalendarDate),
  member: reference(),
  edit: reference(),
  new: z.string().optional().catch(undefined),
});

export type StaffScheduleQuery = z.output<typeof staffScheduleQuery>;

/** Everything the staff schedule shows for one address. */
export async function loadStaffSchedule(actor: Actor, query: StaffScheduleQuery) {
  const { timeZone } = await getSiteSettings();
  const today = todayIn(timeZone);
  const { view, member: memberId } = query;
  const date = query.date ?? today;
  const { days, prev, next, label } = calendarPage(view, date);
  const [sessions, members, cancellations, editing] = await Promise.all([
    listTrainingSessions(actor, { ...utcRange(days[0]!, days.at(-1)!, timeZone), memberId }),
    listMembersForScheduling(actor),
    listCancellations(actor, { memberId, limit: 20 }),
    query.edit ? getTrainingSession(actor, query.edit) : null,
  ]);
  const creating = !editing && query.new !== undefined ? { date: isCalendarDate(query.new) ? query.new : date } : null;
  return { view, date, today, timeZone, memberId: memberId ?? "", days, label, prev, next, sessions, members, cancellations, editing, creating };
}

export type StaffSchedule = Awaited<ReturnType<typeof loadStaffSchedule>>;

/** Back to the schedule as it was (view, date, member), dialogs closed. */
export function staffSchedulePath(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  for (const key of ["new", "edit"]) params.delete(key);
  const qs = params.toString();
  return `/schedule${qs ? `?${qs}` : ""}`;
}
