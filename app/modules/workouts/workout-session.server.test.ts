import { eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { addDays, todayIn } from "~/lib/time-zone";
import { lbsToKg } from "~/lib/units";
import { refusal, useUnit } from "~/modules/progress/progress-test-support";
import { MAX_BLOCKS_PER_DAY } from "~/modules/programs/program-sizes";
import { getWorkoutScreen, listWorkoutHistory, searchExercises } from "./workout-screen.server";
import { insertFinishedWorkout, insertProgramCopy, newPerson, type Person } from "./training.test-support";
import {
  addExercise,
  addSet,
  DAY_NOT_FOUND,
  deleteSet,
  discardWorkout,
  editSet,
  EXERCISE_NOT_FOUND,
  EXERCISE_SKIPPED,
  finishWorkout,
  HAS_SETS,
  logSet,
  NOTHING_LOGGED,
  saveNote,
  SET_NOT_FOUND,
  skipExercise,
  swapExercise,
  TOO_MANY_EXERCISES,
  TOO_MANY_SETS,
  undoSkip,
  UNKNOWN_EXERCISE,
  WORKOUT_FINISHED,
  WORKOUT_NOT_FOUND,
} from "./workout-session.server";
import { startWorkout } from "./workout-start.server";

const today = () => todayIn("Europe/London");

let a: Person;
let b: Person;
let dayA: string;
let dayB: string;

beforeEach(async () => {
  a = await newPerson();
  b = await newPerson();
  const copyA = await insertProgramCopy(a.id, today(), [
    [
      {
        dayIndex: 0,
        title: "Upper A",
        blocks: [
          { exerciseId: "bench-press", sets: 3, repsMin: 5, loadKind: "percent_1rm", loadValue: 80, restSeconds: 120, tempo: "3-1-1-0", notes: "Pause on the chest" },
          { exerciseId: "bent-over-row", sets: 2, repsMin: 8, repsMax: 10, loadKind: "rpe", loadValue: 8, groupKey: "a", groupKind: "superset" },
          { exerciseId: "push-up", sets: 2, repsMin: 6, loadKind: "none", groupKey: "a", groupKind: "superset" },
          { exerciseId: "plank", sets: 1, durationSeconds: 45 },
          { exerciseId: "squat", sets: 2, repsMin: 5, loadKind: "weight", loadValue: 100 },
        ],
      },
    ],
  ]);
  dayA = copyA.dayIds[0]![0]!;
  const copyB = await insertProgramCopy(b.id, today(), [[{ dayIndex: 0, title: "B's day", blocks: [{ exerciseId: "squat", sets: 3, repsMin: 5 }] }]]);
  dayB = copyB.dayIds[0]![0]!;
});

/** Every row the workouts module writes, to prove a refusal changed nothing. */
async function snapshot() {
  const db = getDb();
  return { workouts: await db.select().from(workout), exercises: await db.select().from(workoutExercise), sets: await db.select().from(setLog) };
}

/** Starts a workout of `dayId` (null: an empty one) and reads its screen. */
async function started(who: Person = a, dayId: string | null = dayA) {
  const { workoutId } = await startWorkout(who, { dayId: dayId ?? undefined });
  const screen = await getWorkoutScreen(who, workoutId);
  const entry = (slug: string) => screen.exercises.find((e) => e.exerciseId === slug)!.id;
  return { workoutId, screen, entry };
}

describe("starting", () => {
  it("turns the day's blocks into the workout's exercises, in order, with their set rows", async () => {
    const { workoutId, screen } = await started();
    expect(screen).toMatchObject({ id: workoutId, title: "Upper A", performedOn: today(), finished: false, adHoc: false, unit: "lbs", summary: null });
    expect(screen.exercises.map((e) => [e.exerciseId, e.rows.length, e.status])).toEqual([
      ["bench-press", 3, "planned"],
      ["bent-over-row", 2, "planned"],
      ["push-up", 2, "planned"],
      ["plank", 1, "planned"],
      ["squat", 2, "planned"],
    ]);
    expect(screen.exercises[0]).toMatchObject({ restSeconds: 120, target: { sets: 3, repsMin: 5, loadKind: "percent_1rm", loadValue: 80, tempo: "3-1-1-0", notes: "Pause on the chest" } });
    expect(screen.exercises[1]!.group).toEqual({ key: "a", kind: "superset" });
    expect(screen.exercises[2]!.group).toEqual({ key: "a", kind: "superset" });
    expect(screen.exercises[3]!.restSeconds).toBe(90);
  });

  it("starts an empty workout with no day", async () => {
    const { screen } = await started(a, null);
    expect(screen).toMatchObject({ title: "Workout", adHoc: true, exercises: [] });
  });

  it("answers the workout under way instead of starting a second one", async () => {
    const first = await startWorkout(a, { dayId: dayA });
    expect(await startWorkout(a, {})).toEqual(first);
    expect(await getDb().select().from(workout).where(eq(workout.userId, a.id))).toHaveLength(1);
  });

  it.each([
    ["another member's day", () => dayB],
    ["a guessed day id", () => "not-a-day"],
  ])("refuses %s as not found and starts nothing", async (_label, day) => {
    const before = await snapshot();
    expect(await refusal(startWorkout(a, { dayId: day() }))).toMatchObject({ status: 404, message: DAY_NOT_FOUND });
    expect(await snapshot()).toEqual(before);
  });
});

describe("another member's workout is not found", () => {
  it("for reading, for each change and for a guessed id", async () => {
    const { workoutId, entry } = await started(b, dayB);
    const squat = entry("squat");
    const { setId } = await logSet(b, workoutId, { workoutExerciseId: squat, weight: "225", reps: "5" });
    const before = await snapshot();
    // One at a time: each call is made only when its refusal is awaited.
    const calls = [
      () => getWorkoutScreen(a, workoutId),
      () => getWorkoutScreen(a, "guessed-id"),
      () => logSet(a, workoutId, { workoutExerciseId: squat, weight: "225", reps: "5" }),
      () => editSet(a, workoutId, { setId, weight: "1", reps: "1" }),
      () => deleteSet(a, workoutId, { setId }),
      () => addSet(a, workoutId, { workoutExerciseId: squat }),
      () => skipExercise(a, workoutId, { workoutExerciseId: squat, reason: "" }),
      () => undoSkip(a, workoutId, { workoutExerciseId: squat }),
      () => swapExercise(a, workoutId, { workoutExerciseId: squat, exerciseId: "bench-press" }),
      () => addExercise(a, workoutId, { exerciseId: "bench-press" }),
      () => saveNote(a, workoutId, { workoutExerciseId: squat, notes: "mine now" }),
      () => finishWorkout(a, workoutId),
      () => discardWorkout(a, workoutId),
    ];
    for (const call of calls) expect(await refusal(call())).toMatchObject({ status: 404, message: WORKOUT_NOT_FOUND });
    expect(await snapshot()).toEqual(before);
  });

  it("and so are another workout's exercise and set named in one's own workout", async () => {
    const theirs = await started(b, dayB);
    const { setId } = await logSet(b, theirs.workoutId, { workoutExerciseId: theirs.entry("squat"), weight: "225", reps: "5" });
    const mine = await started();
    const before = await snapshot();
    expect(await refusal(logSet(a, mine.workoutId, { workoutExerciseId: theirs.entry("squat"), weight: "225", reps: "5" }))).toMatchObject({ status: 404, message: EXERCISE_NOT_FOUND });
    expect(await refusal(editSet(a, mine.workoutId, { setId, weight: "1", reps: "1" }))).toMatchObject({ status: 404, message: SET_NOT_FOUND });
    expect(await refusal(deleteSet(a, mine.workoutId, { setId }))).toMatchObject({ status: 404, message: SET_NOT_FOUND });
    expect(await refusal(saveNote(a, mine.workoutId, { workoutExerciseId: theirs.entry("squat"), notes: "x" }))).toMatchObject({ status: 404, message: EXERCISE_NOT_FOUND });
    expect(await snapshot()).toEqual(before);
  });
});

describe("logging sets", () => {
  it("stores the weight in kg with the workout's date, marks the exercise done and answers the block's rest", async () => {
    const { workoutId, entry } = await started();
    const result = await logSet(a, workoutId, { workoutExerciseId: entry("bench-press"), weight: "185", reps: "5", rpe: "8.5" });
    expect(result.restSeconds).toBe(120);
    const [row] = await getDb().select().from(setLog).where(eq(setLog.id, result.setId));
    expect(row).toMatchObject({ userId: a.id, exerciseId: "bench-press", performedOn: today(), setNumber: 1, reps: 5, rpe: 8.5, durationSeconds: null, distanceMeters: null });
    expect(row!.weightKg).toBeCloseTo(lbsToKg(185), 9);
    const screen = await getWorkoutScreen(a, workoutId);
    const bench = screen.exercises[0]!;
    expect(bench.status).toBe("done");
    expect(bench.rows[0]!.logged).toMatchObject({ number: 1, weight: 185, reps: 5, rpe: 8.5 });
    // The next rows repeat what was just done: one tap logs the same again.
    expect(bench.rows[1]).toMatchObject({ logged: null, prefill: { weight: 185, reps: 5, rpe: 8.5 } });
  });

  it("numbers two sets sent at the same moment one after the other (a double tap on two connections)", async () => {
    const { workoutId, entry } = await started();
    const sets = await Promise.all([1, 2, 3].map(() => logSet(a, workoutId, { workoutExerciseId: entry("bench-press"), weight: "185", reps: "5" })));
    const rows = await getDb().select({ id: setLog.id, n: setLog.setNumber }).from(setLog).where(eq(setLog.workoutExerciseId, entry("bench-press")));
    expect(rows.map((r) => r.n).sort()).toEqual([1, 2, 3]);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(sets.map((s) => s.setId)));
  });

  it("takes kilograms from a kg member and a block without rest gets the default rest", async () => {
    await useUnit(a, "kg");
    const { workoutId, entry } = await started();
    const result = await logSet(a, workoutId, { workoutExerciseId: entry("squat"), weight: "102.5", reps: "5" });
    expect(result.restSeconds).toBe(90);
    const [row] = await getDb().select().from(setLog).where(eq(setLog.id, result.setId));
    expect(row!.weightKg).toBe(102.5);
  });

  it("logs time and reps-only sets with their own numbers only", async () => {
    const { workoutId, entry } = await started();
    await logSet(a, workoutId, { workoutExerciseId: entry("plank"), durationSeconds: "60", weight: "999", reps: "3" });
    await logSet(a, workoutId, { workoutExerciseId: entry("push-up"), reps: "8" });
    const rows = await getDb().select().from(setLog).where(eq(setLog.userId, a.id)).orderBy(setLog.exerciseId);
    expect(rows.map((r) => [r.exerciseId, r.weightKg, r.reps, r.durationSeconds])).toEqual([
      ["plank", null, null, 60],
      ["push-up", null, 8, null],
    ]);
  });

  it.each([
    ["a missing weight", { reps: "5" }, "weight", "Weight is required"],
    ["a weight that is no number", { weight: "heavy", reps: "5" }, "weight", "Weight must be a number"],
    ["a negative weight", { weight: "-5", reps: "5" }, "weight", "Weight cannot be negative"],
    ["a weight over the progress form's limit", { weight: "1500.5", reps: "5" }, "weight", "Weight must be between 0 and 1500 lbs"],
    ["missing reps", { weight: "135" }, "reps", "Reps is required"],
    ["0 reps", { weight: "135", reps: "0" }, "reps", "Reps must be between 1 and 100"],
    ["101 reps", { weight: "135", reps: "101" }, "reps", "Reps must be between 1 and 100"],
    ["half a rep", { weight: "135", reps: "2.5" }, "reps", "Reps must be a whole number"],
    ["RPE 11", { weight: "135", reps: "5", rpe: "11" }, "rpe", "RPE must be between 1 and 10"],
    ["RPE 7.25", { weight: "135", reps: "5", rpe: "7.25" }, "rpe", "RPE must be a whole or half number"],
  ])("refuses %s with the browser's message and logs nothing", async (_label, values, field, message) => {
    const { workoutId, entry } = await started();
    const before = await snapshot();
    const result = await refusal(logSet(a, workoutId, { workoutExerciseId: entry("bench-press"), ...values }));
    expect(result).toMatchObject({ status: 400, fieldErrors: { [field]: message } });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a time exercise without its time", async () => {
    const { workoutId, entry } = await started();
    expect(await refusal(logSet(a, workoutId, { workoutExerciseId: entry("plank"), durationSeconds: "" }))).toMatchObject({ status: 400, fieldErrors: { durationSeconds: "Time is required" } });
    expect(await refusal(logSet(a, workoutId, { workoutExerciseId: entry("plank"), durationSeconds: "10801" }))).toMatchObject({
      status: 400,
      fieldErrors: { durationSeconds: "Time must be between 1 and 10800 seconds" },
    });
  });

  it("refuses a set into a finished workout (a record stays as it was finished)", async () => {
    const { workoutId, entry } = await started();
    const { setId } = await logSet(a, workoutId, { workoutExerciseId: entry("squat"), weight: "225", reps: "5" });
    await finishWorkout(a, workoutId);
    const before = await snapshot();
    const calls = [
      () => logSet(a, workoutId, { workoutExerciseId: entry("squat"), weight: "225", reps: "5" }),
      () => editSet(a, workoutId, { setId, weight: "300", reps: "5" }),
      () => deleteSet(a, workoutId, { setId }),
      () => addSet(a, workoutId, { workoutExerciseId: entry("squat") }),
      () => skipExercise(a, workoutId, { workoutExerciseId: entry("plank") }),
      () => swapExercise(a, workoutId, { workoutExerciseId: entry("plank"), exerciseId: "squat" }),
      () => addExercise(a, workoutId, { exerciseId: "squat" }),
      () => saveNote(a, workoutId, { workoutExerciseId: entry("squat"), notes: "later" }),
      () => finishWorkout(a, workoutId),
      () => discardWorkout(a, workoutId),
    ];
    for (const call of calls) expect(await refusal(call())).toMatchObject({ status: 409, message: WORKOUT_FINISHED });
    expect(await snapshot()).toEqual(before);
  });

  it("edits and deletes a logged set; deleting the last one makes the exercise planned again", async () => {
    const { workoutId, entry } = await started();
    const { setId } = await logSet(a, workoutId, { workoutExerciseId: entry("squat"), weight: "225", reps: "5" });
    await editSet(a, workoutId, { setId, weight: "230", reps: "4", rpe: "9" });
    let squat = (await getWorkoutScreen(a, workoutId)).exercises.find((e) => e.exerciseId === "squat")!;
    expect(squat.rows[0]!.logged).toMatchObject({ weight: 230, reps: 4, rpe: 9 });
    expect(await refusal(editSet(a, workoutId, { setId, weight: "230", reps: "0" }))).toMatchObject({ status: 400, fieldErrors: { reps: "Reps must be between 1 and 100" } });
    await deleteSet(a, workoutId, { setId });
    squat = (await getWorkoutScreen(a, workoutId)).exercises.find((e) => e.exerciseId === "squat")!;
    expect(squat.status).toBe("planned");
    expect(squat.rows.map((r) => r.logged)).toEqual([null, null]);
  });

  it("adds set rows up to the limit, and logging past the rows adds its own", async () => {
    const { workoutId, entry } = await started();
    await addSet(a, workoutId, { workoutExerciseId: entry("plank") });
    expect((await getWorkoutScreen(a, workoutId)).exercises[3]!.rows).toHaveLength(2);
    for (let i = 2; i < 30; i += 1) await addSet(a, workoutId, { workoutExerciseId: entry("plank") });
    const before = await snapshot();
    expect(await refusal(addSet(a, workoutId, { workoutExerciseId: entry("plank") }))).toMatchObject({ status: 409, message: TOO_MANY_SETS });
    expect(await snapshot()).toEqual(before);
  });
});

