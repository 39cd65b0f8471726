/**
 * What the member reads of their workouts: the workout screen (each exercise with its
 * target, suggested weight, last time and set rows with their prefills), the exercise
 * search for swapping or adding one, and the history of finished workouts. Writes live in
 * workout-session.server.ts.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { preparedOnce } from "~/db/prepared.server";
import { exercise, type ExerciseMeasure } from "~/db/schema/exercises";
import { programBlock, programDay, type GroupKind, type LoadKind } from "~/db/schema/programs";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { roundForDisplay, weightFromKg, type WeightUnit } from "~/lib/units";
import { percentOfOneRepMax, roundToPlates, rpeFromRir } from "./one-rep-max";
import { bestEstimates, lastTimes, type LastSet } from "./workout-screen-history.server";
import { AppError } from "~/lib/app-error";
import { todayForSite } from "~/modules/settings/settings.server";
import { getTrainingPlan, workoutInProgress } from "./training-plan.server";
import { workoutExerciseIdFor } from "./workout-ids";
import { DEFAULT_REST_SECONDS, workoutIdSchema, type StartSnapshot } from "./workout-session.schema";
import { ownWorkout, WORKOUT_NOT_FOUND } from "./workout-session.server";
import { summarizeWorkout, type WorkoutSummary } from "./workout-summary.server";
import { pickExercises, type ExerciseChoice } from "~/modules/exercises/exercises.server";

/** The member acting on their own workouts: the unit comes with the sign-in. */
type Actor = Pick<SessionUser, "id" | "weightUnit">;

// ---- The screen ----

export interface SetView {
  id: string;
  number: number;
  weight: number | null;
  reps: number | null;
  rpe: number | null;
  durationSeconds: number | null;
  distanceMeters: number | null;
  /** The offline queue's key it was sent with: the screen then stops showing the queued copy. */
  clientKey: string | null;
}

/** What a set row's inputs hold before the member types: the values a one-tap log sends. */
export interface SetPrefill {
  weight: number | null;
  reps: number | null;
  rpe: number | null;
  durationSeconds: number | null;
  distanceMeters: number | null;
}

export interface Target {
  sets: number;
  repsMin: number | null;
  repsMax: number | null;
  durationSeconds: number | null;
  distanceMeters: number | null;
  loadKind: LoadKind;
  /** Kilograms shown in the member's unit for a weight load; % or RPE/RIR as written otherwise. */
  loadValue: number | null;
  tempo: string;
  notes: string;
}

export interface ExerciseView {
  id: string;
  exerciseId: string;
  name: string;
  measure: ExerciseMeasure;
  status: "planned" | "done" | "skipped";
  reason: string;
  notes: string;
  swappedFrom: string | null;
  group: { key: string; kind: GroupKind } | null;
  target: Target | null;
  /** From the member's best estimated 1RM, for % and RPE/RIR loads (member's unit). */
  suggestedWeight: number | null;
  restSeconds: number;
  /** One row per planned set: the logged set, or the values a tap logs. */
  rows: Array<{ number: number; logged: SetView | null; prefill: SetPrefill }>;
  lastTime: { performedOn: string; sets: SetView[] } | null;
}

export interface WorkoutScreen {
  id: string;
  title: string;
  performedOn: string;
  startedAt: string;
  finished: boolean;
  adHoc: boolean;
  unit: WeightUnit;
  exercises: ExerciseView[];
  summary: WorkoutSummary | null;
}

function setView(row: LastSet, unit: WeightUnit, number: number): SetView {
  return {
    id: row.id,
    number,
    weight: row.weightKg === null ? null : roundForDisplay(weightFromKg(row.weightKg, unit), 2),
    reps: row.reps,
    rpe: row.rpe,
    durationSeconds: row.durationSeconds,
    distanceMeters: row.distanceMeters,
    clientKey: row.clientKey,
  };
}

const plateStep = (unit: WeightUnit) => (unit === "kg" ? 2.5 : 5);

