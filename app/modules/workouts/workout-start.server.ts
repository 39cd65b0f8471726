/**
 * Starting a workout (workout-session.server.ts has everything after): from a day of the
 * member's program, empty, or queued offline with what the member's page showed (decision
 * 0112). Every start locks the member's row first: two at once make one workout.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { exercise } from "~/db/schema/exercises";
import { program, programBlock, programDay } from "~/db/schema/programs";
import { workout, workoutExercise } from "~/db/schema/workouts";
import { AppError } from "~/lib/app-error";
import { addDays } from "~/lib/time-zone";
import { todayForSite } from "~/modules/settings/settings.server";
import { workoutInProgress } from "./training-plan.server";
import { workoutExerciseIdFor } from "./workout-ids";
import { QUEUED_START_DAYS_BACK, SNAPSHOT_MESSAGE, startSnapshotSchema, WORKOUT_ID_MESSAGE, workoutIdSchema, type StartSnapshot } from "./workout-session.schema";
import { AD_HOC_TITLE, DAY_NOT_FOUND, setRows, UNKNOWN_EXERCISE, WORKOUT_NOT_FOUND } from "./workout-session.server";

type Actor = Pick<SessionUser, "id" | "weightUnit">;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const ANOTHER_UNDER_WAY = "Another workout is under way: these sets were not stored. Finish or discard that one first, then start this one again";

interface StartInput {
  dayId?: unknown;
  /** The id chosen in the browser (decision 0112): a start sent again answers the workout it made. */
  workoutId?: unknown;
}

/**
 * Starts today's workout from a day of the member's own program, or an empty one (no
 * day). One workout at a time: while one is under way, starting answers that one. The
 * member's row is locked meanwhile, so two starts at once make one workout. With an id
 * chosen in the browser (the dashboard's, decision 0112) a second start with it answers
 * the first's workout.
 */
export async function startWorkout(actor: Actor, input: StartInput): Promise<{ workoutId: string }> {
  const dayId = dayIdOf(input.dayId);
  const chosen = workoutIdSchema.parse({ workoutId: input.workoutId }).workoutId;
  const performedOn = await todayForSite();
  return startInTransaction(actor, chosen, async (tx, underWay) => {
    if (underWay) return { workoutId: underWay.id };
    const workoutId = chosen ?? randomUUID();
    if (dayId === null) {
      await tx.insert(workout).values({ id: workoutId, userId: actor.id, title: AD_HOC_TITLE, performedOn });
      return { workoutId };
    }
    const day = await lockedOwnDay(tx, actor.id, dayId);
    if (!day) throw new AppError(404, DAY_NOT_FOUND);
    const blocks = await tx.select().from(programBlock).where(eq(programBlock.dayId, day.id)).orderBy(asc(programBlock.position));
    await tx.insert(workout).values({ id: workoutId, userId: actor.id, programDayId: day.id, title: day.title, performedOn });
    if (blocks.length) {
      await tx
        .insert(workoutExercise)
        .values(
          blocks.map((b, position) => ({ id: workoutExerciseIdFor(workoutId, position), workoutId, blockId: b.id, exerciseId: b.exerciseId, position, plannedSets: setRows(Math.max(b.sets, 1)) })),
        );
    }
    return { workoutId };
  });
}

/**
 * The offline queue's start (decision 0112): the workout made from what the member's page
 * showed (`snapshot`), so every set logged against its exercises finds them, whatever the
 * coach changed in the day since. A block is kept only while it is still in the day; a day
 * no longer the member's makes a workout of no day rather than losing the sets. Sent again,
 * it answers the workout it made. Another workout under way refuses it (409), with a
 * message the screen shows on the sets it could not store.
 */