describe("one limit of sets and exercises, whichever way they are made", () => {
  /** `n` sets of the squat already logged (written directly: the test is about the next one). */
  async function squatWithSets(n: number) {
    const { workoutId, entry } = await started();
    const squat = entry("squat");
    await getDb()
      .insert(setLog)
      .values(Array.from({ length: n }, (_, i) => ({ id: `limit-${squat}-${i}`, workoutExerciseId: squat, userId: a.id, exerciseId: "squat", performedOn: today(), setNumber: i + 1, weightKg: 100, reps: 5 })));
    await getDb().update(workoutExercise).set({ status: "done", plannedSets: n }).where(eq(workoutExercise.id, squat));
    return { workoutId, squat };
  }

  it("logs the 30th set of an exercise and refuses the 31st as add-set does, changing nothing", async () => {
    const { workoutId, squat } = await squatWithSets(29);
    await logSet(a, workoutId, { workoutExerciseId: squat, weight: "225", reps: "5" });
    const before = await snapshot();
    expect(await refusal(logSet(a, workoutId, { workoutExerciseId: squat, weight: "225", reps: "5" }))).toMatchObject({ status: 409, message: TOO_MANY_SETS });
    expect(await refusal(addSet(a, workoutId, { workoutExerciseId: squat }))).toMatchObject({ status: 409, message: TOO_MANY_SETS });
    expect(await snapshot()).toEqual(before);
  });

  it("holds the limit in the database too: a 31st set or set row written by any other door is refused", async () => {
    const { squat } = await squatWithSets(30);
    const db = getDb();
    await expect(
      db.insert(setLog).values({ id: "the-31st", workoutExerciseId: squat, userId: a.id, exerciseId: "squat", performedOn: today(), setNumber: 31, weightKg: 100, reps: 5 }),
    ).rejects.toMatchObject({ cause: { constraint: "set_logs_set_number_check" } });
    await expect(db.update(workoutExercise).set({ plannedSets: 31 }).where(eq(workoutExercise.id, squat))).rejects.toMatchObject({
      cause: { constraint: "workout_exercises_planned_sets_check" },
    });
  });

  it("keeps sets logged before the limit (the constraint is NOT VALID) and answers a change to one with the limit, not a server error", async () => {
    const { workoutId, squat } = await squatWithSets(30);
    const db = getDb();
    // The state migration 0014 leaves behind: a 31st set logged before the constraint existed.
    await db.execute(sql`alter table set_logs drop constraint set_logs_set_number_check`);
    await db.insert(setLog).values({ id: "logged-before-the-limit", workoutExerciseId: squat, userId: a.id, exerciseId: "squat", performedOn: today(), setNumber: 31, weightKg: 100, reps: 5 });
    await db.execute(sql`alter table set_logs add constraint set_logs_set_number_check check (set_number between 1 and 30) not valid`);
    const before = await snapshot();
    expect(await refusal(editSet(a, workoutId, { setId: "logged-before-the-limit", weight: "300", reps: "5" }))).toMatchObject({ status: 409, message: TOO_MANY_SETS });
    expect(await snapshot()).toEqual(before);
    await deleteSet(a, workoutId, { setId: "logged-before-the-limit" });
  });

  it("adds the last exercise a workout may hold (a program day's limit) and refuses one more, changing nothing", async () => {
    const { workoutId } = await started(a, null);
    await getDb()
      .insert(workoutExercise)
      .values(Array.from({ length: MAX_BLOCKS_PER_DAY - 1 }, (_, position) => ({ id: `limit-${workoutId}-${position}`, workoutId, exerciseId: "squat", position, plannedSets: 3 })));
    await addExercise(a, workoutId, { exerciseId: "bench-press" });
    const before = await snapshot();
    expect(await refusal(addExercise(a, workoutId, { exerciseId: "bench-press" }))).toMatchObject({ status: 409, message: TOO_MANY_EXERCISES });
    expect(await snapshot()).toEqual(before);
    expect(TOO_MANY_EXERCISES).toBe(`A workout can have at most ${MAX_BLOCKS_PER_DAY} exercises`);
  });
});

