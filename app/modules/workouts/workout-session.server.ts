/**
 * A member's workout, from start to finish: started from a day of their program (its
 * blocks become the workout's exercises) or empty (ad hoc), sets logged, edited and
 * deleted, exercises skipped, swapped, added and noted, then finished with a summary.
 * A member reads and writes only their own workouts: another's is 'not found'. A finished
 * workout is a record: nothing in it changes any more (decision: workout session).
 *
 * Every write goes through `withOpenWorkout`: one transaction, the workout's row locked,
 * its owner and 'not finished' checked under that lock, then the write. Two requests on
 * one workout (two taps, two tabs, finish against a set) take their turns, and every
 * check sees what the other one wrote (decision 0042).
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, max, sql } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { exercise } from "~/db/schema/exercises";
import { program, programBlock, programDay } from "~/db/schema/programs";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { AppError } from "~/lib/app-error";
import { roundForDisplay, weightFromKg, weightToKg, type WeightUnit } from "~/lib/units";
import { personalRecordsOf, type PersonalRecord } from "./personal-records.server";
import { todayForSite } from "~/modules/settings/settings.server";
import { workoutInProgress } from "./training-plan.server";
import { addExerciseSchema, clientKeySchema, DEFAULT_REST_SECONDS, noteSchema, SESSION_LIMITS, setSchema, skipSchema, swapSchema } from "./workout-session.schema";

/** The member acting on their own workouts: the unit comes with the sign-in. */
type Actor = Pick<SessionUser, "id" | "weightUnit">;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type WorkoutRow = typeof workout.$inferSelect;

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
export const KEY_REUSED = "This set was already sent with another workout";
export const TOO_MANY_EXERCISES = `A workout can have at most ${SESSION_LIMITS.exercises} exercises`;
export const AD_HOC_TITLE = "Workout";
/** Set rows an exercise added on the workout screen offers to start. */
const ADDED_EXERCISE_ROWS = 3;

// ---- Starting ----

/**
 * Starts today's workout from a day of the member's own program, or an empty one (no
 * day). One workout at a time: while one is under way, starting answers that one. The
 * member's row is locked meanwhile, so two starts at once make one workout.
 */
export async function startWorkout(actor: Actor, input: { dayId?: unknown }): Promise<{ workoutId: string }> {
  const dayId = typeof input.dayId === "string" && input.dayId.trim() !== "" ? input.dayId.trim() : null;
  const performedOn = await todayForSite();
  return getDb().transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, actor.id)).for("no key update");
    const underWay = await workoutInProgress(tx, actor.id);
    if (underWay) return { workoutId: underWay.id };
    const workoutId = randomUUID();
    if (dayId === null) {
      await tx.insert(workout).values({ id: workoutId, userId: actor.id, title: AD_HOC_TITLE, performedOn });
      return { workoutId };
    }
    // The member's program row share-locked first: a staff edit of it (which locks it for
    // update, decision 0043) either ends before the day is read below, in a statement of
    // its own so that it sees that edit, or finds this workout and leaves the day alone.
    const owned = await tx
      .select({ id: program.id })
      .from(programDay)
      .innerJoin(program, eq(program.id, programDay.programId))
      .where(and(eq(programDay.id, dayId), eq(program.memberId, actor.id)))
      .for("share", { of: program });
    // The day's row shared-locked too: staff removing it wait until this workout refers to it.
    const [day] = owned.length ? await tx.select({ id: programDay.id, title: programDay.title }).from(programDay).where(eq(programDay.id, dayId)).for("share") : [];
    if (!day) throw new AppError(404, DAY_NOT_FOUND);
    const blocks = await tx.select().from(programBlock).where(eq(programBlock.dayId, day.id)).orderBy(asc(programBlock.position));
    await tx.insert(workout).values({ id: workoutId, userId: actor.id, programDayId: day.id, title: day.title, performedOn });
    if (blocks.length) {
      await tx.insert(workoutExercise).values(
        blocks.map((b, position) => ({ id: randomUUID(), workoutId, blockId: b.id, exerciseId: b.exerciseId, position, plannedSets: setRows(Math.max(b.sets, 1)) })),
      );
    }
    return { workoutId };
  });
}

// ---- Ownership and the one door of every write ----

function idOf(value: unknown, notFound: string): string {
  if (typeof value !== "string" || value === "") throw new AppError(404, notFound);
  return value;
}

export async function ownWorkout(actor: Actor, workoutId: unknown) {
  const [row] = await getDb()
    .select()
    .from(workout)
    .where(and(eq(workout.id, idOf(workoutId, WORKOUT_NOT_FOUND)), eq(workout.userId, actor.id)));
  if (!row) throw new AppError(404, WORKOUT_NOT_FOUND);
  return row;
}

