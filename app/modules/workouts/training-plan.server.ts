/**
 * The member's plan: their current program copy laid out on the calendar (week by week,
 * each day done, missed, rest, today or upcoming) and what 'Today' offers. It reads the
 * programs tables (the programs module writes them) and the member's own workouts.
 */
import { and, asc, count, desc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { program, programBlock, programDay, programWeek } from "~/db/schema/programs";
import { workout } from "~/db/schema/workouts";
import { todayForSite } from "~/modules/settings/settings.server";
import { dayStatus, programDayDate } from "./program-dates";

type Actor = Pick<SessionUser, "id">;

export type PlanDayStatus = "done" | "in_progress" | "missed" | "today" | "upcoming" | "rest";

export interface PlanDay {
  date: string;
  status: PlanDayStatus;
  /** The program day (null on a rest day). */
  dayId: string | null;
  title: string | null;
  exerciseCount: number;
  /** The member's workout of that day: finished (done) or under way. */
  workoutId: string | null;
}

export interface PlanWeek {
  /** 1-based, as the member reads it. */
  number: number;
  days: PlanDay[];
}

export interface TrainingPlan {
  programId: string;
  name: string;
  startDate: string;
  today: string;
  weeks: PlanWeek[];
}

export type TodayCard =
  | { kind: "in_progress"; workoutId: string; title: string }
  | { kind: "workout"; dayId: string; title: string; exerciseCount: number }
  | { kind: "done"; workoutId: string; title: string; next: PlanDay | null }
  | { kind: "rest"; next: PlanDay | null }
  | { kind: "none" };

/**
 * The program the member trains now: of their copies not archived, the latest that has
 * started, else the next to start (one query: the started ones sort first).
 */
async function currentProgram(memberId: string, today: string) {
  const started = lte(program.startDate, today);
  const [current] = await getDb()
    .select()
    .from(program)
    .where(and(eq(program.memberId, memberId), isNull(program.archivedAt), isNotNull(program.startDate)))
    .orderBy(sql`${started} desc`, sql`case when ${started} then ${program.startDate} end desc`, asc(program.startDate), desc(program.createdAt))
    .limit(1);
  return current ?? null;
}

/** The staff's rule (program-dates.ts), with the member's own workout under way shown as such. */
function planDayStatus(date: string, today: string, done: string | undefined, underWay: string | undefined): PlanDayStatus {
  if (!done && underWay) return "in_progress";
  return dayStatus(date, today, Boolean(done));
}

/** The member's current program week by week, or null when they have none (`siteToday`: the caller read it already). */
export async function getTrainingPlan(actor: Actor, siteToday?: string): Promise<TrainingPlan | null> {
  const today = siteToday ?? (await todayForSite());
  const copy = await currentProgram(actor.id, today);
  if (!copy?.startDate) return null;
  const db = getDb();
  const [weeks, days, blockCounts, workouts] = await Promise.all([
    db.select().from(programWeek).where(eq(programWeek.programId, copy.id)).orderBy(asc(programWeek.position)),
    db.select().from(programDay).where(eq(programDay.programId, copy.id)),
    // Through the days' index (= any): a join here was planned as a scan of every program's exercises (PGlite has no statistics).
    db
      .select({ dayId: programBlock.dayId, n: count() })
      .from(programBlock)
      .where(sql`${programBlock.dayId} = any(array(select id from program_days where program_id = ${copy.id}))`)
      .groupBy(programBlock.dayId),
    db
      .select({ id: workout.id, dayId: workout.programDayId, finishedAt: workout.finishedAt })
      .from(workout)
      .innerJoin(programDay, eq(programDay.id, workout.programDayId))
      .where(and(eq(workout.userId, actor.id), eq(programDay.programId, copy.id)))
      .orderBy(asc(workout.startedAt)),
  ]);
  const exercises = new Map(blockCounts.map((b) => [b.dayId, b.n]));
  const done = new Map<string, string>();
  const underWay = new Map<string, string>();
  for (const w of workouts) (w.finishedAt ? done : underWay).set(w.dayId!, w.id);
  const dayOf = new Map(days.map((d) => [`${d.weekId}/${d.dayIndex}`, d]));
  const plan = weeks.map((week): PlanWeek => {
    const planDays = Array.from({ length: 7 }, (_, i): PlanDay => {
      const date = programDayDate(copy.startDate!, week.position, i);
      const day = dayOf.get(`${week.id}/${i}`);
      if (!day) return { date, status: "rest", dayId: null, title: null, exerciseCount: 0, workoutId: null };
      const status = planDayStatus(date, today, done.get(day.id), underWay.get(day.id));
      return { date, status, dayId: day.id, title: day.title, exerciseCount: exercises.get(day.id) ?? 0, workoutId: done.get(day.id) ?? underWay.get(day.id) ?? null };
    });
    return { number: week.position + 1, days: planDays };
  });
  return { programId: copy.id, name: copy.name, startDate: copy.startDate, today, weeks: plan };
}

/** A member's workout under way (one at a time), if any; `db` may be a transaction (starting one reads it under a lock). */
export async function workoutInProgress(db: Pick<Db, "select">, memberId: string): Promise<{ id: string; title: string } | null> {
  const [row] = await db
    .select({ id: workout.id, title: workout.title })
    .from(workout)
    .where(and(eq(workout.userId, memberId), isNull(workout.finishedAt)))
    .orderBy(desc(workout.startedAt))
    .limit(1);
  return row ?? null;
}

/** The member's workout under way, if any: planned or not, it leads 'Today' and the workouts page. */
export function getWorkoutInProgress(actor: Actor): Promise<{ id: string; title: string } | null> {
  return workoutInProgress(getDb(), actor.id);
}

/** What the dashboard's 'Today' card offers: resume, start today's workout, rest (with the next one), or nothing yet. */
export async function getTodayCard(actor: Actor): Promise<TodayCard> {
  const underWay = await getWorkoutInProgress(actor);
  if (underWay) return { kind: "in_progress", workoutId: underWay.id, title: underWay.title };
  const today = await todayForSite();
  const plan = await getTrainingPlan(actor, today);
  if (!plan) return { kind: "none" };
  const days = plan.weeks.flatMap((w) => w.days);
  const next = days.find((d) => d.date > today && d.dayId !== null) ?? null;
  const todays = days.find((d) => d.date === today && d.dayId !== null);
  if (todays?.status === "done") return { kind: "done", workoutId: todays.workoutId!, title: todays.title!, next };
  if (todays) return { kind: "workout", dayId: todays.dayId!, title: todays.title!, exerciseCount: todays.exerciseCount };
  return { kind: "rest", next };
}
