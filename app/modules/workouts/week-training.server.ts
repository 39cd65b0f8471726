import { and, asc, eq, gte, isNotNull, lte } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { workout } from "~/db/schema/workouts";
import { copiesQuery, copyDaysQuery, copyWeeksQuery } from "./coach-review-queries.server";
import { countsAsPlanned, dayStatus, programDayDate, type DayStatus } from "./program-dates";

/**
 * A member's training over a span of days (a check-in's week): the program days that fall
 * in it, each done, missed, today or upcoming, and the compliance the coach's review
 * counts (program-dates.ts: planned once passed or done), plus every workout they finished
 * in it, planned or not. Three reads of the review's queries and one range of
 * `workouts_user_date_idx`, whatever the history.
 */

export interface SpanDay {
  date: string;
  title: string;
  status: DayStatus;
  /** The finished workout of that day, if any. */
  workoutId: string | null;
}

export interface SpanTraining {
  from: string;
  to: string;
  days: SpanDay[];
  planned: number;
  done: number;
  /** done ÷ planned, 0-1; null when nothing counted yet. */
  rate: number | null;
  finished: Array<{ id: string; title: string; performedOn: string }>;
}

/** Finished workouts are listed up to this many (a week holds far fewer). */
const FINISHED_LIMIT = 30;

export async function trainingBetween(memberId: string, from: string, to: string, today: string): Promise<SpanTraining> {
  const [copies, weeks, days, finished] = await Promise.all([
    copiesQuery(memberId),
    copyWeeksQuery(memberId),
    copyDaysQuery(memberId),
    getDb()
      .select({ id: workout.id, title: workout.title, performedOn: workout.performedOn })
      .from(workout)
      .where(and(eq(workout.userId, memberId), gte(workout.performedOn, from), lte(workout.performedOn, to), isNotNull(workout.finishedAt)))
      .orderBy(asc(workout.performedOn), asc(workout.startedAt))
      .limit(FINISHED_LIMIT),
  ]);
  const startOf = new Map(copies.map((c) => [c.id, c.startDate!]));
  const weekOf = new Map(weeks.filter((w) => startOf.has(w.programId)).map((w) => [w.id, { start: startOf.get(w.programId)!, position: w.position }]));
  const spanDays: SpanDay[] = [];
  let planned = 0;
  let done = 0;
  for (const d of days) {
    const week = weekOf.get(d.weekId);
    if (!week) continue;
    const date = programDayDate(week.start, week.position, d.dayIndex);
    if (date < from || date > to) continue;
    const isDone = d.workoutId !== null;
    spanDays.push({ date, title: d.title, status: dayStatus(date, today, isDone), workoutId: d.workoutId });
    if (countsAsPlanned(date, today, isDone)) {
      planned += 1;
      if (isDone) done += 1;
    }
  }
  spanDays.sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title));
  return { from, to, days: spanDays, planned, done, rate: planned ? done / planned : null, finished };
}