/**
 * The one way to change a workout: in one transaction, the member's own workout locked
 * (FOR UPDATE), refused when finished, then `write` with that transaction. A concurrent
 * finish, discard or set waits for this one and then sees its result.
 */
async function withOpenWorkout<T>(actor: Actor, workoutId: unknown, write: (tx: Tx, w: WorkoutRow) => Promise<T>): Promise<T> {
  const id = idOf(workoutId, WORKOUT_NOT_FOUND);
  try {
    return await getDb().transaction(async (tx) => {
      const [w] = await tx
        .select()
        .from(workout)
        .where(and(eq(workout.id, id), eq(workout.userId, actor.id)))
        .for("update");
      if (!w) throw new AppError(404, WORKOUT_NOT_FOUND);
      if (w.finishedAt) throw new AppError(409, WORKOUT_FINISHED);
      return await write(tx, w);
    });
  } catch (error) {
    // The database's own limit (a set logged before it existed, edited now): the same answer as the service's.
    if (violatesSetLimit(error)) throw new AppError(409, TOO_MANY_SETS);
    throw error;
  }
}

const SET_LIMIT_CONSTRAINTS = new Set(["set_logs_set_number_check", "workout_exercises_planned_sets_check"]);

/** A check_violation (23514) of the set limit's constraints; drizzle wraps the driver's error. */
function violatesSetLimit(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === "23514" && constraint !== undefined && SET_LIMIT_CONSTRAINTS.has(constraint)) return true;
  }
  return false;
}

/** The one rule of set rows: every door that makes a set or offers a row asks here (the CHECK constraints hold it too). */
function setRows(rows: number): number {
  if (rows > SESSION_LIMITS.plannedSets) throw new AppError(409, TOO_MANY_SETS);
  return rows;
}

async function exerciseOf(tx: Tx, workoutId: string, workoutExerciseId: unknown) {
  const [row] = await tx
    .select({ entry: workoutExercise, measure: exercise.measure })
    .from(workoutExercise)
    .innerJoin(exercise, eq(exercise.id, workoutExercise.exerciseId))
    .where(and(eq(workoutExercise.id, idOf(workoutExerciseId, EXERCISE_NOT_FOUND)), eq(workoutExercise.workoutId, workoutId)));
  if (!row) throw new AppError(404, EXERCISE_NOT_FOUND);
  return row;
}

async function setOf(tx: Tx, workoutId: string, setId: unknown) {
  const [row] = await tx
    .select({ set: setLog, measure: exercise.measure, entry: workoutExercise })
    .from(setLog)
    .innerJoin(workoutExercise, eq(workoutExercise.id, setLog.workoutExerciseId))
    .innerJoin(exercise, eq(exercise.id, setLog.exerciseId))
    .where(and(eq(setLog.id, idOf(setId, SET_NOT_FOUND)), eq(workoutExercise.workoutId, workoutId)));
  if (!row) throw new AppError(404, SET_NOT_FOUND);
  return row;
}

async function loggedCount(tx: Tx, workoutExerciseId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(setLog).where(eq(setLog.workoutExerciseId, workoutExerciseId));
  return row?.n ?? 0;
}

/**
 * A library exercise to swap to or add, share-locked until the write commits: a staff
 * delete meanwhile waits and is then refused as in use, or came first and this is 404.
 */
