import crypto from "node:crypto";
import { and, eq, inArray, isNull, min, notExists, sql } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";

/**
 * The progress form's 'Log Workout' in the one model of a performed set: each logged
 * lift is an ad-hoc workout of its own (one per submission, decision 0034) holding one
 * exercise and `sets` equal sets of weight × reps. Every function is scoped by the acting
 * member: another member's exercise is not there (null / false), never touched.
 */

type Actor = Pick<SessionUser, "id" | "role">;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Equal sets of one exercise on one day, as the form logs them; weight in kg. */
export interface LiftSets {
  performedOn: string;
  weightKg: number;
  reps: number;
  sets: number;
  notes: string;
}

function setRows(workoutExerciseId: string, userId: string, exerciseId: string, lift: LiftSets, loggedAt: Date) {
  return Array.from({ length: lift.sets }, (_, i) => ({
    id: crypto.randomUUID(),
    workoutExerciseId,
    userId,
    exerciseId,
    performedOn: lift.performedOn,
    setNumber: i + 1,
    weightKg: lift.weightKg,
    reps: lift.reps,
    loggedAt,
  }));
}

/** Logs a lift as a finished ad-hoc workout titled `title`; answers the workout exercise's id. */
export async function logLiftSets(actor: Actor, lift: LiftSets & { exerciseId: string; title: string }): Promise<{ id: string }> {
  ensureCan(actor, "memberArea", "view");
  const workoutId = crypto.randomUUID();
  const id = crypto.randomUUID();
  const now = new Date();
  await getDb().transaction(async (tx) => {
    await tx
      .insert(workout)
      .values({ id: workoutId, userId: actor.id, title: lift.title, performedOn: lift.performedOn, startedAt: now, finishedAt: now, createdAt: now, updatedAt: now });
    await tx.insert(workoutExercise).values({ id, workoutId, exerciseId: lift.exerciseId, position: 0, status: "done", notes: lift.notes, createdAt: now });
    await tx.insert(setLog).values(setRows(id, actor.id, lift.exerciseId, lift, now));
  });
  return { id };
}

/** The actor's own workout exercise of one of `exerciseIds`, with its workout; undefined when there is none. */
async function ownExercise(db: Db | Tx, actor: Actor, id: string, exerciseIds: readonly string[]) {
  const [row] = await db
    .select({ id: workoutExercise.id, workoutId: workoutExercise.workoutId, exerciseId: workoutExercise.exerciseId })
    .from(workoutExercise)
    .innerJoin(workout, eq(workout.id, workoutExercise.workoutId))
    .where(and(eq(workoutExercise.id, id), eq(workout.userId, actor.id), inArray(workoutExercise.exerciseId, [...exerciseIds])));
  return row;
}

/** Which of `exerciseIds` the actor's workout exercise `id` is; null when it is not theirs (or not one of them). */
export async function ownLiftExerciseId(actor: Actor, id: string, exerciseIds: readonly string[]): Promise<string | null> {
  ensureCan(actor, "memberArea", "view");
  return (await ownExercise(getDb(), actor, id, exerciseIds))?.exerciseId ?? null;
}

/**
 * Rewrites one of the actor's lifts as `sets` equal sets with its notes, and moves its
 * workout to the new date (with every set of that workout). The sets keep the time they
 * were first logged at, so the history keeps its order. False when it is not theirs.
 */
export async function replaceLiftSets(actor: Actor, id: string, exerciseIds: readonly string[], lift: LiftSets): Promise<boolean> {
  ensureCan(actor, "memberArea", "view");
  return getDb().transaction(async (tx) => {
    const own = await ownExercise(tx, actor, id, exerciseIds);
    if (!own) return false;
    const [first] = await tx.select({ at: min(setLog.loggedAt) }).from(setLog).where(eq(setLog.workoutExerciseId, id));
    const now = new Date();
    await tx.update(workout).set({ performedOn: lift.performedOn, updatedAt: now }).where(eq(workout.id, own.workoutId));
    await tx
      .update(setLog)
      .set({ performedOn: lift.performedOn })
      .where(inArray(setLog.workoutExerciseId, tx.select({ id: workoutExercise.id }).from(workoutExercise).where(eq(workoutExercise.workoutId, own.workoutId))));
    await tx.update(workoutExercise).set({ notes: lift.notes }).where(eq(workoutExercise.id, id));
    await tx.delete(setLog).where(eq(setLog.workoutExerciseId, id));
    await tx.insert(setLog).values(setRows(id, actor.id, own.exerciseId, lift, first?.at ?? now));
    return true;
  });
}

/**
 * Deletes one of the actor's lifts with its sets; an ad-hoc workout left without any
 * exercise goes with it. False when it is not theirs.
 */
export async function deleteLift(actor: Actor, id: string, exerciseIds: readonly string[]): Promise<boolean> {
  ensureCan(actor, "memberArea", "view");
  return getDb().transaction(async (tx) => {
    const own = await ownExercise(tx, actor, id, exerciseIds);
    if (!own) return false;
    await tx.delete(workoutExercise).where(eq(workoutExercise.id, id));
    await tx
      .delete(workout)
      .where(
        and(
          eq(workout.id, own.workoutId),
          isNull(workout.programDayId),
          notExists(tx.select({ one: sql`1` }).from(workoutExercise).where(eq(workoutExercise.workoutId, own.workoutId))),
        ),
      );
    return true;
  });
}
