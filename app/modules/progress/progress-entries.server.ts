import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { progressEntry } from "~/db/schema/progress";
import { AppError } from "~/lib/app-error";
import { LIFT_EXERCISES } from "~/modules/exercises/lifts";
import { deleteLift, logLiftSets, ownLiftExerciseId, replaceLiftSets } from "~/modules/workouts/logged-lifts.server";
import { formContextFor } from "./progress-context.server";
import { ENTRY_NOT_FOUND, requireId } from "./progress-ids";
import { liftExerciseIds, liftKindOf } from "./progress-lifts.server";
import { isEntryKind, toStored } from "./progress-units";
import { bodyCompositionSchema, entryEditSchema, kindLabels, measurementSites, measurementsSchema, workoutSchema } from "./progress.schema";

/**
 * The member's own progress entries: every write is scoped by the acting user's id,
 * so there is no way to name whose entries are written. Bad input throws the schema's
 * ZodError; an entry that is not the actor's is not found (AppError 404). Body values
 * and measurements are rows of progress_entries; a lift is a workout exercise with its
 * set logs, written through the workouts module (decision 0034), and its entry id is
 * that workout exercise's id.
 */

/** The member writing their own entries: the unit comes with the sign-in. */
type Actor = Pick<SessionUser, "id" | "role" | "weightUnit">;

/** Log Progress: one weight, body fat or muscle mass value. */
export async function logBodyComposition(actor: Actor, input: unknown): Promise<{ id: string }> {
  ensureCan(actor, "memberArea", "view");
  const ctx = await formContextFor(actor);
  const { type, value, date, notes } = bodyCompositionSchema(ctx).parse(input);
  const id = crypto.randomUUID();
  await getDb()
    .insert(progressEntry)
    .values({ id, userId: actor.id, kind: type, recordedOn: date, value: toStored(type, value, ctx.unit), notes });
  return { id };
}

/** Add Measurement: one row per site given, all with the same date and notes. */
export async function logMeasurements(actor: Actor, input: unknown): Promise<{ id: string }> {
  ensureCan(actor, "memberArea", "view");
  const ctx = await formContextFor(actor);
  const m = measurementsSchema(ctx).parse(input);
  const rows = measurementSites
    .filter((site) => m[site] !== undefined)
    .map((site) => ({
      id: crypto.randomUUID(),
      userId: actor.id,
      kind: site,
      recordedOn: m.date,
      value: toStored(site, m[site]!, ctx.unit),
      notes: m.notes,
    }));
  await getDb().insert(progressEntry).values(rows);
  return { id: rows[0]!.id };
}

/** Log Workout: one lift with sets, reps and weight, as an ad-hoc workout of that date. */
export async function logWorkout(actor: Actor, input: unknown): Promise<{ id: string }> {
  ensureCan(actor, "memberArea", "view");
  const ctx = await formContextFor(actor);
  const w = workoutSchema(ctx).parse(input);
  return logLiftSets(actor, {
    exerciseId: LIFT_EXERCISES[w.exercise],
    title: kindLabels[w.exercise],
    performedOn: w.date,
    weightKg: toStored(w.exercise, w.weight, ctx.unit),
    sets: w.sets,
    reps: w.reps,
    notes: w.notes,
  });
}

/** Edits one of the actor's lifts: its weight, sets, reps, date and notes. */
async function updateLift(actor: Actor, entryId: string, input: unknown): Promise<{ id: string }> {
  const exerciseId = await ownLiftExerciseId(actor, entryId, liftExerciseIds);
  if (!exerciseId) throw new AppError(404, ENTRY_NOT_FOUND);
  const kind = liftKindOf(exerciseId);
  const ctx = await formContextFor(actor);
  const e = entryEditSchema(kind, ctx).parse(input);
  const lift = { performedOn: e.date, weightKg: toStored(kind, e.value, ctx.unit), sets: e.sets!, reps: e.reps!, notes: e.notes };
  if (!(await replaceLiftSets(actor, entryId, liftExerciseIds, lift))) throw new AppError(404, ENTRY_NOT_FOUND);
  return { id: entryId };
}

/** Edits the value, date and notes (and sets and reps of a lift) of one of the actor's entries. */
export async function updateEntry(actor: Actor, id: unknown, input: unknown): Promise<{ id: string }> {
  ensureCan(actor, "memberArea", "view");
  const entryId = requireId(id, ENTRY_NOT_FOUND);
  const db = getDb();
  const own = and(eq(progressEntry.id, entryId), eq(progressEntry.userId, actor.id));
  const [existing] = await db.select({ kind: progressEntry.kind }).from(progressEntry).where(own);
  if (!existing) return updateLift(actor, entryId, input);
  if (!isEntryKind(existing.kind)) throw new AppError(404, ENTRY_NOT_FOUND);
  const kind = existing.kind;
  const ctx = await formContextFor(actor);
  const e = entryEditSchema(kind, ctx).parse(input);
  const updated = await db
    .update(progressEntry)
    .set({ value: toStored(kind, e.value, ctx.unit), recordedOn: e.date, notes: e.notes, updatedAt: new Date() })
    .where(own)
    .returning({ id: progressEntry.id });
  if (!updated.length) throw new AppError(404, ENTRY_NOT_FOUND);
  return { id: entryId };
}

export async function deleteEntry(actor: Actor, id: unknown): Promise<{ id: string }> {
  ensureCan(actor, "memberArea", "view");
  const entryId = requireId(id, ENTRY_NOT_FOUND);
  const deleted = await getDb()
    .delete(progressEntry)
    .where(and(eq(progressEntry.id, entryId), eq(progressEntry.userId, actor.id)))
    .returning({ id: progressEntry.id });
  if (!deleted.length && !(await deleteLift(actor, entryId, liftExerciseIds))) throw new AppError(404, ENTRY_NOT_FOUND);
  return { id: entryId };
}
