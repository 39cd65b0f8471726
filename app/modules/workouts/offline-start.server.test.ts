// @test-database any: the start's rules; its locks are the start's of workout-session-races.server.test.ts.
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { program } from "~/db/schema/programs";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { addDays, todayIn } from "~/lib/time-zone";
import { moveBlock, removeBlock } from "~/modules/programs/program-structure.server";
import { refusal } from "~/modules/progress/progress-test-support";
import { SESSION_LIMITS } from "./set-rules";
import { insertProgramCopy, newPerson, type Person } from "./training.test-support";
import { workoutExerciseIdFor } from "./workout-ids";
import { getPendingWorkout, getWorkoutScreen, type PendingWorkout } from "./workout-screen.server";
import { QUEUED_START_DAYS_BACK, SNAPSHOT_MESSAGE, WORKOUT_ID_MESSAGE, type StartSnapshot } from "./workout-session.schema";
import { discardWorkout, finishWorkout, logSet, UNKNOWN_EXERCISE, WORKOUT_NOT_FOUND } from "./workout-session.server";
import { ANOTHER_UNDER_WAY, startQueuedWorkout, startWorkout } from "./workout-start.server";

/** A workout started with its id chosen before the start, and the start queued offline with what the page showed (decision 0112). */

let a: Person;
let b: Person;
let trainer: Person;
let copy: Awaited<ReturnType<typeof insertProgramCopy>>;
let dayA: string;

beforeEach(async () => {
  a = await newPerson();
  b = await newPerson();
  trainer = await newPerson("trainer");
  copy = await insertProgramCopy(a.id, todayIn("Europe/London"), [
    [
      {
        dayIndex: 0,
        title: "Upper A",
        blocks: [
          { exerciseId: "bench-press", sets: 3, repsMin: 5, restSeconds: 120 },
          { exerciseId: "squat", sets: 2, repsMin: 5 },
          { exerciseId: "plank", sets: 1, durationSeconds: 45 },
        ],
      },
    ],
  ]);
  dayA = copy.dayIds[0]![0]!;
});

/** Every row a start or a set of this test's members writes, to prove a refusal wrote nothing. */
async function rows() {
  const db = getDb();
  const members = [a.id, b.id];
  const workouts = await db.select().from(workout).where(inArray(workout.userId, members)).orderBy(workout.id);
  const exercises = workouts.length
    ? await db
        .select()
        .from(workoutExercise)
        .where(
          inArray(
            workoutExercise.workoutId,
            workouts.map((w) => w.id),
          ),
        )
        .orderBy(workoutExercise.id)
    : [];
  return { workouts, exercises, sets: await db.select().from(setLog).where(inArray(setLog.userId, members)).orderBy(setLog.id) };
}

/** The page of today's workout not started yet, as the dashboard keeps it. */
async function pendingPage(who: Person, workoutId: string, dayId = dayA) {
  const page: PendingWorkout = await getPendingWorkout(who, workoutId, dayId);
  if (page.kind !== "pending") throw new Error(`expected a pending page, got ${page.kind}`);
  return page;
}

const queuedStart = (who: Person, workoutId: string, snapshot: unknown, dayId: string | undefined = dayA) =>
  startQueuedWorkout(who, workoutId, { dayId, snapshot: typeof snapshot === "string" ? snapshot : JSON.stringify(snapshot) });

