// @test-database any
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { lookUpNoSession } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { getWorkoutScreen } from "./workout-screen.server";
import { rehearseSetLogging } from "./set-logging-warm-up.server";
import { newPerson, type Person } from "./training.test-support";
import { addExercise, logSet } from "./workout-session.server";
import { startWorkout } from "./workout-start.server";

/** The start-up warm-up of the set-logging path (decision 0110): the real statements, read-only. */

let member: Person;

beforeEach(async () => {
  member = await newPerson();
});

/** The next transaction id: a statement that wrote anything (or locked a row) would have taken one. */
async function nextTransactionId(): Promise<string> {
  const result = await getDb().execute(sql`select txid_snapshot_xmax(txid_current_snapshot())::text as next`);
  return (result as unknown as { rows: { next: string }[] }).rows[0]!.next;
}

describe("the set-logging warm-up", () => {
  it("writes nothing and locks nothing, while a member's workout with a logged set is under way", async () => {
    const { workoutId } = await startWorkout(member, {});
    const { workoutExerciseId } = await addExercise(member, workoutId, { exerciseId: "squat" });
    await logSet(member, workoutId, { workoutExerciseId, weight: "100", reps: "5" });
    const screen = await getWorkoutScreen(member, workoutId);
    const before = { next: await nextTransactionId(), screen };
    await lookUpNoSession();
    await rehearseSetLogging();
    expect(await nextTransactionId()).toBe(before.next);
    expect(await getWorkoutScreen(member, workoutId)).toEqual(before.screen);
  });
});
