import { addDays, toZonedParts, zonedToUtc } from "~/lib/time-zone";

/**
 * When the member's quiet hours end, if `now` falls in them; null otherwise. Quiet hours are
 * HH:mm in the member's zone, from included, to excluded, and run past midnight when `from`
 * is later than `to` (22:00-07:00).
 */
export function quietHoursEnd(now: Date, timeZone: string, from: string | null, to: string | null): Date | null {
  if (!from || !to || from === to) return null;
  const { date, time } = toZonedParts(now, timeZone);
  if (from < to) return time >= from && time < to ? zonedToUtc(date, to, timeZone) : null;
  if (time >= from) return zonedToUtc(addDays(date, 1), to, timeZone);
  if (time < to) return zonedToUtc(date, to, timeZone);
  return null;
}
