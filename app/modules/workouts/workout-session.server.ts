/**
 * A member's workout, from start to finish: started from a day of their program (its
 * blocks become the workout's exercises) or empty (ad hoc), sets logged, edited and
 * deleted, exercises skipped, swapped, added and noted, then finished with a summary.
 * A member reads and writes only their own workouts: another's is 'not found'. A finished
 * workout is a record: nothing in it changes any more (decision: workout session).
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, ilike, inArray, isNull, lte, max, notInArray, sql } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { exercise, type ExerciseMeasure } from "~/db/schema/exercises";
import { program, programBlock, programDay, type GroupKind, type LoadKind } from "~/db/schema/programs";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { AppError } from "~/lib/app-error";
import { roundForDisplay, weightFromKg, weightToKg, type WeightUnit } from "~/lib/units";
import { weightUnitOf } from "~/modules/users/profile.server";
import { estimateOneRepMax, MAX_ESTIMATE_REPS, percentOfOneRepMax, roundToPlates, rpeFromRir } from "./one-rep-max";
import { personalRecordsOf, type PersonalRecord } from "./personal-records.server";
import { getWorkoutInProgress, todayForSite } from "./training-plan.server";
import { addExerciseSchema, DEFAULT_REST_SECONDS, noteSchema, SESSION_LIMITS, setSchema, skipSchema, swapSchema } from "./workout-session.schema";

type Actor = Pick<SessionUser, "id">;

export const WORKOUT_NOT_FOUND = "Workout not found";
export const EXERCISE_NOT_FOUND = "Exercise not found in this workout";
export const SET_NOT_FOUND = "Set not found";
export const WORKOUT_FINISHED = "This workout is finished: its sets can no longer be changed";
export const DAY_NOT_FOUND = "Program day not found";
export const EXERCISE_SKIPPED = "This exercise is skipped: undo the skip to log its sets";
export const HAS_SETS = "Delete this exercise's logged sets first";
export const NOTHING_LOGGED = "Log at least one set before finishing, or discard the workout";
export const UNKNOWN_EXERCISE = "Exercise not found";
export const TOO_MANY_SETS = `An exercise can have at most ${SESSION_LIMITS.plannedSets} sets`;
export const AD_HOC_TITLE = "Workout";

// ---- Starting ----

/**
 * Starts today's workout from a day of the member's own program, or an empty one (no
 * day). One workout at a time: while one is under way, starting answers that one.
 */
export async function startWorkout(actor: Actor, input: { dayId?: unknown }): Promise<{ workoutId: string }> {
  const underWay = await getWorkoutInProgress(actor);
  if (underWay) return { workoutId: underWay.id };
  const db = getDb();
  const dayId = typeof input.dayId === "string" && input.dayId.trim() !== "" ? input.dayId.trim() : null;
  const performedOn = await todayForSite();
  const workoutId = randomUUID();
  if (dayId === null) {
    await db.insert(workout).values({ id: workoutId, userId: actor.id, title: AD_HOC_TITLE, performedOn });
    return { workoutId };
  }
  const [day] = await db
    .select({ id: programDay.id, title: programDay.title })
    .from(programDay)
    .innerJoin(program, eq(program.id, programDay.programId))
    .where(and(eq(programDay.id, dayId), eq(program.memberId, actor.id)));
  if (!day) throw new AppError(404, DAY_NOT_FOUND);
  const blocks = await db.select().from(programBlock).where(eq(programBlock.dayId, day.id)).orderBy(asc(programBlock.position));
  await db.transaction(async (tx) => {
    await tx.insert(workout).values({ id: workoutId, userId: actor.id, programDayId: day.id, title: day.title, performedOn });
    if (blocks.length) {
      await tx.insert(workoutExercise).values(
        blocks.map((b, position) => ({ id: randomUUID(), workoutId, blockId: b.id, exerciseId: b.exerciseId, position, plannedSets: Math.min(Math.max(b.sets, 1), SESSION_LIMITS.plannedSets) })),
      );
    }
  });
  return { workoutId };
}

// ---- Ownership ----

async function ownWorkout(actor: Actor, workoutId: unknown) {
  if (typeof workoutId !== "string" || workoutId === "") throw new AppError(404, WORKOUT_NOT_FOUND);
  const [row] = await getDb().select().from(workout).where(and(eq(workout.id, workoutId), eq(workout.userId, actor.id)));
  if (!row) throw new AppError(404, WORKOUT_NOT_FOUND);
  return row;
}