async function lockedLibraryExercise(tx: Tx, id: string): Promise<string> {
  const [row] = await tx.select({ id: exercise.id }).from(exercise).where(eq(exercise.id, id)).for("share");
  if (!row) throw new AppError(404, UNKNOWN_EXERCISE, { fieldErrors: { exerciseId: UNKNOWN_EXERCISE } });
  return row.id;
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

/**
 * Logs the next set of an exercise; returns the rest to take before the next one. A set
 * sent with an idempotency key (`clientKey`, the offline queue's) is stored once: the same
 * key again answers the set stored with it, whatever happened to the workout since
 * (decision 0093). The key is the member's own: looked up and unique per member.
 */
export async function logSet(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<{ setId: string; restSeconds: number }> {
  const { clientKey } = clientKeySchema.parse(input);
  const stored = clientKey ? await setOfKey(actor, workoutId, clientKey) : null;
  if (stored) return stored;
  try {
    return await logNewSet(actor, workoutId, input, clientKey);
  } catch (error) {
    // The same key sent twice at once: the one that lost the race answers the winner's set.
    const raced = clientKey && violatesClientKey(error) ? await setOfKey(actor, workoutId, clientKey) : null;
    if (raced) return raced;
    if (clientKey && violatesClientKey(error)) throw new AppError(409, KEY_REUSED);
    throw error;
  }
}

async function logNewSet(actor: Actor, workoutId: unknown, input: Record<string, unknown>, clientKey: string | null): Promise<{ setId: string; restSeconds: number }> {
  return withOpenWorkout(actor, workoutId, async (tx, w) => {
    const { entry, measure } = await exerciseOf(tx, w.id, input.workoutExerciseId);
    if (entry.status === "skipped") throw new AppError(409, EXERCISE_SKIPPED);
    const unit = actor.weightUnit;
    const values = setSchema(measure, unit).parse(input);
    const [last] = await tx.select({ n: max(setLog.setNumber) }).from(setLog).where(eq(setLog.workoutExerciseId, entry.id));
    const setNumber = setRows((last?.n ?? 0) + 1);
    const setId = randomUUID();
    await tx.insert(setLog).values({ id: setId, workoutExerciseId: entry.id, userId: actor.id, exerciseId: entry.exerciseId, performedOn: w.performedOn, setNumber, clientKey, ...storedSet(values, unit) });
    await tx.update(workoutExercise).set({ status: "done", plannedSets: Math.max(entry.plannedSets, setNumber) }).where(eq(workoutExercise.id, entry.id));
    const [block] = entry.blockId ? await tx.select({ rest: programBlock.restSeconds }).from(programBlock).where(eq(programBlock.id, entry.blockId)) : [];
    return { setId, restSeconds: block?.rest ?? DEFAULT_REST_SECONDS };
  });
}

/** The set the member stored with this key in this workout, with its rest; null when there is none. */
async function setOfKey(actor: Actor, workoutId: unknown, clientKey: string): Promise<{ setId: string; restSeconds: number } | null> {
  const [row] = await getDb()
    .select({ setId: setLog.id, rest: programBlock.restSeconds })
    .from(setLog)
    .innerJoin(workoutExercise, eq(workoutExercise.id, setLog.workoutExerciseId))
    .leftJoin(programBlock, eq(programBlock.id, workoutExercise.blockId))
    .where(and(eq(setLog.userId, actor.id), eq(setLog.clientKey, clientKey), eq(workoutExercise.workoutId, idOf(workoutId, WORKOUT_NOT_FOUND))));
  return row ? { setId: row.setId, restSeconds: row.rest ?? DEFAULT_REST_SECONDS } : null;
}

/** A unique_violation (23505) of the member's idempotency keys; drizzle wraps the driver's error. */
function violatesClientKey(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === "23505" && constraint === "set_logs_user_client_key_idx") return true;
  }
  return false;
}

export async function editSet(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  await withOpenWorkout(actor, workoutId, async (tx, w) => {
    const { set, measure } = await setOf(tx, w.id, input.setId);
    const unit = actor.weightUnit;
    const values = setSchema(measure, unit).parse(input);
    await tx.update(setLog).set(storedSet(values, unit)).where(eq(setLog.id, set.id));
  });
}

export async function deleteSet(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  await withOpenWorkout(actor, workoutId, async (tx, w) => {
    const { set, entry } = await setOf(tx, w.id, input.setId);
    await tx.delete(setLog).where(eq(setLog.id, set.id));
    if ((await loggedCount(tx, entry.id)) === 0) await tx.update(workoutExercise).set({ status: "planned" }).where(eq(workoutExercise.id, entry.id));
  });
}

/** One more set row for an exercise. */
export async function addSet(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  await withOpenWorkout(actor, workoutId, async (tx, w) => {
    const { entry } = await exerciseOf(tx, w.id, input.workoutExerciseId);
    if (entry.status === "skipped") throw new AppError(409, EXERCISE_SKIPPED);
    const rows = Math.max(entry.plannedSets, await loggedCount(tx, entry.id));
    await tx.update(workoutExercise).set({ plannedSets: setRows(rows + 1) }).where(eq(workoutExercise.id, entry.id));
  });
}

// ---- Exercises ----

export async function skipExercise(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  await withOpenWorkout(actor, workoutId, async (tx, w) => {
    const { entry } = await exerciseOf(tx, w.id, input.workoutExerciseId);
    const { reason } = skipSchema.parse(input);
    if ((await loggedCount(tx, entry.id)) > 0) throw new AppError(409, HAS_SETS);
    await tx.update(workoutExercise).set({ status: "skipped", reason }).where(eq(workoutExercise.id, entry.id));
  });
}