export async function startQueuedWorkout(actor: Actor, workoutId: unknown, input: { dayId?: unknown; snapshot?: unknown }): Promise<{ workoutId: string }> {
  const id = workoutIdSchema.parse({ workoutId }).workoutId;
  if (!id) throw new AppError(400, WORKOUT_ID_MESSAGE, { fieldErrors: { workoutId: WORKOUT_ID_MESSAGE } });
  const snapshot = parsedSnapshot(input.snapshot);
  const dayId = dayIdOf(input.dayId);
  const performedOn = queuedStartDate(snapshot.performedOn, await todayForSite());
  return startInTransaction(actor, id, async (tx, underWay) => {
    if (underWay) throw new AppError(409, ANOTHER_UNDER_WAY);
    const library = [...new Set(snapshot.exercises.map((e) => e.exerciseId))];
    const found = library.length ? await tx.select({ id: exercise.id }).from(exercise).where(inArray(exercise.id, library)).for("share") : [];
    if (found.length !== library.length) throw new AppError(400, UNKNOWN_EXERCISE, { fieldErrors: { snapshot: UNKNOWN_EXERCISE } });
    const day = dayId === null ? null : await lockedOwnDay(tx, actor.id, dayId);
    const blocks = day ? new Set((await tx.select({ id: programBlock.id }).from(programBlock).where(eq(programBlock.dayId, day.id))).map((b) => b.id)) : new Set<string>();
    await tx.insert(workout).values({ id, userId: actor.id, programDayId: day?.id ?? null, title: snapshot.title, performedOn });
    if (snapshot.exercises.length) {
      await tx.insert(workoutExercise).values(
        snapshot.exercises.map((e) => ({
          id: workoutExerciseIdFor(id, e.position),
          workoutId: id,
          blockId: e.blockId !== null && blocks.has(e.blockId) ? e.blockId : null,
          exerciseId: e.exerciseId,
          position: e.position,
          plannedSets: setRows(e.plannedSets),
        })),
      );
    }
    return { workoutId: id };
  });
}

/**
 * The day a queued start's workout is dated: the day its page was made for (the member
 * trained then, even if the start reached the server the next morning), within the last
 * QUEUED_START_DAYS_BACK days; a date ahead of the site's today, or older, is today.
 */
function queuedStartDate(shown: string, today: string): string {
  return shown <= today && shown >= addDays(today, -QUEUED_START_DAYS_BACK) ? shown : today;
}

function dayIdOf(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** The queued start's snapshot (a JSON text field), checked field by field: 400 with the first problem's message. */
function parsedSnapshot(value: unknown): StartSnapshot {
  let json: unknown;
  try {
    json = typeof value === "string" ? JSON.parse(value) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = startSnapshotSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? SNAPSHOT_MESSAGE;
  throw new AppError(400, message, { fieldErrors: { snapshot: message } });
}

/**
 * Every start's transaction: the member's row locked (two starts at once take turns), a
 * workout with the chosen id answered when it is the member's (started twice is started
 * once) and 'not found' when it is another's, then `create` with the workout under way.
 */
async function startInTransaction(actor: Actor, chosen: string | null, create: (tx: Tx, underWay: { id: string } | null) => Promise<{ workoutId: string }>) {
  try {
    return await getDb().transaction(async (tx) => {
      await tx.select({ id: user.id }).from(user).where(eq(user.id, actor.id)).for("no key update");
      if (chosen) {
        const [existing] = await tx.select({ userId: workout.userId }).from(workout).where(eq(workout.id, chosen));
        if (existing) {
          if (existing.userId !== actor.id) throw new AppError(404, WORKOUT_NOT_FOUND);
          return { workoutId: chosen };
        }
      }
      return create(tx, await workoutInProgress(tx, actor.id));
    });
  } catch (error) {
    // Another member's start with the same id at the same moment (only a forged id can): theirs, not found here.
    if (chosen && violatesWorkoutId(error)) throw new AppError(404, WORKOUT_NOT_FOUND);
    throw error;
  }
}

function violatesWorkoutId(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === "23505" && (constraint === "workouts_pkey" || constraint === "workout_exercises_pkey")) return true;
  }
  return false;
}

/**
 * The member's own program day, share-locked: the program row first, so a staff edit of it
 * (which locks it for update, decision 0043) either ends before the day is read below, in
 * a statement of its own so that it sees that edit, or finds this workout and leaves the
 * day alone; then the day's row, so staff removing it wait until this workout refers to it.
 */
async function lockedOwnDay(tx: Tx, memberId: string, dayId: string): Promise<{ id: string; title: string } | null> {
  const owned = await tx
    .select({ id: program.id })
    .from(programDay)
    .innerJoin(program, eq(program.id, programDay.programId))
    .where(and(eq(programDay.id, dayId), eq(program.memberId, memberId)))
    .for("share", { of: program });
  const [day] = owned.length ? await tx.select({ id: programDay.id, title: programDay.title }).from(programDay).where(eq(programDay.id, dayId)).for("share") : [];
  return day ?? null;
}
