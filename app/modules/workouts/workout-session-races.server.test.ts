// Races on one workout (decision 0042): each group of requests is sent at once, round after
// round. On PostgreSQL they run on separate connections of the pool, so this file runs on both.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { AppError } from "~/lib/app-error";
import { createExercise, deleteExercise, EXERCISE_MESSAGES } from "~/modules/exercises/exercises.server";
import { newPerson, type Person } from "./training.test-support";
import { SESSION_LIMITS } from "./set-rules";
import {
  addExercise,
  addSet,
  deleteSet,
  discardWorkout,
  editSet,
  finishWorkout,
  logSet,
  ownWorkout,
  SET_NOT_FOUND,
  swapExercise,
  TOO_MANY_EXERCISES,
  TOO_MANY_SETS,
  UNKNOWN_EXERCISE,
  WORKOUT_FINISHED,
  WORKOUT_NOT_FOUND,
} from "./workout-session.server";
import { startQueuedWorkout, startWorkout } from "./workout-start.server";
import { summarizeWorkout, type WorkoutSummary } from "./workout-summary.server";

const ROUNDS = 20;

type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/** What a call answered: its value or its refusal. Anything else (a foreign key's or a constraint's error: a 500) fails the test. */
async function outcome<T>(call: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}

const refused = (o: Outcome<unknown>) => (o.ok ? "ok" : `${o.status} ${o.message}`);

let member: Person;
let trainer: Person;

beforeEach(async () => {
  member = await newPerson();
  trainer = await newPerson("trainer");
});

/** An empty workout under way with one squat; its exercise's id. */
async function squatWorkout() {
  const { workoutId } = await startWorkout(member, {});
  const { workoutExerciseId } = await addExercise(member, workoutId, { exerciseId: "squat" });
  return { workoutId, entryId: workoutExerciseId };
}

const squatSet = (entryId: string) => ({ workoutExerciseId: entryId, weight: "225", reps: "5" });

async function setsIn(workoutId: string) {
  return getDb()
    .select({ id: setLog.id })
    .from(setLog)
    .innerJoin(workoutExercise, eq(workoutExercise.id, setLog.workoutExerciseId))
    .where(eq(workoutExercise.workoutId, workoutId));
}

/** `n` sets already logged (written directly: the rounds test the last ones, not the way there). */
async function insertSets(workoutId: string, entryId: string, n: number) {
  const [{ performedOn }] = (await getDb().select({ performedOn: workout.performedOn }).from(workout).where(eq(workout.id, workoutId))) as [{ performedOn: string }];
  await getDb()
    .insert(setLog)
    .values(Array.from({ length: n }, (_, i) => ({ id: randomUUID(), workoutExerciseId: entryId, userId: member.id, exerciseId: "squat", performedOn, setNumber: i + 1, weightKg: 100, reps: 5 })));
  await getDb().update(workoutExercise).set({ status: "done", plannedSets: n }).where(eq(workoutExercise.id, entryId));
}

/** The finished workout holds exactly what its finish summed up (sets and volume): nothing changed after it. */
async function expectFinishedAsSummed(workoutId: string, finish: Outcome<WorkoutSummary>) {
  expect(finish.ok).toBe(true);
  const { sets, volume } = (finish as { value: WorkoutSummary }).value;
  expect(await summarizeWorkout(member, await ownWorkout(member, workoutId))).toMatchObject({ sets, volume });
  return setsIn(workoutId);
}

describe("finishing while a set is written", () => {
  it("a set logged as the workout is finished is in what was finished, or refused as finished", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { workoutId, entryId } = await squatWorkout();
      await logSet(member, workoutId, squatSet(entryId));
      const [finish, logged] = await Promise.all([outcome(finishWorkout(member, workoutId)), outcome(logSet(member, workoutId, squatSet(entryId)))]);
      const sets = await expectFinishedAsSummed(workoutId, finish);
      expect(["ok", `409 ${WORKOUT_FINISHED}`]).toContain(refused(logged));
      expect(sets).toHaveLength(logged.ok ? 2 : 1);
    }
  });

  it("a set edited or deleted as the workout is finished changes what was finished, or is refused as finished", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { workoutId, entryId } = await squatWorkout();
      await logSet(member, workoutId, squatSet(entryId));
      const { setId } = await logSet(member, workoutId, squatSet(entryId));
      const [finish, edited, deleted] = await Promise.all([
        outcome(finishWorkout(member, workoutId)),
        outcome(editSet(member, workoutId, { setId, weight: "405", reps: "1" })),
        outcome(deleteSet(member, workoutId, { setId })),
      ]);
      await expectFinishedAsSummed(workoutId, finish);
      expect(["ok", `409 ${WORKOUT_FINISHED}`]).toContain(refused(deleted));
      // The delete may come first: then the edit finds no set.
      expect(["ok", `409 ${WORKOUT_FINISHED}`, `404 ${SET_NOT_FOUND}`]).toContain(refused(edited));
    }
  });

  it("a set logged as the workout is discarded is refused as not found and leaves nothing behind", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { workoutId, entryId } = await squatWorkout();
      const [discard, logged] = await Promise.all([outcome(discardWorkout(member, workoutId)), outcome(logSet(member, workoutId, squatSet(entryId)))]);
      expect(discard.ok).toBe(true);
      expect(["ok", `404 ${WORKOUT_NOT_FOUND}`]).toContain(refused(logged));
      expect(await getDb().select().from(workoutExercise).where(eq(workoutExercise.workoutId, workoutId))).toEqual([]);
    }
    expect(await getDb().select().from(setLog).where(eq(setLog.userId, member.id))).toEqual([]);
  });
});