/** A weight for a % or RPE/RIR target from the member's best estimated 1RM (kg in, member unit out). */
function suggestWeight(target: Target | null, bestKg: number | null, unit: WeightUnit): number | null {
  if (!target || bestKg === null || target.loadValue === null) return null;
  const reps = target.repsMax ?? target.repsMin;
  let percent: number | null = null;
  if (target.loadKind === "percent_1rm") percent = target.loadValue;
  else if (target.loadKind === "rpe" && reps !== null) percent = percentOfOneRepMax(reps, target.loadValue);
  else if (target.loadKind === "rir" && reps !== null) percent = percentOfOneRepMax(reps, rpeFromRir(target.loadValue));
  if (percent === null) return null;
  return roundToPlates(weightFromKg((bestKg * percent) / 100, unit), plateStep(unit));
}

function prefillFor(measure: ExerciseMeasure, target: Target | null, suggested: number | null, previous: SetView | undefined, lastTime: SetView | undefined): SetPrefill {
  const from = previous ?? null;
  const targetWeight = target?.loadKind === "weight" ? target.loadValue : suggested;
  const pick = <K extends keyof SetPrefill>(key: K, fromTarget: SetPrefill[K] | null) => from?.[key] ?? fromTarget ?? lastTime?.[key] ?? null;
  return {
    weight: measure === "weight_reps" ? pick("weight", targetWeight) : null,
    reps: measure === "weight_reps" || measure === "reps" ? pick("reps", target ? (target.repsMax ?? target.repsMin) : null) : null,
    rpe: from?.rpe ?? null,
    durationSeconds: measure === "time" ? pick("durationSeconds", target?.durationSeconds ?? null) : null,
    distanceMeters: measure === "distance" ? pick("distanceMeters", target?.distanceMeters ?? null) : null,
  };
}

type WorkoutRow = typeof workout.$inferSelect;
type EntryRow = {
  entry: Pick<typeof workoutExercise.$inferSelect, "id" | "exerciseId" | "status" | "reason" | "notes" | "swappedFromId" | "plannedSets">;
  name: string;
  measure: ExerciseMeasure;
  block: typeof programBlock.$inferSelect | null;
};

/** A workout's exercises in order, with their names and plan blocks: on every load of the workout screen, prepared once (decision 0184). */
const workoutEntriesQuery = preparedOnce((db) =>
  db
    .select({ entry: workoutExercise, name: exercise.name, measure: exercise.measure, block: programBlock })
    .from(workoutExercise)
    .innerJoin(exercise, eq(exercise.id, workoutExercise.exerciseId))
    .leftJoin(programBlock, eq(programBlock.id, workoutExercise.blockId))
    .where(eq(workoutExercise.workoutId, sql.placeholder("workoutId")))
    .orderBy(asc(workoutExercise.position))
    .prepare("workout_entries"),
);

/** The workout screen: each exercise with its target, last time and set rows, and the summary once finished. */
export async function getWorkoutScreen(actor: Actor, workoutId: unknown): Promise<WorkoutScreen> {
  const w = await ownWorkout(actor, workoutId);
  return screenOf(actor, w, await workoutEntriesQuery().execute({ workoutId: w.id }), true);
}

/** What the page of a workout not started yet offers (decision 0112): the screen as the start will make it, and the snapshot its queued start sends. */
export type PendingWorkout = { kind: "started" } | { kind: "under-way"; workoutId: string } | { kind: "pending"; screen: WorkoutScreen; dayId: string; snapshot: StartSnapshot };

/**
 * The page of a workout not started yet (decision 0112): `workoutId` (a UUID no workout has)
 * and today's day of the member's own program. The screen is the one the start will make,
 * its exercises named after the id and their place; reading it writes nothing. A workout
 * with that id of the member's is 'started' (the route shows it); another's, a malformed id
 * or another day is not found; another workout under way is named.
 */
