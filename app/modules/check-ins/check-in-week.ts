import { sql, type SQL } from "drizzle-orm";
import { addDays, weekdayOf } from "~/lib/time-zone";

/**
 * The one rule of which week a check-in belongs to and when it is due (decision 0068).
 * Pure: the browser, the services and the coach's 'needs attention' SQL read it here.
 *
 * - A member's check-in week is named by `weekOf`: the date of their most recent check-in
 *   day (profiles.check_in_day, 0 Sunday … 6 Saturday, default Sunday) on or before today,
 *   today being the date in the site's time zone.
 * - This week's check-in is **due** from that day until it is sent: there is no check-in
 *   row with (user_id, week_of = weekOf).
 * - It is **overdue** once the check-in day itself has passed without one: due and
 *   today > weekOf, for a member who joined before that check-in day (the day they joined
 *   is `users.created_at` in the site's zone; someone who joined on or after it is asked,
 *   not chased). A new check-in day starts a new week: the week before is no longer asked
 *   for (nor overdue). The coach's 'check-in overdue' reason
 *   (app/modules/coaching/attention-rules.server.ts) is this rule in SQL.
 * - Training adherence counts the seven days that end on the check-in day
 *   (weekOf − 6 … weekOf), the days the member reports on.
 */

export const DEFAULT_CHECK_IN_DAY = 0;

/** The date of the most recent `checkInDay` on or before `today` (both yyyy-mm-dd in the site's zone). */
export function checkInWeekOf(today: string, checkInDay: number): string {
  return addDays(today, -((weekdayOf(today) - checkInDay + 7) % 7));
}

export type CheckInDue = "sent" | "due" | "overdue";

/** Where this week's check-in stands: sent, due (from the check-in day), overdue (after it, for a member who joined before it). */
export function checkInDueState(today: string, weekOf: string, sent: boolean, joinedOn: string): CheckInDue {
  if (sent) return "sent";
  return today > weekOf && joinedOn < weekOf ? "overdue" : "due";
}

/** The days a check-in's training adherence counts: the seven that end on its check-in day. */
export function trainingWindow(weekOf: string): { from: string; to: string } {
  return { from: addDays(weekOf, -6), to: weekOf };
}

/**
 * `checkInWeekOf` in SQL, for queries over many members (the coach's 'check-in overdue'
 * rule): `today` is the site's date (yyyy-mm-dd), `checkInDay` a column or expression
 * (coalesce a missing profile to DEFAULT_CHECK_IN_DAY). A member is overdue when
 * `today > weekOf` and no check_ins row has (user_id, week_of = weekOf) — an index
 * lookup on check_ins_user_week_idx.
 */
export function checkInWeekOfSql(today: string, checkInDay: SQL | SQL.Aliased | unknown): SQL<string> {
  return sql<string>`(${today}::date - ((extract(dow from ${today}::date)::int - ${checkInDay} + 7) % 7))`;
}
