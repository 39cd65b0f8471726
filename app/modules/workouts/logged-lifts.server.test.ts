import crypto from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { workoutExercise } from "~/db/schema/workouts";
import { deleteLift, logLiftSets, ownLiftExerciseId, replaceLiftSets } from "./logged-lifts.server";
import { performedOf, workoutsOf } from "./workouts.test-support";

type Member = { id: string; role: "member" };
let a: Member;
let b: Member;
const LIFTS = ["bench-press", "squat"];

async function newMember(): Promise<Member> {
  const id = `lifts-${crypto.randomUUID()}`;
  await getDb().insert(user).values({ id, name: "Lifter", email: `${id}@example.com` });
  return { id, role: "member" };
}

beforeEach(async () => {
  a = await newMember();
  b = await newMember();
});

const bench = { exerciseId: "bench-press", title: "Bench Press", performedOn: "2025-03-10", weightKg: 100, reps: 5, sets: 3, notes: "paused" };

describe("logging a lift", () => {
  it("is a finished ad-hoc workout of its own with one done exercise and equal sets", async () => {
    const { id } = await logLiftSets(a, bench);
    await logLiftSets(a, { ...bench, exerciseId: "squat", title: "Squat", sets: 1, notes: "" });
    const [logged, squat] = await performedOf(a.id);
    expect(logged).toMatchObject({ id, title: "Bench Press", programDayId: null, performedOn: "2025-03-10", exerciseId: "bench-press", status: "done", notes: "paused" });
    expect(logged!.finished).toBeInstanceOf(Date);
    expect(logged!.sets.map((s) => [s.setNumber, s.weightKg, s.reps, s.performedOn, s.userId, s.exerciseId])).toEqual([
      [1, 100, 5, "2025-03-10", a.id, "bench-press"],
      [2, 100, 5, "2025-03-10", a.id, "bench-press"],
      [3, 100, 5, "2025-03-10", a.id, "bench-press"],
    ]);
    expect(squat!.workoutId).not.toBe(logged!.workoutId);
    expect(squat!.sets).toHaveLength(1);
    expect(await performedOf(b.id)).toEqual([]);
  });
});

describe("editing and deleting a lift: the owner's only", () => {
  it("rewrites the sets and notes and moves the workout, keeping when it was first logged", async () => {
    const { id } = await logLiftSets(a, bench);
    const [before] = await performedOf(a.id);
    expect(await replaceLiftSets(a, id, LIFTS, { performedOn: "2025-03-08", weightKg: 105, reps: 3, sets: 2, notes: "heavier" })).toBe(true);
    const [after] = await performedOf(a.id);
    expect(after).toMatchObject({ id, workoutId: before!.workoutId, performedOn: "2025-03-08", notes: "heavier" });
    expect(after!.sets.map((s) => [s.setNumber, s.weightKg, s.reps, s.performedOn])).toEqual([
      [1, 105, 3, "2025-03-08"],
      [2, 105, 3, "2025-03-08"],
    ]);
    expect(after!.sets.every((s) => s.loggedAt.getTime() === before!.sets[0]!.loggedAt.getTime())).toBe(true);
  });

  it("is not found for another member, or for an exercise outside the list, and changes nothing", async () => {
    const { id } = await logLiftSets(a, bench);
    const stored = await performedOf(a.id);
    expect(await ownLiftExerciseId(a, id, LIFTS)).toBe("bench-press");
    expect(await ownLiftExerciseId(b, id, LIFTS)).toBeNull();
    expect(await ownLiftExerciseId(a, id, ["squat"])).toBeNull();
    expect(await replaceLiftSets(b, id, LIFTS, { ...bench, sets: 1 })).toBe(false);
    expect(await replaceLiftSets(a, id, ["squat"], { ...bench, sets: 1 })).toBe(false);
    expect(await deleteLift(b, id, LIFTS)).toBe(false);
    expect(await deleteLift(a, id, ["squat"])).toBe(false);
    expect(await deleteLift(a, "no-such-exercise", LIFTS)).toBe(false);
    expect(await performedOf(a.id)).toEqual(stored);
  });

  it("deletes the exercise with its sets, and its ad-hoc workout once nothing is left in it", async () => {
    const first = await logLiftSets(a, bench);
    const second = await logLiftSets(a, { ...bench, exerciseId: "squat" });
    const [, squat] = await performedOf(a.id);
    // The squat's workout holds a second exercise too: it stays with that one.
    await getDb().insert(workoutExercise).values({ id: crypto.randomUUID(), workoutId: squat!.workoutId, exerciseId: "deadlift", position: 1 });

    expect(await deleteLift(a, first.id, LIFTS)).toBe(true);
    expect(await deleteLift(a, second.id, LIFTS)).toBe(true);
    expect((await performedOf(a.id)).map((e) => [e.exerciseId, e.sets.length])).toEqual([["deadlift", 0]]);
    expect((await workoutsOf(a.id)).map((w) => w.id)).toEqual([squat!.workoutId]);
    expect(await deleteLift(a, first.id, LIFTS)).toBe(false);
  });
});