export async function undoSkip(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  await withOpenWorkout(actor, workoutId, async (tx, w) => {
    const { entry } = await exerciseOf(tx, w.id, input.workoutExerciseId);
    if (entry.status !== "skipped") return;
    await tx.update(workoutExercise).set({ status: "planned", reason: "" }).where(eq(workoutExercise.id, entry.id));
  });
}

/** Another exercise in place of this one (before any set of it is logged); the first one planned is kept. */
export async function swapExercise(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  await withOpenWorkout(actor, workoutId, async (tx, w) => {
    const { entry } = await exerciseOf(tx, w.id, input.workoutExerciseId);
    const parsed = swapSchema.parse(input);
    const replacement = await lockedLibraryExercise(tx, parsed.exerciseId);
    if ((await loggedCount(tx, entry.id)) > 0) throw new AppError(409, HAS_SETS);
    if (replacement === entry.exerciseId) return;
    const original = entry.swappedFromId ?? entry.exerciseId;
    await tx
      .update(workoutExercise)
      .set({ exerciseId: replacement, swappedFromId: replacement === original ? null : original, reason: replacement === original ? "" : parsed.reason, status: "planned" })
      .where(eq(workoutExercise.id, entry.id));
  });
}

/** An exercise added at the end (how an empty workout is filled); three set rows to start; at most a program day's exercises. */
export async function addExercise(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<{ workoutExerciseId: string }> {
  return withOpenWorkout(actor, workoutId, async (tx, w) => {
    const chosen = await lockedLibraryExercise(tx, addExerciseSchema.parse(input).exerciseId);
    const [held] = await tx.select({ n: count(), last: max(workoutExercise.position) }).from(workoutExercise).where(eq(workoutExercise.workoutId, w.id));
    if ((held?.n ?? 0) >= SESSION_LIMITS.exercises) throw new AppError(409, TOO_MANY_EXERCISES);
    const id = randomUUID();
    await tx.insert(workoutExercise).values({ id, workoutId: w.id, exerciseId: chosen, position: (held?.last ?? -1) + 1, plannedSets: setRows(ADDED_EXERCISE_ROWS) });
    return { workoutExerciseId: id };
  });
}

export async function saveNote(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  await withOpenWorkout(actor, workoutId, async (tx, w) => {
    const { entry } = await exerciseOf(tx, w.id, input.workoutExerciseId);
    const { notes } = noteSchema.parse(input);
    await tx.update(workoutExercise).set({ notes }).where(eq(workoutExercise.id, entry.id));
  });
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

/**
 * The sets of a workout, through its exercises' index (= any): as a join with
 * workout_exercises, PGlite (no statistics) planned a scan of every member's sets.
 */
function setsOf(workoutId: string) {
  return sql`${setLog.workoutExerciseId} = any(array(select id from workout_exercises where workout_id = ${workoutId}))`;
}

export async function finishWorkout(actor: Actor, workoutId: unknown): Promise<WorkoutSummary> {
  const id = await withOpenWorkout(actor, workoutId, async (tx, w) => {
    const [logged] = await tx.select({ n: count() }).from(setLog).where(setsOf(w.id));
    if ((logged?.n ?? 0) === 0) throw new AppError(409, NOTHING_LOGGED);
    await tx.update(workout).set({ finishedAt: new Date(), updatedAt: new Date() }).where(eq(workout.id, w.id));
    return w.id;
  });
  // Finished is final: what is summed up now is what was finished.
  return summarizeWorkout(actor, id);
}

/** The offline queue's finish (decision 0093): sent again after its answer was lost, it finds the workout finished, as it asked. */
export async function finishQueuedWorkout(actor: Actor, workoutId: unknown): Promise<void> {
  const w = await ownWorkout(actor, workoutId);
  if (!w.finishedAt) await finishWorkout(actor, w.id);
}

/** An unfinished workout dropped with everything logged in it. */
export async function discardWorkout(actor: Actor, workoutId: unknown): Promise<void> {
  await withOpenWorkout(actor, workoutId, (tx, w) => tx.delete(workout).where(eq(workout.id, w.id)));
}

/** Duration, volume (member unit), sets and records of one of the member's workouts. */
export async function summarizeWorkout(actor: Actor, workoutId: string): Promise<WorkoutSummary> {
  const w = await ownWorkout(actor, workoutId);
  const unit = actor.weightUnit;
  const [sets, records] = await Promise.all([
    getDb().select({ weightKg: setLog.weightKg, reps: setLog.reps }).from(setLog).where(setsOf(w.id)),
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