async function openWorkout(actor: Actor, workoutId: unknown) {
  const row = await ownWorkout(actor, workoutId);
  if (row.finishedAt) throw new AppError(409, WORKOUT_FINISHED);
  return row;
}

async function exerciseOf(workoutId: string, workoutExerciseId: unknown) {
  if (typeof workoutExerciseId !== "string" || workoutExerciseId === "") throw new AppError(404, EXERCISE_NOT_FOUND);
  const [row] = await getDb()
    .select({ entry: workoutExercise, measure: exercise.measure })
    .from(workoutExercise)
    .innerJoin(exercise, eq(exercise.id, workoutExercise.exerciseId))
    .where(and(eq(workoutExercise.id, workoutExerciseId), eq(workoutExercise.workoutId, workoutId)));
  if (!row) throw new AppError(404, EXERCISE_NOT_FOUND);
  return row;
}

async function setOf(workoutId: string, setId: unknown) {
  if (typeof setId !== "string" || setId === "") throw new AppError(404, SET_NOT_FOUND);
  const [row] = await getDb()
    .select({ set: setLog, measure: exercise.measure, entry: workoutExercise })
    .from(setLog)
    .innerJoin(workoutExercise, eq(workoutExercise.id, setLog.workoutExerciseId))
    .innerJoin(exercise, eq(exercise.id, setLog.exerciseId))
    .where(and(eq(setLog.id, setId), eq(workoutExercise.workoutId, workoutId)));
  if (!row) throw new AppError(404, SET_NOT_FOUND);
  return row;
}

async function loggedCount(workoutExerciseId: string): Promise<number> {
  const [row] = await getDb().select({ n: sql<number>`count(*)::int` }).from(setLog).where(eq(setLog.workoutExerciseId, workoutExerciseId));
  return row?.n ?? 0;
}

function storedSet(input: ReturnType<ReturnType<typeof setSchema>["parse"]>, unit: WeightUnit) {
  return {
    weightKg: input.weight === null ? null : weightToKg(input.weight, unit),
    reps: input.reps,
    rpe: input.rpe,
    durationSeconds: input.durationSeconds,
    distanceMeters: input.distanceMeters,
  };
}

// ---- Sets ----