describe("the limits hold when the last place is taken twice at once", () => {
  it("three sets sent at the 30th make exactly 30; the others are refused with the limit", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { workoutId, entryId } = await squatWorkout();
      await insertSets(workoutId, entryId, SESSION_LIMITS.plannedSets - 1);
      const results = await Promise.all([
        outcome(logSet(member, workoutId, squatSet(entryId))),
        outcome(logSet(member, workoutId, squatSet(entryId))),
        outcome(addSet(member, workoutId, { workoutExerciseId: entryId })),
      ]);
      expect(results.filter((r) => r.ok).length).toBeGreaterThanOrEqual(1);
      for (const r of results) expect(["ok", `409 ${TOO_MANY_SETS}`]).toContain(refused(r));
      expect(results.slice(0, 2).filter((r) => r.ok)).toHaveLength(1);
      const [entry] = await getDb().select({ planned: workoutExercise.plannedSets }).from(workoutExercise).where(eq(workoutExercise.id, entryId));
      expect({ sets: (await setsIn(workoutId)).length, planned: entry!.planned }).toEqual({ sets: 30, planned: 30 });
      await discardWorkout(member, workoutId);
    }
  });

  it("three exercises added for the last place make exactly the limit; the others are refused with the limit", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { workoutId } = await startWorkout(member, {});
      await getDb()
        .insert(workoutExercise)
        .values(Array.from({ length: SESSION_LIMITS.exercises - 1 }, (_, position) => ({ id: randomUUID(), workoutId, exerciseId: "squat", position, plannedSets: 3 })));
      const results = await Promise.all([1, 2, 3].map(() => outcome(addExercise(member, workoutId, { exerciseId: "bench-press" }))));
      expect(results.map(refused).sort()).toEqual(["409 " + TOO_MANY_EXERCISES, "409 " + TOO_MANY_EXERCISES, "ok"]);
      const [held] = await getDb().select({ n: sql<number>`count(*)::int` }).from(workoutExercise).where(eq(workoutExercise.workoutId, workoutId));
      expect(held!.n).toBe(SESSION_LIMITS.exercises);
      await discardWorkout(member, workoutId);
    }
  });

  it("two starts at once make one workout", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const [first, second] = await Promise.all([startWorkout(member, {}), startWorkout(member, {})]);
      expect(first).toEqual(second);
      expect(await getDb().select().from(workout).where(eq(workout.userId, member.id))).toHaveLength(1);
      await discardWorkout(member, first.workoutId);
    }
  });

  it("the queued start and the form's start of one chosen id at once make one workout, and both answer it (decision 0112)", async () => {
    const snapshot = JSON.stringify({ title: "Upper A", performedOn: new Date().toISOString().slice(0, 10), exercises: [{ position: 0, exerciseId: "squat", blockId: null, plannedSets: 3 }] });
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = randomUUID();
      const answers = await Promise.all([startQueuedWorkout(member, id, { snapshot }), startWorkout(member, { workoutId: id }), startQueuedWorkout(member, id, { snapshot })]);
      expect(answers).toEqual([{ workoutId: id }, { workoutId: id }, { workoutId: id }]);
      expect(await getDb().select().from(workout).where(eq(workout.userId, member.id))).toMatchObject([{ id }]);
      await discardWorkout(member, id);
    }
  });
});

describe("the offline queue sends one set twice at once (decision 0093)", () => {
  it("the set is stored once and both sends answer it", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { workoutId, entryId } = await squatWorkout();
      const set = { ...squatSet(entryId), clientKey: randomUUID() };
      const [one, two] = await Promise.all([outcome(logSet(member, workoutId, set)), outcome(logSet(member, workoutId, set))]);
      expect([refused(one), refused(two)]).toEqual(["ok", "ok"]);
      expect(one).toEqual(two);
      expect(await setsIn(workoutId)).toHaveLength(1);
      await discardWorkout(member, workoutId);
    }
  });
});

describe("staff delete an exercise as a member takes it up", () => {
  const newStaffExercise = async (round: number) =>
    (await createExercise(trainer, { name: `Race Squat ${round} ${randomUUID().slice(0, 8)}`, category: "strength", measure: "weight_reps", primaryMuscles: ["quads"], equipment: "barbell" })).id;

  it("a swap to it and its delete: one goes through, the other is refused (404 or 409), never a server error", async () => {
    const { workoutId, entryId } = await squatWorkout();
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = await newStaffExercise(round);
      const [swap, removal] = await Promise.all([outcome(swapExercise(member, workoutId, { workoutExerciseId: entryId, exerciseId: id })), outcome(deleteExercise(trainer, id))]);
      expect([refused(swap), refused(removal)]).toEqual(swap.ok ? ["ok", `409 ${EXERCISE_MESSAGES.inUse}`] : [`404 ${UNKNOWN_EXERCISE}`, "ok"]);
      const [entry] = await getDb().select({ exerciseId: workoutExercise.exerciseId }).from(workoutExercise).where(eq(workoutExercise.id, entryId));
      expect(entry!.exerciseId === id).toBe(swap.ok);
    }
  });

  it("adding it and its delete: one goes through, the other is refused (404 or 409), never a server error", async () => {
    const { workoutId } = await startWorkout(member, {});
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = await newStaffExercise(round);
      const [added, removal] = await Promise.all([outcome(addExercise(member, workoutId, { exerciseId: id })), outcome(deleteExercise(trainer, id))]);
      expect([refused(added), refused(removal)]).toEqual(added.ok ? ["ok", `409 ${EXERCISE_MESSAGES.inUse}`] : [`404 ${UNKNOWN_EXERCISE}`, "ok"]);
    }
  });
});
