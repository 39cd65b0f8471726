/**
 * A member's workout, from start to finish: started from a day of their program (its
 * blocks become the workout's exercises) or empty (ad hoc), sets logged, edited and
 * deleted, exercises skipped, swapped, added and noted, then finished with a summary.
 * A member reads and writes only their own workouts: another's is 'not found'. A finished
 * workout is a record: nothing in it changes any more (decision: workout session).
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, max, sql } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { exercise } from "~/db/schema/exercises";
import { program, programBlock, programDay } from "~/db/schema/programs";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { AppError } from "~/lib/app-error";
import { roundForDisplay, weightFromKg, weightToKg, type WeightUnit } from "~/lib/units";
import { personalRecordsOf, type PersonalRecord } from "./personal-records.server";
import { todayForSite } from "~/modules/settings/settings.server";
import { getWorkoutInProgress } from "./training-plan.server";
import { addExerciseSchema, DEFAULT_REST_SECONDS, noteSchema, SESSION_LIMITS, setSchema, skipSchema, swapSchema } from "./workout-session.schema";

/** The member acting on their own workouts: the unit comes with the sign-in. */
type Actor = Pick<SessionUser, "id" | "weightUnit">;

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
  await db.transaction(async (tx) => {
    // The member's program row share-locked first: a staff edit of it (which locks it for
    // update, decision 0043) either ends before the day is read below, in a statement of
    // its own so that it sees that edit, or finds this workout and leaves the day alone.
    const owned = await tx
      .select({ id: program.id })
      .from(programDay)
      .innerJoin(program, eq(program.id, programDay.programId))
      .where(and(eq(programDay.id, dayId), eq(program.memberId, actor.id)))
      .for("share", { of: program });
    const [day] = owned.length ? await tx.select({ id: programDay.id, title: programDay.title }).from(programDay).where(eq(programDay.id, dayId)) : [];
    if (!day) throw new AppError(404, DAY_NOT_FOUND);
    const blocks = await tx.select().from(programBlock).where(eq(programBlock.dayId, day.id)).orderBy(asc(programBlock.position));
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

export async function ownWorkout(actor: Actor, workoutId: unknown) {
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
  const unit = actor.weightUnit;
  const values = setSchema(measure, unit).parse(input);
  const db = getDb();
  const setId = randomUUID();
  await db.transaction(async (tx) => {
    // The exercise's row, locked: a second tap in another request waits here and numbers its set after this one.
    await tx.select({ id: workoutExercise.id }).from(workoutExercise).where(eq(workoutExercise.id, entry.id)).for("update");
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
  const unit = actor.weightUnit;
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
  return summarizeWorkout(actor, w.id);
}

/** An unfinished workout dropped with everything logged in it. */
export async function discardWorkout(actor: Actor, workoutId: unknown): Promise<void> {
  const w = await openWorkout(actor, workoutId);
  await getDb().delete(workout).where(and(eq(workout.id, w.id), isNull(workout.finishedAt)));
}

/** Duration, volume (member unit), sets and records of one of the member's workouts. */
export async function summarizeWorkout(actor: Actor, workoutId: string): Promise<WorkoutSummary> {
  const w = await ownWorkout(actor, workoutId);
  const unit = actor.weightUnit;
  const [sets, records] = await Promise.all([
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