/** Logs the next set of an exercise; returns the rest to take before the next one. */
export async function logSet(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<{ setId: string; restSeconds: number }> {
  const w = await openWorkout(actor, workoutId);
  const { entry, measure } = await exerciseOf(w.id, input.workoutExerciseId);
  if (entry.status === "skipped") throw new AppError(409, EXERCISE_SKIPPED);
  const unit = await weightUnitOf(actor.id);
  const values = setSchema(measure, unit).parse(input);
  const db = getDb();
  const setId = randomUUID();
  await db.transaction(async (tx) => {
    const [last] = await tx.select({ n: max(setLog.setNumber) }).from(setLog).where(eq(setLog.workoutExerciseId, entry.id));
    const setNumber = (last?.n ?? 0) + 1;
    await tx.insert(setLog).values({ id: setId, workoutExerciseId: entry.id, userId: actor.id, exerciseId: entry.exerciseId, performedOn: w.performedOn, setNumber, ...storedSet(values, unit) });
    const planned = Math.min(Math.max(entry.plannedSets, setNumber), SESSION_LIMITS.plannedSets);
    await tx.update(workoutExercise).set({ status: "done", plannedSets: planned }).where(eq(workoutExercise.id, entry.id));
  });
  const [block] = entry.blockId ? await db.select({ rest: programBlock.restSeconds }).from(programBlock).where(eq(programBlock.id, entry.blockId)) : [];
  return { setId, restSeconds: block?.rest ?? DEFAULT_REST_SECONDS };
}

export async function editSet(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  const w = await openWorkout(actor, workoutId);
  const { set, measure } = await setOf(w.id, input.setId);
  const unit = await weightUnitOf(actor.id);
  const values = setSchema(measure, unit).parse(input);
  await getDb().update(setLog).set(storedSet(values, unit)).where(eq(setLog.id, set.id));
}

export async function deleteSet(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  const w = await openWorkout(actor, workoutId);
  const { set, entry } = await setOf(w.id, input.setId);
  await getDb().transaction(async (tx) => {
    await tx.delete(setLog).where(eq(setLog.id, set.id));
    const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(setLog).where(eq(setLog.workoutExerciseId, entry.id));
    if ((left?.n ?? 0) === 0) await tx.update(workoutExercise).set({ status: "planned" }).where(eq(workoutExercise.id, entry.id));
  });
}

/** One more set row for an exercise. */
export async function addSet(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  const w = await openWorkout(actor, workoutId);
  const { entry } = await exerciseOf(w.id, input.workoutExerciseId);
  if (entry.status === "skipped") throw new AppError(409, EXERCISE_SKIPPED);
  const rows = Math.max(entry.plannedSets, await loggedCount(entry.id));
  if (rows >= SESSION_LIMITS.plannedSets) throw new AppError(409, TOO_MANY_SETS);
  await getDb().update(workoutExercise).set({ plannedSets: rows + 1 }).where(eq(workoutExercise.id, entry.id));
}

// ---- Exercises ----

export async function skipExercise(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  const w = await openWorkout(actor, workoutId);
  const { entry } = await exerciseOf(w.id, input.workoutExerciseId);
  const { reason } = skipSchema.parse(input);
  if ((await loggedCount(entry.id)) > 0) throw new AppError(409, HAS_SETS);
  await getDb().update(workoutExercise).set({ status: "skipped", reason }).where(eq(workoutExercise.id, entry.id));
}

export async function undoSkip(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  const w = await openWorkout(actor, workoutId);
  const { entry } = await exerciseOf(w.id, input.workoutExerciseId);
  if (entry.status !== "skipped") return;
  await getDb().update(workoutExercise).set({ status: "planned", reason: "" }).where(eq(workoutExercise.id, entry.id));
}

async function existingExercise(id: string) {
  const [row] = await getDb().select({ id: exercise.id }).from(exercise).where(eq(exercise.id, id));
  if (!row) throw new AppError(404, UNKNOWN_EXERCISE, { fieldErrors: { exerciseId: UNKNOWN_EXERCISE } });
  return row.id;
}

/** Another exercise in place of this one (before any set of it is logged); the first one planned is kept. */
export async function swapExercise(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  const w = await openWorkout(actor, workoutId);
  const { entry } = await exerciseOf(w.id, input.workoutExerciseId);
  const parsed = swapSchema.parse(input);
  const replacement = await existingExercise(parsed.exerciseId);
  if ((await loggedCount(entry.id)) > 0) throw new AppError(409, HAS_SETS);
  if (replacement === entry.exerciseId) return;
  const original = entry.swappedFromId ?? entry.exerciseId;
  await getDb()
    .update(workoutExercise)
    .set({ exerciseId: replacement, swappedFromId: replacement === original ? null : original, reason: replacement === original ? "" : parsed.reason, status: "planned" })
    .where(eq(workoutExercise.id, entry.id));
}

/** An exercise added at the end (how an empty workout is filled); three set rows to start. */
export async function addExercise(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<{ workoutExerciseId: string }> {
  const w = await openWorkout(actor, workoutId);
  const chosen = await existingExercise(addExerciseSchema.parse(input).exerciseId);
  const db = getDb();
  const [last] = await db.select({ n: max(workoutExercise.position) }).from(workoutExercise).where(eq(workoutExercise.workoutId, w.id));
  const id = randomUUID();
  await db.insert(workoutExercise).values({ id, workoutId: w.id, exerciseId: chosen, position: (last?.n ?? -1) + 1, plannedSets: 3 });
  return { workoutExerciseId: id };
}

export async function saveNote(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  const w = await openWorkout(actor, workoutId);
  const { entry } = await exerciseOf(w.id, input.workoutExerciseId);
  const { notes } = noteSchema.parse(input);
  await getDb().update(workoutExercise).set({ notes }).where(eq(workoutExercise.id, entry.id));
}

// ---- Finishing ----

export interface WorkoutSummary {
  durationSeconds: number;
  /** Σ weight × reps, in the member's unit. */
  volume: number;
  unit: WeightUnit;
  sets: number;
  records: PersonalRecord[];
}

export async function finishWorkout(actor: Actor, workoutId: unknown): Promise<WorkoutSummary> {
  const w = await openWorkout(actor, workoutId);
  const db = getDb();
  const [logged] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(setLog)
    .innerJoin(workoutExercise, eq(workoutExercise.id, setLog.workoutExerciseId))
    .where(eq(workoutExercise.workoutId, w.id));
  if ((logged?.n ?? 0) === 0) throw new AppError(409, NOTHING_LOGGED);
  // Only an unfinished workout is finished: two finishes at once finish it once.
  const done = await db
    .update(workout)
    .set({ finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(workout.id, w.id), isNull(workout.finishedAt)))
    .returning({ id: workout.id });
  if (done.length === 0) throw new AppError(409, WORKOUT_FINISHED);
  return summarize(actor, w.id);
}

/** An unfinished workout dropped with everything logged in it. */
export async function discardWorkout(actor: Actor, workoutId: unknown): Promise<void> {
  const w = await openWorkout(actor, workoutId);
  await getDb().delete(workout).where(and(eq(workout.id, w.id), isNull(workout.finishedAt)));
}

async function summarize(actor: Actor, workoutId: string): Promise<WorkoutSummary> {
  const w = await ownWorkout(actor, workoutId);
  const [unit, sets, records] = await Promise.all([
    weightUnitOf(actor.id),
    getDb()
      .select({ weightKg: setLog.weightKg, reps: setLog.reps })
      .from(setLog)
      .innerJoin(workoutExercise, eq(workoutExercise.id, setLog.workoutExerciseId))
      .where(eq(workoutExercise.workoutId, w.id)),
    personalRecordsOf(actor, w.id),
  ]);
  const volumeKg = sets.reduce((sum, s) => sum + (s.weightKg ?? 0) * (s.reps ?? 0), 0);
  const end = w.finishedAt ?? new Date();
  return {
    durationSeconds: Math.max(0, Math.round((end.getTime() - w.startedAt.getTime()) / 1000)),
    volume: roundForDisplay(weightFromKg(volumeKg, unit), 0),
    unit,
    sets: sets.length,
    records: records.map((r) => ({ ...r, value: roundForDisplay(weightFromKg(r.value, unit)), previous: roundForDisplay(weightFromKg(r.previous, unit)) })),
  };
}

// ---- The screen ----

export interface SetView {
  id: string;
  number: number;
  weight: number | null;
  reps: number | null;
  rpe: number | null;
  durationSeconds: number | null;
  distanceMeters: number | null;
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

type SetRow = typeof setLog.$inferSelect;

function setView(row: SetRow, unit: WeightUnit, number: number): SetView {
  return {
    id: row.id,
    number,
    weight: row.weightKg === null ? null : roundForDisplay(weightFromKg(row.weightKg, unit), 2),
    reps: row.reps,
    rpe: row.rpe,
    durationSeconds: row.durationSeconds,
    distanceMeters: row.distanceMeters,
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

/** The best estimated 1RM (kg) of each exercise from the member's sets outside this workout. */
async function bestEstimates(userId: string, exerciseIds: string[], workoutExerciseIds: string[]): Promise<Map<string, number>> {
  if (exerciseIds.length === 0) return new Map();
  // The heaviest set per rep count is enough: Epley grows with the weight at equal reps.
  const rows = await getDb()
    .select({ exerciseId: setLog.exerciseId, reps: setLog.reps, weightKg: max(setLog.weightKg) })
    .from(setLog)
    .where(
      and(
        eq(setLog.userId, userId),
        inArray(setLog.exerciseId, exerciseIds),
        lte(setLog.reps, MAX_ESTIMATE_REPS),
        workoutExerciseIds.length ? notInArray(setLog.workoutExerciseId, workoutExerciseIds) : undefined,
      ),
    )
    .groupBy(setLog.exerciseId, setLog.reps);
  const best = new Map<string, number>();
  for (const row of rows) {
    const estimate = estimateOneRepMax(row.weightKg, row.reps);
    if (estimate !== null && estimate > (best.get(row.exerciseId) ?? 0)) best.set(row.exerciseId, estimate);
  }
  return best;
}

/** The member's sets of each exercise in the latest other workout that had it. */
async function lastTimes(userId: string, exerciseIds: string[], workoutExerciseIds: string[]) {
  const db = getDb();
  const found = await Promise.all(
    exerciseIds.map(async (exerciseId) => {
      const [latest] = await db
        .select({ workoutExerciseId: setLog.workoutExerciseId, performedOn: setLog.performedOn })
        .from(setLog)
        .where(and(eq(setLog.userId, userId), eq(setLog.exerciseId, exerciseId), workoutExerciseIds.length ? notInArray(setLog.workoutExerciseId, workoutExerciseIds) : undefined))
        .orderBy(desc(setLog.performedOn), desc(setLog.loggedAt))
        .limit(1);
      if (!latest) return null;
      const sets = await db.select().from(setLog).where(eq(setLog.workoutExerciseId, latest.workoutExerciseId)).orderBy(asc(setLog.setNumber));
      return [exerciseId, { performedOn: latest.performedOn, sets }] as const;
    }),
  );
  return new Map(found.filter((f) => f !== null));
}

/** The workout screen: each exercise with its target, last time and set rows, and the summary once finished. */
export async function getWorkoutScreen(actor: Actor, workoutId: unknown): Promise<WorkoutScreen> {
  const w = await ownWorkout(actor, workoutId);
  const db = getDb();
  const [unit, entries] = await Promise.all([
    weightUnitOf(actor.id),
    db
      .select({ entry: workoutExercise, name: exercise.name, measure: exercise.measure, block: programBlock })
      .from(workoutExercise)
      .innerJoin(exercise, eq(exercise.id, workoutExercise.exerciseId))
      .leftJoin(programBlock, eq(programBlock.id, workoutExercise.blockId))
      .where(eq(workoutExercise.workoutId, w.id))
      .orderBy(asc(workoutExercise.position)),
  ]);
  const entryIds = entries.map((e) => e.entry.id);
  const exerciseIds = [...new Set(entries.map((e) => e.entry.exerciseId))];
  const swappedIds = entries.flatMap((e) => (e.entry.swappedFromId ? [e.entry.swappedFromId] : []));
  const [sets, best, last, swappedNames, summary] = await Promise.all([
    entryIds.length ? db.select().from(setLog).where(inArray(setLog.workoutExerciseId, entryIds)).orderBy(asc(setLog.setNumber)) : Promise.resolve([]),
    bestEstimates(actor.id, exerciseIds, entryIds),
    lastTimes(actor.id, exerciseIds, entryIds),
    swappedIds.length ? db.select({ id: exercise.id, name: exercise.name }).from(exercise).where(inArray(exercise.id, swappedIds)) : Promise.resolve([]),
    w.finishedAt ? summarize(actor, w.id) : Promise.resolve(null),
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

/** Exercises by name, for swapping one or adding one (first 20 in name order). */
export async function searchExercises(query: string): Promise<Array<{ id: string; name: string }>> {
  const db = getDb();
  const words = query.trim();
  const where = words ? ilike(exercise.name, `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  return db.select({ id: exercise.id, name: exercise.name }).from(exercise).where(where).orderBy(asc(exercise.name)).limit(20);
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

/** The member's finished workouts, newest first, a page at a time; volume in their unit. */
export async function listWorkoutHistory(actor: Actor, page = 1): Promise<{ items: HistoryItem[]; page: number; pageCount: number; unit: WeightUnit }> {
  const db = getDb();
  const mine = and(eq(workout.userId, actor.id), sql`${workout.finishedAt} is not null`);
  const [unit, [total]] = await Promise.all([weightUnitOf(actor.id), db.select({ n: sql<number>`count(*)::int` }).from(workout).where(mine)]);
  const pageCount = Math.max(1, Math.ceil((total?.n ?? 0) / HISTORY_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db
    .select({
      id: workout.id,
      title: workout.title,
      performedOn: workout.performedOn,
      sets: sql<number>`count(${setLog.id})::int`,
      volumeKg: sql<number>`coalesce(sum(${setLog.weightKg} * ${setLog.reps}), 0)::float8`,
    })
    .from(workout)
    .leftJoin(workoutExercise, eq(workoutExercise.workoutId, workout.id))
    .leftJoin(setLog, eq(setLog.workoutExerciseId, workoutExercise.id))
    .where(mine)
    .groupBy(workout.id)
    .orderBy(desc(workout.performedOn), desc(workout.startedAt))
    .limit(HISTORY_PAGE_SIZE)
    .offset((current - 1) * HISTORY_PAGE_SIZE);
  return {
    items: rows.map((r) => ({ id: r.id, title: r.title, performedOn: r.performedOn, sets: r.sets, volume: roundForDisplay(weightFromKg(r.volumeKg, unit), 0) })),
    page: current,
    pageCount,
    unit,
  };
}

