/**
 * The member's plan: their current program copy laid out on the calendar (week by week,
 * each day done, missed, rest, today or upcoming) and what 'Today' offers. It reads the
 * programs tables (the programs module writes them) and the member's own workouts.
 */
import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { preparedOnce } from "~/db/prepared.server";
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
  /** The member's workout of that day: finished (done) or under way. */
  workoutId: string | null;
}

/** The next training day on the 'Today' card, with how many exercises it holds (the calendar shows no count). */
export type NextDay = PlanDay & { exerciseCount: number };

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
  | { kind: "done"; workoutId: string; title: string; next: NextDay | null }
  | { kind: "rest"; next: NextDay | null }
  | { kind: "none" };

/**
 * The program the member trains now, as a sub-select: of their copies not archived, the
 * latest that has started, else the next to start (the started ones sort first).
 */
const currentCopy = (memberId: string, today: string) => sql`select p.id, p.name, p.start_date from ${program} p
  where p.member_id = ${memberId} and p.archived_at is null and p.start_date is not null
  order by (p.start_date <= ${today}::date) desc, case when p.start_date <= ${today}::date then p.start_date end desc, p.start_date asc, p.created_at desc
  limit 1`;

/**
 * The member's workouts of a program day (`dayId`, a column of the rows before it), one
 * row each, oldest first: through the days' index, as the base of every day's status.
 */
const workoutsOfDay = (memberId: string, dayId: SQL) => sql`left join ${workout} x on x.program_day_id = ${dayId} and x.user_id = ${memberId}`;

interface DayRow {
  dayId: string | null;
  title: string | null;
  /** Read for the 'Today' card only. */
  exerciseCount?: number;
  /** One of the member's workouts of the day (rows of a day come oldest first), if any. */
  workoutId: string | null;
  finished: boolean | null;
}

/** A day's rows folded: its latest finished workout (done) and its latest one under way. */
interface PlanDayRead {
  dayId: string | null;
  title: string | null;
  exerciseCount: number;
  doneId: string | null;
  underWayId: string | null;
}

function foldDay(read: PlanDayRead | undefined, row: DayRow): PlanDayRead {
  const day = read ?? { dayId: row.dayId, title: row.title, exerciseCount: row.exerciseCount ?? 0, doneId: null, underWayId: null };
  if (row.workoutId) {
    if (row.finished) day.doneId = row.workoutId;
    else day.underWayId = row.workoutId;
  }
  return day;
}

/** The staff's rule (program-dates.ts), with the member's own workout under way shown as such. */
function planDayStatus(date: string, today: string, done: string | null, underWay: string | null): PlanDayStatus {
  if (!done && underWay) return "in_progress";
  return dayStatus(date, today, Boolean(done));
}

function planDay(date: string, today: string, day: PlanDayRead | undefined): PlanDay {
  if (!day?.dayId) return { date, status: "rest", dayId: null, title: null, workoutId: null };
  const status = planDayStatus(date, today, day.doneId, day.underWayId);
  return { date, status, dayId: day.dayId, title: day.title, workoutId: day.doneId ?? day.underWayId ?? null };
}

/**
 * The member's current program week by week, or null when they have none (`siteToday`: the
 * caller read it already). One statement: the copy, its weeks, their days and the member's
 * workouts of each day (the calendar shows no exercise counts: they are not read).
 */