export async function getPendingWorkout(actor: Actor, workoutId: unknown, dayId: string): Promise<PendingWorkout> {
  const id = workoutIdSchema.safeParse({ workoutId }).data?.workoutId;
  if (!id) throw new AppError(404, WORKOUT_NOT_FOUND);
  const db = getDb();
  const [existing] = await db.select({ userId: workout.userId }).from(workout).where(eq(workout.id, id));
  if (existing) {
    if (existing.userId !== actor.id) throw new AppError(404, WORKOUT_NOT_FOUND);
    return { kind: "started" };
  }
  const underWay = await workoutInProgress(db, actor.id);
  if (underWay) return { kind: "under-way", workoutId: underWay.id };
  const today = await todayForSite();
  const plan = await getTrainingPlan(actor, today);
  const day = plan?.weeks.flatMap((w) => w.days).find((d) => d.date === today && d.dayId === dayId);
  if (!day?.dayId) throw new AppError(404, WORKOUT_NOT_FOUND);
  const [row] = await db.select({ title: programDay.title }).from(programDay).where(eq(programDay.id, day.dayId));
  if (!row) throw new AppError(404, WORKOUT_NOT_FOUND);
  const blocks = await db
    .select({ block: programBlock, name: exercise.name, measure: exercise.measure })
    .from(programBlock)
    .innerJoin(exercise, eq(exercise.id, programBlock.exerciseId))
    .where(eq(programBlock.dayId, day.dayId))
    .orderBy(asc(programBlock.position));
  const entries: EntryRow[] = blocks.map(({ block, name, measure }, position) => ({
    entry: { id: workoutExerciseIdFor(id, position), exerciseId: block.exerciseId, status: "planned", reason: "", notes: "", swappedFromId: null, plannedSets: Math.max(block.sets, 1) },
    name,
    measure,
    block,
  }));
  const now = new Date();
  const w: WorkoutRow = { id, userId: actor.id, programDayId: day.dayId, title: row.title, performedOn: today, startedAt: now, finishedAt: null, notes: "", createdAt: now, updatedAt: now };
  const snapshot: StartSnapshot = {
    title: row.title,
    performedOn: today,
    exercises: blocks.map(({ block }, position) => ({ position, exerciseId: block.exerciseId, blockId: block.id, plannedSets: Math.max(block.sets, 1) })),
  };
  return { kind: "pending", screen: await screenOf(actor, w, entries, false), dayId: day.dayId, snapshot };
}

/** The screen of a workout and its exercises (`stored`: their sets are read; a workout not started yet has none). */
async function screenOf(actor: Actor, w: WorkoutRow, entries: EntryRow[], stored: boolean): Promise<WorkoutScreen> {
  const db = getDb();
  const unit = actor.weightUnit;
  const entryIds = stored ? entries.map((e) => e.entry.id) : [];
  const exerciseIds = [...new Set(entries.map((e) => e.entry.exerciseId))];
  const swappedIds = entries.flatMap((e) => (e.entry.swappedFromId ? [e.entry.swappedFromId] : []));
  const [sets, best, last, swappedNames, summary] = await Promise.all([
    entryIds.length ? db.select().from(setLog).where(inArray(setLog.workoutExerciseId, entryIds)).orderBy(asc(setLog.setNumber)) : Promise.resolve([]),
    bestEstimates(actor.id, exerciseIds, entryIds),
    lastTimes(actor.id, exerciseIds, entryIds),
    swappedIds.length ? db.select({ id: exercise.id, name: exercise.name }).from(exercise).where(inArray(exercise.id, swappedIds)) : Promise.resolve([]),
    w.finishedAt ? summarizeWorkout(actor, w) : Promise.resolve(null),
  ]);
  const names = new Map(swappedNames.map((n) => [n.id, n.name]));
  const exercises = entries.map(({ entry, name, measure, block }): ExerciseView => {
    const target: Target | null = block
      ? {
          sets: block.sets,
          repsMin: block.repsMin,
          repsMax: block.repsMax,
          durationSeconds: block.durationSeconds,
          distanceMeters: block.distanceMeters,
          loadKind: block.loadKind,
          loadValue: block.loadKind === "weight" && block.loadValue !== null ? roundForDisplay(weightFromKg(block.loadValue, unit), 1) : block.loadValue,
          tempo: block.tempo,
          notes: block.notes,
        }
      : null;
    const suggestedWeight = suggestWeight(target, best.get(entry.exerciseId) ?? null, unit);
    const logged = sets.filter((s) => s.workoutExerciseId === entry.id).map((s, i) => setView(s, unit, i + 1));
    const previous = last.get(entry.exerciseId);
    const lastSets = previous?.sets.map((s, i) => setView(s, unit, i + 1)) ?? [];
    const rowCount = entry.status === "skipped" ? 0 : Math.max(entry.plannedSets, logged.length);
    const rows = Array.from({ length: rowCount }, (_, i) => ({
      number: i + 1,
      logged: logged[i] ?? null,
      prefill: prefillFor(measure, target, suggestedWeight, logged.at(-1), lastSets[i] ?? lastSets.at(-1)),
    }));
    return {
      id: entry.id,
      exerciseId: entry.exerciseId,
      name,
      measure,
      status: entry.status,
      reason: entry.reason,
      notes: entry.notes,
      swappedFrom: entry.swappedFromId ? (names.get(entry.swappedFromId) ?? null) : null,
      group: block?.groupKey && block.groupKind ? { key: block.groupKey, kind: block.groupKind } : null,
      target,
      suggestedWeight,
      restSeconds: block?.restSeconds ?? DEFAULT_REST_SECONDS,
      rows,
      lastTime: previous ? { performedOn: previous.performedOn, sets: lastSets } : null,
    };
  });
  return {
    id: w.id,
    title: w.title,
    performedOn: w.performedOn,
    startedAt: w.startedAt.toISOString(),
    finished: w.finishedAt !== null,
    adHoc: w.programDayId === null && entries.every((e) => e.block === null),
    unit,
    exercises,
    summary,
  };
}

