/**
 * A member's workout, from start to finish: started from a day of their program (its
 * blocks become the workout's exercises) or empty (ad hoc), in workout-start.server.ts;
 * sets logged, edited and deleted, exercises skipped, swapped, added and noted, then finished with a summary.
 * A member reads and writes only their own workouts: another's is 'not found'. A finished
 * workout is a record: nothing in it changes any more (decision: workout session).
 *
 * Every write goes through `withOpenWorkout`: one transaction, the workout's row locked,
 * its owner and 'not finished' checked under that lock, then the write. Two requests on
 * one workout (two taps, two tabs, finish against a set) take their turns, and every
 * check sees what the other one wrote (decision 0042).
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, max, sql } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { preparedOnce } from "~/db/prepared.server";
import { exercise } from "~/db/schema/exercises";
import { programBlock } from "~/db/schema/programs";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { AppError } from "~/lib/app-error";
import { weightToKg, type WeightUnit } from "~/lib/units";
import { checkSet, SESSION_LIMITS, type SetValues } from "./set-rules";
import { setOfKey, violatesClientKey } from "./set-keys.server";
import { setsOf, summarizeWorkout, type WorkoutSummary } from "./workout-summary.server";
import { addExerciseSchema, clientKeySchema, DEFAULT_REST_SECONDS, noteSchema, skipSchema, swapSchema } from "./workout-session.schema";

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

// ---- Ownership and the one door of every write ----

function idOf(value: unknown, notFound: string): string {
  if (typeof value !== "string" || value === "") throw new AppError(404, notFound);
  return value;
}

const ownWorkoutQuery = preparedOnce((db) =>
  db
    .select()
    .from(workout)
    .where(and(eq(workout.id, sql.placeholder("id")), eq(workout.userId, sql.placeholder("memberId"))))
    .prepare("own_workout"),
);

export async function ownWorkout(actor: Actor, workoutId: unknown) {
  const [row] = await ownWorkoutQuery().execute({ id: idOf(workoutId, WORKOUT_NOT_FOUND), memberId: actor.id });
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
  return inTransaction(async (tx) => {
    const [w] = await tx
      .select()
      .from(workout)
      .where(and(eq(workout.id, id), eq(workout.userId, actor.id)))
      .for("update");
    return write(tx, openWorkout(w));
  });
}

/** One exercise of an open workout, with what a write to it needs: its library measure and its block's rest. */
interface OpenExercise {
  entry: typeof workoutExercise.$inferSelect;
  measure: typeof exercise.$inferSelect.measure;
  restSeconds: number | null;
}

/**
 * `withOpenWorkout` for a write to one of the workout's exercises: the workout locked and
 * the exercise read in one statement (the set-logging action's path, decision 0097), with
 * the same answers in the same order: workout not found, finished, then exercise not found.
 */
async function withOpenExercise<T>(actor: Actor, workoutId: unknown, workoutExerciseId: unknown, write: (tx: Tx, w: WorkoutRow, e: OpenExercise) => Promise<T>): Promise<T> {
  const id = idOf(workoutId, WORKOUT_NOT_FOUND);
  const exerciseId = typeof workoutExerciseId === "string" ? workoutExerciseId : "";
  return inTransaction(async (tx) => {
    const [row] = await tx
      .select({ w: workout, entry: workoutExercise, measure: exercise.measure, restSeconds: programBlock.restSeconds })
      .from(workout)
      .leftJoin(workoutExercise, and(eq(workoutExercise.id, exerciseId), eq(workoutExercise.workoutId, workout.id)))
      .leftJoin(exercise, eq(exercise.id, workoutExercise.exerciseId))
      .leftJoin(programBlock, eq(programBlock.id, workoutExercise.blockId))
      .where(and(eq(workout.id, id), eq(workout.userId, actor.id)))
      .for("update", { of: workout });
    const w = openWorkout(row?.w);
    if (!row?.entry || !row.measure) throw new AppError(404, EXERCISE_NOT_FOUND);
    return write(tx, w, { entry: row.entry, measure: row.measure, restSeconds: row.restSeconds });
  });
}

/** The member's workout as the lock found it: another's or none is 404, a finished one 409. */
function openWorkout(w: WorkoutRow | undefined): WorkoutRow {
  if (!w) throw new AppError(404, WORKOUT_NOT_FOUND);
  if (w.finishedAt) throw new AppError(409, WORKOUT_FINISHED);
  return w;
}