export async function getTrainingPlan(actor: Actor, siteToday?: string): Promise<TrainingPlan | null> {
  const today = siteToday ?? (await todayForSite());
  const result = await getDb().execute(sql`with copy as (${currentCopy(actor.id, today)})
    select copy.id as "programId", copy.name, copy.start_date::text as "startDate", w.id as "weekId", w.position, d.day_index as "dayIndex",
      d.id as "dayId", d.title, x.id as "workoutId", x.finished_at is not null as finished
    from copy
    left join ${programWeek} w on w.program_id = copy.id
    left join ${programDay} d on d.week_id = w.id
    ${workoutsOfDay(actor.id, sql`d.id`)}
    order by w.position, w.id, d.day_index, x.started_at`);
  type Row = DayRow & { programId: string; name: string; startDate: string; weekId: string | null; position: number | null; dayIndex: number | null };
  const rows = (result as unknown as { rows: Row[] }).rows;
  const copy = rows[0];
  if (!copy) return null;
  const weeks = new Map<string, { position: number; days: Map<number, PlanDayRead> }>();
  for (const row of rows) {
    if (row.weekId === null || row.position === null) continue;
    const week = weeks.get(row.weekId) ?? { position: row.position, days: new Map<number, PlanDayRead>() };
    if (row.dayIndex !== null) week.days.set(row.dayIndex, foldDay(week.days.get(row.dayIndex), row));
    weeks.set(row.weekId, week);
  }
  const plan = [...weeks.values()].map(
    (week): PlanWeek => ({
      number: week.position + 1,
      days: Array.from({ length: 7 }, (_, i) => planDay(programDayDate(copy.startDate, week.position, i), today, week.days.get(i))),
    }),
  );
  return { programId: copy.programId, name: copy.name, startDate: copy.startDate, today, weeks: plan };
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

const workoutInProgressQuery = preparedOnce((db) =>
  db
    .select({ id: workout.id, title: workout.title })
    .from(workout)
    .where(and(eq(workout.userId, sql.placeholder("memberId")), isNull(workout.finishedAt)))
    .orderBy(desc(workout.startedAt))
    .limit(1)
    .prepare("workout_in_progress"),
);

/** The member's workout under way, if any: planned or not, it leads 'Today' and the workouts page (the read of `workoutInProgress`, prepared: it is on every dashboard). */
export async function getWorkoutInProgress(actor: Actor): Promise<{ id: string; title: string } | null> {
  const [row] = await workoutInProgressQuery().execute({ memberId: actor.id });
  return row ?? null;
}

/**
 * What the dashboard's 'Today' card offers: resume, start today's workout, rest (with the
 * next one), or nothing yet. The plan's rule, read for today's day and the next training
 * day only (one statement), not the whole program laid out.
 */
export async function getTodayCard(actor: Actor): Promise<TodayCard> {
  const underWay = await getWorkoutInProgress(actor);
  if (underWay) return { kind: "in_progress", workoutId: underWay.id, title: underWay.title };
  const today = await todayForSite();
  const date = sql`copy.start_date + 7 * w.position + d.day_index`;
  const result = await getDb().execute(sql`select copy.id as "programId", ahead.date, ahead."dayId", ahead.title, ahead."exerciseCount", x.id as "workoutId", x.finished_at is not null as finished
    from (${currentCopy(actor.id, today)}) copy
    left join lateral (
      select (${date})::text as date, d.id as "dayId", d.title, (select count(*)::int from ${programBlock} b where b.day_id = d.id) as "exerciseCount"
      from ${programWeek} w join ${programDay} d on d.week_id = w.id
      -- From the week today is in (its days are the first that can be today or later).
      where w.program_id = copy.id and w.position >= (${today}::date - copy.start_date - 6) / 7 and d.day_index between 0 and 6 and ${date} >= ${today}::date
      order by w.position, d.day_index
      limit 2
    ) ahead on true
    ${workoutsOfDay(actor.id, sql`ahead."dayId"`)}
    order by ahead.date, x.started_at`);
  const rows = (result as unknown as { rows: Array<DayRow & { programId: string; date: string | null }> }).rows;
  if (rows.length === 0) return { kind: "none" };
  const read = new Map<string, PlanDayRead>();
  for (const row of rows) if (row.date && row.dayId) read.set(row.date, foldDay(read.get(row.date), row));
  const days = [...read].map(([dayDate, day]): NextDay => ({ ...planDay(dayDate, today, day), exerciseCount: day.exerciseCount }));
  const next = days.find((d) => d.date > today) ?? null;
  const todays = days.find((d) => d.date === today);
  if (todays?.status === "done") return { kind: "done", workoutId: todays.workoutId!, title: todays.title!, next };
  if (todays) return { kind: "workout", dayId: todays.dayId!, title: todays.title!, exerciseCount: todays.exerciseCount };
  return { kind: "rest", next };
}
