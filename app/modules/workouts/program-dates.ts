import { addDays } from "~/lib/time-zone";

/**
 * The calendar of a member's program copy (decision 0035): day N of week W is
 * `startDate + 7·W + N`; a slot without a day is a rest day. What was done, missed or is
 * still to come follows from that date, today in the site's time zone and whether a
 * finished workout exists for the day. Pure: no query, no clock.
 */

/** The date a program day falls on. */
export function programDayDate(startDate: string, weekPosition: number, dayIndex: number): string {
  return addDays(startDate, 7 * weekPosition + dayIndex);
}

/**
 * - done: a finished workout exists for the day (whenever it was done);
 * - missed: the day's date is before today and nothing was finished for it;
 * - today: it is today's, not finished yet;
 * - upcoming: its date is after today.
 */
export type DayStatus = "done" | "missed" | "today" | "upcoming";

export function dayStatus(date: string, today: string, finished: boolean): DayStatus {
  if (finished) return "done";
  if (date < today) return "missed";
  return date === today ? "today" : "upcoming";
}

/**
 * Whether a program day counts as planned in a compliance figure: once its date has
 * passed, or as soon as it is done (early or today). The weekly compliance here and a
 * check-in's training adherence both count with it.
 */
export function countsAsPlanned(date: string, today: string, finished: boolean): boolean {
  return finished || date < today;
}

export interface WeekCompliance {
  /** Week number, 1-based (position + 1). */
  week: number;
  /** The days that count: every day dated before today, and any day done (today's or early). */
  planned: number;
  done: number;
  /** done ÷ planned, 0-1; null when nothing was planned yet (a week of rest days, or one not started). */
  rate: number | null;
}

/**
 * Done ÷ planned for each week that has started (its first day is today or before). A
 * day counts as planned once its date has passed (the current week counts only its days
 * up to today), or as soon as it is done: today's workout not yet done lowers no one's
 * figure before the day is over, as it is not missed yet either.
 */
export function weeklyCompliance(startDate: string, weeks: ReadonlyArray<{ position: number; days: ReadonlyArray<{ dayIndex: number; finished: boolean }> }>, today: string): WeekCompliance[] {
  return weeks
    .filter((w) => programDayDate(startDate, w.position, 0) <= today)
    .map((w) => {
      const counted = w.days.filter((d) => countsAsPlanned(programDayDate(startDate, w.position, d.dayIndex), today, d.finished));
      const done = counted.filter((d) => d.finished).length;
      return { week: w.position + 1, planned: counted.length, done, rate: counted.length ? done / counted.length : null };
    });
}

/** Where a program copy stands: not started, running (today is within its weeks) or over. */
export type ProgramPhase = "upcoming" | "current" | "past";

/** The last day of a copy is the last slot of its last week (a copy's weeks keep their positions). */
export function programEndDate(startDate: string, lastWeekPosition: number): string {
  return programDayDate(startDate, lastWeekPosition, 6);
}

export function programPhase(startDate: string, lastWeekPosition: number, today: string): ProgramPhase {
  if (today < startDate) return "upcoming";
  return today <= programEndDate(startDate, lastWeekPosition) ? "current" : "past";
}

/** Weeks whose last day is before today: 'week 2 of 4 done'. */
export function weeksDone(startDate: string, positions: readonly number[], today: string): number {
  return positions.filter((p) => programDayDate(startDate, p, 6) < today).length;
}