describe("skipping, swapping, adding and noting", () => {
  it("skips an exercise with a reason, refuses its sets until the skip is undone", async () => {
    const { workoutId, entry } = await started();
    await skipExercise(a, workoutId, { workoutExerciseId: entry("plank"), reason: "  Sore back " });
    let plank = (await getWorkoutScreen(a, workoutId)).exercises[3]!;
    expect(plank).toMatchObject({ status: "skipped", reason: "Sore back", rows: [] });
    expect(await refusal(logSet(a, workoutId, { workoutExerciseId: entry("plank"), durationSeconds: "30" }))).toMatchObject({ status: 409, message: EXERCISE_SKIPPED });
    await undoSkip(a, workoutId, { workoutExerciseId: entry("plank") });
    plank = (await getWorkoutScreen(a, workoutId)).exercises[3]!;
    expect(plank).toMatchObject({ status: "planned", reason: "" });
    expect(plank.rows).toHaveLength(1);
  });

  it("refuses to skip or swap an exercise with logged sets, and a reason over 200 characters", async () => {
    const { workoutId, entry } = await started();
    await logSet(a, workoutId, { workoutExerciseId: entry("squat"), weight: "225", reps: "5" });
    const before = await snapshot();
    expect(await refusal(skipExercise(a, workoutId, { workoutExerciseId: entry("squat") }))).toMatchObject({ status: 409, message: HAS_SETS });
    expect(await refusal(swapExercise(a, workoutId, { workoutExerciseId: entry("squat"), exerciseId: "bench-press" }))).toMatchObject({ status: 409, message: HAS_SETS });
    expect(await refusal(skipExercise(a, workoutId, { workoutExerciseId: entry("plank"), reason: "x".repeat(201) }))).toMatchObject({
      status: 400,
      fieldErrors: { reason: "The reason must be at most 200 characters" },
    });
    expect(await snapshot()).toEqual(before);
  });

  it("swaps an exercise for another with a reason, keeps what was planned, and swapping back clears it", async () => {
    const { workoutId, entry } = await started();
    const id = entry("bench-press");
    await swapExercise(a, workoutId, { workoutExerciseId: id, exerciseId: "dumbbell-bench-press", reason: "Bench taken" });
    let swapped = (await getWorkoutScreen(a, workoutId)).exercises[0]!;
    expect(swapped).toMatchObject({ id, exerciseId: "dumbbell-bench-press", name: "Dumbbell Bench Press", swappedFrom: "Bench Press", reason: "Bench taken" });
    // The target stays the block's.
    expect(swapped.target).toMatchObject({ sets: 3, repsMin: 5 });
    await swapExercise(a, workoutId, { workoutExerciseId: id, exerciseId: "bench-press" });
    swapped = (await getWorkoutScreen(a, workoutId)).exercises[0]!;
    expect(swapped).toMatchObject({ exerciseId: "bench-press", swappedFrom: null, reason: "" });
  });

  it.each([
    ["an unknown exercise", { exerciseId: "no-such-exercise" }, 404, UNKNOWN_EXERCISE],
    ["no exercise", { exerciseId: "" }, 400, "Please choose an exercise"],
  ])("refuses a swap to %s", async (_label, values, status, message) => {
    const { workoutId, entry } = await started();
    const before = await snapshot();
    expect(await refusal(swapExercise(a, workoutId, { workoutExerciseId: entry("squat"), ...values }))).toMatchObject({ status, fieldErrors: { exerciseId: message } });
    expect(await refusal(addExercise(a, workoutId, values))).toMatchObject({ status, fieldErrors: { exerciseId: message } });
    expect(await snapshot()).toEqual(before);
  });

  it("fills an empty workout with added exercises of three rows each", async () => {
    const { workoutId } = await started(a, null);
    await addExercise(a, workoutId, { exerciseId: "squat" });
    await addExercise(a, workoutId, { exerciseId: "rowing" });
    const screen = await getWorkoutScreen(a, workoutId);
    expect(screen.exercises.map((e) => [e.name, e.rows.length, e.target, e.measure])).toEqual([
      ["Back Squat", 3, null, "weight_reps"],
      ["Rowing", 3, null, "distance"],
    ]);
    await logSet(a, workoutId, { workoutExerciseId: screen.exercises[1]!.id, distanceMeters: "2000" });
    expect((await getWorkoutScreen(a, workoutId)).exercises[1]!.rows[0]!.logged).toMatchObject({ distanceMeters: 2000 });
  });

  it("keeps a note per exercise and refuses one over 1000 characters", async () => {
    const { workoutId, entry } = await started();
    await saveNote(a, workoutId, { workoutExerciseId: entry("squat"), notes: " Felt strong " });
    expect((await getWorkoutScreen(a, workoutId)).exercises[4]!.notes).toBe("Felt strong");
    expect(await refusal(saveNote(a, workoutId, { workoutExerciseId: entry("squat"), notes: "x".repeat(1001) }))).toMatchObject({
      status: 400,
      fieldErrors: { notes: "Notes must be at most 1000 characters" },
    });
  });

  it("finds exercises by name, wildcards taken literally", async () => {
    const bench = (await searchExercises("bench")).map((e) => e.name);
    expect(bench).toEqual(expect.arrayContaining(["Bench Press", "Dumbbell Bench Press"]));
    expect(bench.every((name) => /bench/i.test(name))).toBe(true);
    expect(await searchExercises("%")).toEqual([]);
  });
});