async function inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await getDb().transaction(work);
  } catch (error) {
    // The database's own limit (a set logged before it existed, edited now; a set past it): the same answer as the service's.
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
export function setRows(rows: number): number {
  if (rows > SESSION_LIMITS.plannedSets) throw new AppError(409, TOO_MANY_SETS);
  return rows;
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

/** A set's numbers as typed, checked (400 with each wrong field's message, as the browser shows them). */
function checkedSet(measure: Parameters<typeof checkSet>[0], unit: WeightUnit, input: Record<string, unknown>): SetValues {
  const checked = checkSet(measure, unit, input);
  if (checked.problems) throw new AppError(400, "", { fieldErrors: checked.problems });
  return checked.values;
}

function storedSet(input: SetValues, unit: WeightUnit) {
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
 * (decision 0093). The key is the member's own: looked up and unique per member. It is
 * looked up only once a new set is refused (its key already stored, by an earlier send or
 * one at the same moment; the workout since finished…), so a new set costs no statement
 * more than one sent without a key (decision 0110).
 */
export async function logSet(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<{ setId: string; restSeconds: number }> {
  const { clientKey } = clientKeySchema.parse(input);
  try {
    return await logNewSet(actor, workoutId, input, clientKey);
  } catch (error) {
    const refused = error instanceof AppError || violatesClientKey(error);
    const stored = clientKey && refused ? await setOfKey(actor.id, idOf(workoutId, WORKOUT_NOT_FOUND), clientKey) : null;
    if (stored) return stored;
    if (clientKey && violatesClientKey(error)) throw new AppError(409, KEY_REUSED);
    throw error;
  }
}

/**
 * A new set: its number is the exercise's next, counted in the statement that stores it
 * (after the lock, so it sees the set a concurrent request stored first); past the limit,
 * the CHECK constraint refuses it as TOO_MANY_SETS (decision 0097).
 */
async function logNewSet(actor: Actor, workoutId: unknown, input: Record<string, unknown>, clientKey: string | null): Promise<{ setId: string; restSeconds: number }> {
  return withOpenExercise(actor, workoutId, input.workoutExerciseId, async (tx, w, { entry, measure, restSeconds }) => {
    if (entry.status === "skipped") throw new AppError(409, EXERCISE_SKIPPED);
    const unit = actor.weightUnit;
    const values = checkedSet(measure, unit, input);
    const setId = randomUUID();
    const nextNumber = sql<number>`(select coalesce(max(${setLog.setNumber}), 0) + 1 from ${setLog} where ${setLog.workoutExerciseId} = ${entry.id})`;
    const logged = tx.$with("logged").as(
      tx
        .insert(setLog)
        .values({ id: setId, workoutExerciseId: entry.id, userId: actor.id, exerciseId: entry.exerciseId, performedOn: w.performedOn, setNumber: nextNumber, clientKey, ...storedSet(values, unit) })
        .returning({ setNumber: setLog.setNumber }),
    );
    // The set and its exercise's 'done' and rows in one statement.
    await tx
      .with(logged)
      .update(workoutExercise)
      .set({ status: "done", plannedSets: sql`greatest(${workoutExercise.plannedSets}, (select ${logged.setNumber} from ${logged}))` })
      .where(eq(workoutExercise.id, entry.id));
    return { setId, restSeconds: restSeconds ?? DEFAULT_REST_SECONDS };
  });
}

export async function editSet(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  await withOpenWorkout(actor, workoutId, async (tx, w) => {
    const { set, measure } = await setOf(tx, w.id, input.setId);
    const unit = actor.weightUnit;
    const values = checkedSet(measure, unit, input);
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
  await withOpenExercise(actor, workoutId, input.workoutExerciseId, async (tx, _w, { entry }) => {
    if (entry.status === "skipped") throw new AppError(409, EXERCISE_SKIPPED);
    const rows = Math.max(entry.plannedSets, await loggedCount(tx, entry.id));
    await tx
      .update(workoutExercise)
      .set({ plannedSets: setRows(rows + 1) })
      .where(eq(workoutExercise.id, entry.id));
  });
}

// ---- Exercises ----

export async function skipExercise(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  await withOpenExercise(actor, workoutId, input.workoutExerciseId, async (tx, _w, { entry }) => {
    const { reason } = skipSchema.parse(input);
    if ((await loggedCount(tx, entry.id)) > 0) throw new AppError(409, HAS_SETS);
    await tx.update(workoutExercise).set({ status: "skipped", reason }).where(eq(workoutExercise.id, entry.id));
  });
}

export async function undoSkip(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  await withOpenExercise(actor, workoutId, input.workoutExerciseId, async (tx, _w, { entry }) => {
    if (entry.status !== "skipped") return;
    await tx.update(workoutExercise).set({ status: "planned", reason: "" }).where(eq(workoutExercise.id, entry.id));
  });
}

/** Another exercise in place of this one (before any set of it is logged); the first one planned is kept. */
export async function swapExercise(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  await withOpenExercise(actor, workoutId, input.workoutExerciseId, async (tx, _w, { entry }) => {
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
    const [held] = await tx
      .select({ n: count(), last: max(workoutExercise.position) })
      .from(workoutExercise)
      .where(eq(workoutExercise.workoutId, w.id));
    if ((held?.n ?? 0) >= SESSION_LIMITS.exercises) throw new AppError(409, TOO_MANY_EXERCISES);
    const id = randomUUID();
    await tx.insert(workoutExercise).values({ id, workoutId: w.id, exerciseId: chosen, position: (held?.last ?? -1) + 1, plannedSets: setRows(ADDED_EXERCISE_ROWS) });
    return { workoutExerciseId: id };
  });
}

export async function saveNote(actor: Actor, workoutId: unknown, input: Record<string, unknown>): Promise<void> {
  await withOpenExercise(actor, workoutId, input.workoutExerciseId, async (tx, _w, { entry }) => {
    const { notes } = noteSchema.parse(input);
    await tx.update(workoutExercise).set({ notes }).where(eq(workoutExercise.id, entry.id));
  });
}

// ---- Finishing ----

export async function finishWorkout(actor: Actor, workoutId: unknown): Promise<WorkoutSummary> {
  const finished = await withOpenWorkout(actor, workoutId, async (tx, w) => {
    const [logged] = await tx.select({ n: count() }).from(setLog).where(setsOf(w.id));
    if ((logged?.n ?? 0) === 0) throw new AppError(409, NOTHING_LOGGED);
    const finishedAt = new Date();
    await tx.update(workout).set({ finishedAt, updatedAt: finishedAt }).where(eq(workout.id, w.id));
    return { ...w, finishedAt };
  });
  // Finished is final: what is summed up now is what was finished.
  return summarizeWorkout(actor, finished);
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
