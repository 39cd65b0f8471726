/**
 * Calendar arithmetic for the schedule screens (browser-safe, no zone involved until
 * `utcRange`). Weeks start on Sunday, as the spec says.
 */
import { formatMonth, formatShortDate } from "~/lib/dates";
import { addDays, isPlainDate, weekdayOf, zonedToUtc } from "~/lib/time-zone";

const MONTH_RE = /^\d{4}-(?:0[1-9]|1[0-2])$/;

/**
 * The years the calendars show. A month or date outside them in an address falls back to
 * today's: nobody plans sessions that far off, and the calendar's arithmetic (the weeks
 * around a month, the next month's link) stays within four-digit years.
 */
export const CALENDAR_YEARS = { first: 1970, last: 2100 } as const;

const inCalendarYears = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= CALENDAR_YEARS.first && year <= CALENDAR_YEARS.last;
};

/** A yyyy-mm month within the calendar's years. */
export function isCalendarMonth(value: string): boolean {
  return MONTH_RE.test(value) && inCalendarYears(value);
}

/** A real yyyy-mm-dd date within the calendar's years. */
export function isCalendarDate(value: string): boolean {
  return isPlainDate(value) && inCalendarYears(value);
}

/** A yyyy-mm month from a form, else the month of `today`. */
export function parseMonth(value: string | null | undefined, today: string): string {
  return value && isCalendarMonth(value) ? value : today.slice(0, 7);
}

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The Sunday on or before a date. */
export function startOfWeek(date: string): string {
  return addDays(date, -weekdayOf(date));
}

/** The weeks (Sunday to Saturday) that show a month, including the days around it. */
export function monthWeeks(month: string): string[][] {
  const first = `${month}-01`;
  const next = `${shiftMonth(month, 1)}-01`;
  const weeks: string[][] = [];
  for (let start = startOfWeek(first); start < next; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)));
  }
  return weeks;
}

/** Sunday to Saturday of the week holding `date`. */
export function weekDays(date: string): string[] {
  const start = startOfWeek(date);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** From the start of `firstDay` to the start of the day after `lastDay`, as UTC instants. */
export function utcRange(firstDay: string, lastDay: string, timeZone: string): { from: Date; to: Date } {
  return { from: zonedToUtc(firstDay, "00:00", timeZone), to: zonedToUtc(addDays(lastDay, 1), "00:00", timeZone) };
}

/** Items grouped by their yyyy-mm-dd `date`, keeping their order. */
export function groupByDate<T extends { date: string }>(items: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const list = out.get(item.date);
    if (list) list.push(item);
    else out.set(item.date, [item]);
  }
  return out;
}

/** The calendar shows this many sessions a day, then '+N more'. */
export const SESSIONS_PER_DAY = 3;

/** '60 minutes', '1 hour 30 minutes'. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = `${h} ${h === 1 ? "hour" : "hours"}`;
  return m ? `${hours} ${m} minutes` : hours;
}

/** Every day of a yyyy-mm month. */
export function monthDays(month: string): string[] {
  const days: string[] = [];
  for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) days.push(d);
  return days;
}

export type CalendarView = "week" | "month";

/** The days a week or month view of `date` shows, the dates its Previous and Next links open, and its heading. */
export function calendarPage(view: CalendarView, date: string): { days: string[]; prev: string; next: string; label: string } {
  if (view === "week") {
    const days = weekDays(date);
    return { days, prev: addDays(date, -7), next: addDays(date, 7), label: `Week of ${formatShortDate(days[0]!)}` };
  }
  const month = date.slice(0, 7);
  return { days: monthDays(month), prev: `${shiftMonth(month, -1)}-01`, next: `${shiftMonth(month, 1)}-01`, label: formatMonth(month) };
}