describe("a workout's id chosen before the start", () => {
  it("started twice is started once, its exercises named after the id and their place", async () => {
    const id = randomUUID();
    expect(await startWorkout(a, { dayId: dayA, workoutId: id })).toEqual({ workoutId: id });
    expect(await startWorkout(a, { dayId: dayA, workoutId: id })).toEqual({ workoutId: id });
    const { workouts, exercises } = await rows();
    expect(workouts).toHaveLength(1);
    expect(exercises.map((e) => e.id).sort()).toEqual([0, 1, 2].map((p) => workoutExerciseIdFor(id, p)));
    // Queued and sent again once started: the same workout, still one.
    const page = await getPendingWorkout(a, id, dayA);
    expect(page).toEqual({ kind: "started" });
    expect(await queuedStart(a, id, { title: "Upper A", performedOn: todayIn("Europe/London"), exercises: [] })).toEqual({ workoutId: id });
    expect(await rows()).toMatchObject({ workouts: [{ id }] });
  });

  it("of another member's workout is not found, for the form and the queue alike, and writes nothing", async () => {
    const id = randomUUID();
    const page = await pendingPage(a, id);
    await startWorkout(a, { dayId: dayA, workoutId: id });
    const before = await rows();
    expect(await refusal(startWorkout(b, { workoutId: id }))).toMatchObject({ status: 404, message: WORKOUT_NOT_FOUND });
    expect(await refusal(queuedStart(b, id, page.snapshot, undefined))).toMatchObject({ status: 404, message: WORKOUT_NOT_FOUND });
    expect(await refusal(getPendingWorkout(b, id, dayA))).toMatchObject({ status: 404, message: WORKOUT_NOT_FOUND });
    expect(await rows()).toEqual(before);
  });

  it("that is no UUID, or a snapshot that does not hold, is refused with a message and writes nothing", async () => {
    const id = randomUUID();
    const { snapshot } = await pendingPage(a, id);
    const before = await rows();
    const entry = snapshot.exercises[0]!;
    const cases: Array<[Promise<unknown>, number, string]> = [
      [startWorkout(a, { dayId: dayA, workoutId: "workout-1" }), 400, WORKOUT_ID_MESSAGE],
      [queuedStart(a, "workout-1", snapshot), 400, WORKOUT_ID_MESSAGE],
      [queuedStart(a, id, "{not json"), 400, SNAPSHOT_MESSAGE],
      [
        queuedStart(a, id, {
          ...snapshot,
          exercises: [
            { ...entry, position: 0 },
            { ...entry, position: 0 },
          ],
        }),
        400,
        SNAPSHOT_MESSAGE,
      ],
      [queuedStart(a, id, { ...snapshot, exercises: [{ ...entry, exerciseId: "no-such-exercise" }] }), 400, UNKNOWN_EXERCISE],
      [queuedStart(a, id, { ...snapshot, exercises: [{ ...entry, plannedSets: SESSION_LIMITS.plannedSets + 1 }] }), 400, `An exercise can have at most ${SESSION_LIMITS.plannedSets} sets`],
      [
        queuedStart(a, id, { ...snapshot, exercises: Array.from({ length: SESSION_LIMITS.exercises + 1 }, (_, position) => ({ ...entry, position })) }),
        400,
        `A workout can have at most ${SESSION_LIMITS.exercises} exercises`,
      ],
      [queuedStart(a, id, { ...snapshot, title: "x".repeat(121) }), 400, "The workout's title must be at most 120 characters"],
    ];
    for (const [call, status, message] of cases) expect(await refusal(call)).toMatchObject({ status, message });
    expect(await rows()).toEqual(before);
  });
});