describe("targets, last time and suggestions", () => {
  it("prefills from the target and suggests weights for % 1RM and RPE from the member's best estimate", async () => {
    // Best bench estimate: 100 kg × 5 → 116.7 kg; row: 80 kg × 8 → 101.3 kg.
    await insertFinishedWorkout(a.id, addDays(today(), -7), [
      { exerciseId: "bench-press", sets: [{ weightKg: 100, reps: 5 }, { weightKg: 90, reps: 8 }, { weightKg: 60, reps: 20 }] },
      { exerciseId: "bent-over-row", sets: [{ weightKg: 80, reps: 8 }] },
    ]);
    await useUnit(a, "kg");
    const { screen } = await started();
    const [bench, row, pullUp, plank, squat] = screen.exercises;
    // 80 % of 116.7 kg (100 kg × 5; 90 kg × 8 is 114, 20 reps is past the formula) = 93.3 → 92.5 kg in 2.5 kg plates.
    expect(bench!.suggestedWeight).toBe(92.5);
    expect(bench!.rows[0]!.prefill).toEqual({ weight: 92.5, reps: 5, rpe: null, durationSeconds: null, distanceMeters: null });
    // The range's top, 10 reps at RPE 8 = 68 % of 101.3 kg (80 kg × 8) = 68.9 → 70 kg.
    expect(row!.suggestedWeight).toBe(70);
    expect(row!.rows[0]!.prefill).toMatchObject({ weight: 70, reps: 10 });
    expect(pullUp!.rows[0]!.prefill).toMatchObject({ weight: null, reps: 6 });
    expect(plank!.rows[0]!.prefill).toMatchObject({ durationSeconds: 45 });
    expect(squat!.suggestedWeight).toBeNull();
    expect(squat!.target!.loadValue).toBe(100);
    expect(squat!.rows[0]!.prefill).toMatchObject({ weight: 100, reps: 5 });
    expect(bench!.lastTime).toEqual({
      performedOn: addDays(today(), -7),
      sets: [
        expect.objectContaining({ number: 1, weight: 100, reps: 5 }),
        expect.objectContaining({ number: 2, weight: 90, reps: 8 }),
        expect.objectContaining({ number: 3, weight: 60, reps: 20 }),
      ],
    });
  });

  it("counts a single as its own weight in the best estimate: above the other sets' best it wins, above it only by Epley's count it does not", async () => {
    await insertFinishedWorkout(a.id, addDays(today(), -7), [
      { exerciseId: "bench-press", sets: [{ weightKg: 100, reps: 5 }, { weightKg: 120, reps: 1 }] },
      { exerciseId: "bent-over-row", sets: [{ weightKg: 100, reps: 8 }, { weightKg: 124, reps: 1 }] },
    ]);
    await useUnit(a, "kg");
    const [bench, row] = (await started()).screen.exercises;
    // 120 kg × 1 is 120 kg, above 100 kg × 5 (116.7 kg): 80 % = 96 → 95 kg.
    expect(bench!.suggestedWeight).toBe(95);
    // 124 kg × 1 is 124 kg, below 100 kg × 8 (126.7 kg), though Epley's 124 × 31/30 (128.1) is above it: 68 % = 86.1 → 85 kg.
    expect(row!.suggestedWeight).toBe(85);
  });

  it("prefills an ad hoc exercise from last time, set by set, in the member's unit", async () => {
    await insertFinishedWorkout(a.id, addDays(today(), -3), [{ exerciseId: "squat", sets: [{ weightKg: lbsToKg(225), reps: 5 }, { weightKg: lbsToKg(235), reps: 3 }] }]);
    await insertFinishedWorkout(b.id, addDays(today(), -1), [{ exerciseId: "squat", sets: [{ weightKg: 300, reps: 1 }] }]);
    const { workoutId } = await started(a, null);
    await addExercise(a, workoutId, { exerciseId: "squat" });
    const squat = (await getWorkoutScreen(a, workoutId)).exercises[0]!;
    expect(squat.rows.map((r) => [r.prefill.weight, r.prefill.reps])).toEqual([
      [225, 5],
      [235, 3],
      [235, 3],
    ]);
  });
});

