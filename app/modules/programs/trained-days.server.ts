import { and, eq, inArray, isNotNull, min, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { programDay } from "~/db/schema/programs";
import { workout } from "~/db/schema/workouts";
import { AppError } from "~/lib/app-error";

/**
 * The one rule of what staff may change in a member's copy (decision 0043): a day is
 * *trained* once a workout exists for it, finished or under way (`workouts.program_day_id`).
 * A trained day keeps its slot, title, notes and exercises, and its week keeps its
 * position, which gives the dates. Every edit that would change one of those asks
 * `refuseTrained` in its own transaction with the program's row locked (editProgram,
 * updateCopyFromSource); starting a workout from a day takes a share lock on the same row
 * (startWorkout), so a workout started during an edit is either seen by the check or
 * starts from the edited day.
 */

export const DAY_TRAINED = "A workout was done for this day: it stays as the member did it.";
export const WEEK_TRAINED = "This week has been trained: it stays as the member did it.";
export const LATER_WEEK_TRAINED = "A later week has been trained, and a copy here would move its dates. Duplicate the last trained week or a week after it.";

/** What an edit would change: these days, or every day of these weeks. */
export type Reach = { days: readonly string[] } | { weeks: readonly string[] };

/** Refuses the edit (409, `message`) when it reaches a trained day; call it before writing, in the edit's transaction. */
export async function refuseTrained(tx: Db, reach: Reach, message: string): Promise<void> {
  const ids = "days" in reach ? reach.days : reach.weeks;
  if (ids.length === 0) return;
  const [found] = await tx
    .select({ id: workout.id })
    .from(workout)
    .innerJoin(programDay, eq(programDay.id, workout.programDayId))
    .where("days" in reach ? inArray(programDay.id, [...ids]) : inArray(programDay.weekId, [...ids]))
    .limit(1);
  if (found) throw new AppError(409, message);
}

/** A trained day as the builder shows it: the first workout's date, and whether one was finished. */
export interface TrainedDay {
  weekId: string;
  /** yyyy-mm-dd */
  on: string;
  finished: boolean;
}

/** The trained days of a program by day id (`db` may be a transaction). */
export async function trainedDays(db: Db, programId: string): Promise<Map<string, TrainedDay>> {
  const rows = await db
    .select({
      dayId: programDay.id,
      weekId: programDay.weekId,
      on: min(workout.performedOn),
      finished: sql<boolean>`bool_or(${isNotNull(workout.finishedAt)})`,
    })
    .from(programDay)
    .innerJoin(workout, eq(workout.programDayId, programDay.id))
    // The workouts through their days' index too (= any): with the join alone PGlite (no statistics) planned a scan of every member's workouts.
    .where(and(eq(programDay.programId, programId), sql`${workout.programDayId} = any(array(select id from program_days where program_id = ${programId}))`))
    .groupBy(programDay.id, programDay.weekId);
  return new Map(rows.map((r) => [r.dayId, { weekId: r.weekId, on: r.on!, finished: Boolean(r.finished) }]));
}