describe("the start queued offline", () => {
  it("reading the page of a workout not started yet writes nothing, and it shows the exercises the start will make", async () => {
    const id = randomUUID();
    const before = await rows();
    const page = await pendingPage(a, id);
    expect(await rows()).toEqual(before);
    expect(page.screen.exercises.map((e) => [e.id, e.name, e.rows.length])).toEqual([
      [workoutExerciseIdFor(id, 0), "Bench Press", 3],
      [workoutExerciseIdFor(id, 1), "Back Squat", 2],
      [workoutExerciseIdFor(id, 2), "Plank", 1],
    ]);
    // Not today's day of the member's own program: no page.
    expect(await refusal(getPendingWorkout(b, randomUUID(), dayA))).toMatchObject({ status: 404, message: WORKOUT_NOT_FOUND });
  });

  it("after the coach removed and reordered blocks: the member's sets land on the exercises they saw; a removed block is no longer referred to", async () => {
    const id = randomUUID();
    const { snapshot } = await pendingPage(a, id);
    const [bench, squat, plank] = copy.blockIds[0]![0]!;
    await removeBlock(trainer, copy.programId, { blockId: squat });
    await moveBlock(trainer, copy.programId, { blockId: plank, position: "1" });
    expect(await queuedStart(a, id, snapshot)).toEqual({ workoutId: id });
    await logSet(a, id, { workoutExerciseId: workoutExerciseIdFor(id, 1), weight: "225", reps: "5", clientKey: randomUUID() });
    await logSet(a, id, { workoutExerciseId: workoutExerciseIdFor(id, 0), weight: "135", reps: "5", clientKey: randomUUID() });
    const screen = await getWorkoutScreen(a, id);
    expect(screen.exercises.map((e) => [e.name, e.rows.filter((r) => r.logged).length])).toEqual([
      ["Bench Press", 1],
      ["Back Squat", 1],
      ["Plank", 0],
    ]);
    const exercises = await getDb().select().from(workoutExercise).where(eq(workoutExercise.workoutId, id)).orderBy(workoutExercise.position);
    expect(exercises.map((e) => e.blockId)).toEqual([bench, null, plank]);
    expect((await rows()).workouts).toMatchObject([{ id, programDayId: dayA, title: "Upper A" }]);
  });

  it("reaching the server days later is dated the day its page was made for, within a week; a date ahead of today or older is today", async () => {
    const today = todayIn("Europe/London");
    const { snapshot } = await pendingPage(a, randomUUID());
    expect(snapshot.performedOn).toBe(today);
    const dated = async (performedOn: string) => {
      const id = randomUUID();
      await queuedStart(a, id, { ...snapshot, performedOn });
      const [row] = await getDb().select({ performedOn: workout.performedOn }).from(workout).where(eq(workout.id, id));
      await discardWorkout(a, id);
      return row!.performedOn;
    };
    // Trained offline yesterday evening, sent this morning.
    expect(await dated(addDays(today, -1))).toBe(addDays(today, -1));
    expect(await dated(addDays(today, -QUEUED_START_DAYS_BACK))).toBe(addDays(today, -QUEUED_START_DAYS_BACK));
    expect(await dated(addDays(today, -QUEUED_START_DAYS_BACK - 1))).toBe(today);
    expect(await dated(addDays(today, 1))).toBe(today);
    expect(await refusal(queuedStart(a, randomUUID(), { ...snapshot, performedOn: "yesterday" }))).toMatchObject({ status: 400, message: SNAPSHOT_MESSAGE });
  });

  it("of a day no longer the member's still makes the workout, of no day, so its sets are kept", async () => {
    const id = randomUUID();
    const { snapshot } = await pendingPage(a, id);
    await getDb().delete(program).where(eq(program.id, copy.programId));
    expect(await queuedStart(a, id, snapshot)).toEqual({ workoutId: id });
    await logSet(a, id, { workoutExerciseId: workoutExerciseIdFor(id, 0), weight: "135", reps: "5", clientKey: randomUUID() });
    expect((await rows()).workouts).toMatchObject([{ id, programDayId: null, title: "Upper A" }]);
    expect((await getDb().select().from(workoutExercise).where(eq(workoutExercise.workoutId, id))).every((e) => e.blockId === null)).toBe(true);
    expect((await rows()).sets).toHaveLength(1);
  });

  it("while another workout is under way is refused with a message, and writes nothing; the form's start answers the one under way", async () => {
    const { workoutId: underWay } = await startWorkout(a, {});
    const id = randomUUID();
    const snapshot: StartSnapshot = { title: "Upper A", performedOn: todayIn("Europe/London"), exercises: [{ position: 0, exerciseId: "bench-press", blockId: null, plannedSets: 3 }] };
    expect(await getPendingWorkout(a, id, dayA)).toEqual({ kind: "under-way", workoutId: underWay });
    const before = await rows();
    expect(await refusal(queuedStart(a, id, snapshot))).toMatchObject({ status: 409, message: ANOTHER_UNDER_WAY });
    expect(await rows()).toEqual(before);
    expect(await startWorkout(a, { dayId: dayA, workoutId: id })).toEqual({ workoutId: underWay });
    // Once that one is discarded, the queued start sent again goes through.
    await discardWorkout(a, underWay);
    expect(await queuedStart(a, id, snapshot)).toEqual({ workoutId: id });
    await logSet(a, id, { workoutExerciseId: workoutExerciseIdFor(id, 0), weight: "135", reps: "5" });
    await finishWorkout(a, id);
  });
});