/** Exercises by name, for swapping one or adding one: the first 20 in the library's order. */
export async function searchExercises(query: string): Promise<ExerciseChoice[]> {
  return pickExercises(query, 20);
}

// ---- History ----

export const HISTORY_PAGE_SIZE = 10;

export interface HistoryItem {
  id: string;
  title: string;
  performedOn: string;
  sets: number;
  volume: number;
}

/**
 * The member's finished workouts, newest first, a page at a time; volume in their unit. One
 * statement: the count of them, and the page (a page past the last is the last) with each
 * workout's sets and volume, read through the indexes (its exercises, then their sets by
 * `= any`: joined to every workout of the member, PGlite without statistics planned a scan
 * of every member's workout exercises).
 */
export async function listWorkoutHistory(actor: Actor, page = 1): Promise<{ items: HistoryItem[]; page: number; pageCount: number; unit: WeightUnit }> {
  const unit = actor.weightUnit;
  const mine = sql`w.user_id = ${actor.id} and w.finished_at is not null`;
  // A constant in the text, not a parameter: the statement's plan is kept (a parameter as the limit made each run planned afresh).
  const size = sql.raw(String(HISTORY_PAGE_SIZE));
  const result = await getDb().execute(sql`with total as (select count(*)::int as n from ${workout} w where ${mine})
    select (select n from total) as total, shown.id, shown.title, shown.performed_on::text as "performedOn", sums.sets, sums.volume
    from (select 1) one
    left join lateral (
      select w.id, w.title, w.performed_on, w.started_at from ${workout} w where ${mine}
      order by w.performed_on desc, w.started_at desc
      limit ${size}
      offset (select (least(greatest(${Math.trunc(page)}::int, 1), greatest(ceil(n / ${size}::numeric)::int, 1)) - 1) * ${size} from total)
    ) shown on true
    left join lateral (
      select count(*)::int as sets, coalesce(sum(s.weight_kg * s.reps), 0)::float8 as volume from ${setLog} s
      where s.workout_exercise_id = any(array(select e.id from ${workoutExercise} e where e.workout_id = shown.id))
    ) sums on shown.id is not null
    order by shown.performed_on desc, shown.started_at desc`);
  const rows = (result as unknown as { rows: Array<{ total: number; id: string | null; title: string; performedOn: string; sets: number; volume: number }> }).rows;
  const total = rows[0]?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  return {
    items: rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, title: r.title, performedOn: r.performedOn, sets: r.sets, volume: roundForDisplay(weightFromKg(r.volume, unit), 0) }])),
    page: Math.min(Math.max(1, Math.trunc(page)), pageCount),
    pageCount,
    unit,
  };
}