describe("finishing", () => {
  it("refuses to finish with nothing logged; discarding drops the workout", async () => {
    const { workoutId } = await started();
    const before = await snapshot();
    expect(await refusal(finishWorkout(a, workoutId))).toMatchObject({ status: 409, message: NOTHING_LOGGED });
    expect(await snapshot()).toEqual(before);
    await discardWorkout(a, workoutId);
    expect(await getDb().select().from(workout).where(eq(workout.id, workoutId))).toEqual([]);
  });

  it("sums up duration, volume in the member's unit, sets and personal records", async () => {
    await insertFinishedWorkout(a.id, addDays(today(), -7), [{ exerciseId: "squat", sets: [{ weightKg: lbsToKg(225), reps: 5 }] }]);
    const { workoutId, entry } = await started();
    await getDb().update(workout).set({ startedAt: new Date(Date.now() - 45 * 60_000) }).where(eq(workout.id, workoutId));
    await logSet(a, workoutId, { workoutExerciseId: entry("squat"), weight: "235", reps: "5" });
    await logSet(a, workoutId, { workoutExerciseId: entry("squat"), weight: "235", reps: "4" });
    await logSet(a, workoutId, { workoutExerciseId: entry("bench-press"), weight: "135", reps: "8" });
    await logSet(a, workoutId, { workoutExerciseId: entry("plank"), durationSeconds: "60" });
    const summary = await finishWorkout(a, workoutId);
    expect(summary.durationSeconds).toBeGreaterThanOrEqual(45 * 60);
    expect(summary.durationSeconds).toBeLessThan(46 * 60);
    expect(summary).toMatchObject({ volume: 235 * 9 + 135 * 8, unit: "lbs", sets: 4 });
    // Bench has no history: a first time is no record.
    expect(summary.records).toEqual([
      { exerciseId: "squat", name: "Back Squat", kind: "estimated_1rm", value: 274.2, previous: 262.5 },
      { exerciseId: "squat", name: "Back Squat", kind: "heaviest_weight", value: 235, previous: 225 },
    ]);
    const screen = await getWorkoutScreen(a, workoutId);
    expect(screen.finished).toBe(true);
    expect(screen.summary).toMatchObject({ sets: 4, records: [{ kind: "estimated_1rm" }, { kind: "heaviest_weight" }] });
  });

  it("counts no record for a lighter or equal day, and compares only with what came before", async () => {
    const earlier = await insertFinishedWorkout(a.id, addDays(today(), -7), [{ exerciseId: "squat", sets: [{ weightKg: 100, reps: 5 }] }]);
    // A later heavier workout (the future) is not 'before' the earlier one.
    await insertFinishedWorkout(a.id, addDays(today(), -1), [{ exerciseId: "squat", sets: [{ weightKg: 90, reps: 3 }] }]);
    const { workoutId, entry } = await started();
    await logSet(a, workoutId, { workoutExerciseId: entry("squat"), weight: "200", reps: "5" });
    expect((await finishWorkout(a, workoutId)).records).toEqual([]);
    expect((await getWorkoutScreen(a, earlier)).summary!.records).toEqual([]);
  });

  it("lists finished workouts newest first, a page at a time, with sets and volume", async () => {
    const benched = [{ exerciseId: "bench-press", sets: [{ weightKg: lbsToKg(50), reps: 2 }, { weightKg: lbsToKg(50), reps: 2 }] }];
    for (let i = 1; i <= 12; i += 1) await insertFinishedWorkout(a.id, addDays(today(), -i), [{ exerciseId: "squat", sets: [{ weightKg: lbsToKg(100), reps: i }] }, ...(i === 1 ? benched : [])]);
    await insertFinishedWorkout(b.id, today(), [{ exerciseId: "squat", sets: [{ weightKg: 100, reps: 1 }] }]);
    await startWorkout(a, { dayId: dayA });
    const first = await listWorkoutHistory(a, 1);
    expect(first).toMatchObject({ page: 1, pageCount: 2, unit: "lbs" });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toMatchObject({ performedOn: addDays(today(), -1), sets: 3, volume: 300 });
    expect(first.items[1]).toMatchObject({ performedOn: addDays(today(), -2), sets: 1, volume: 200 });
    const second = await listWorkoutHistory(a, 9);
    expect(second.page).toBe(2);
    expect(second.items.map((i) => i.performedOn)).toEqual([addDays(today(), -11), addDays(today(), -12)]);
    const ids = [...first.items, ...second.items].map((i) => i.id);
    expect(await getDb().select().from(workout).where(inArray(workout.id, ids))).toHaveLength(12);
  });
});
