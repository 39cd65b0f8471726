// @test-database any
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { setLog } from "~/db/schema/workouts";
import { todayIn } from "~/lib/time-zone";
import { refusal } from "~/modules/progress/progress-test-support";
import { getWorkoutScreen } from "./workout-screen.server";
import { insertProgramCopy, newPerson, type Person } from "./training.test-support";
import { EXERCISE_SKIPPED, finishWorkout, KEY_REUSED, logSet, skipExercise, TOO_MANY_SETS, WORKOUT_FINISHED, WORKOUT_NOT_FOUND } from "./workout-session.server";
import { startWorkout } from "./workout-start.server";
import { SESSION_LIMITS } from "./set-rules";
import { CLIENT_KEY_MESSAGE } from "./workout-session.schema";

/** The offline queue's sets: each sent with an idempotency key, stored once per key and member (decision 0093). */

let a: Person;
let b: Person;

beforeEach(async () => {
  a = await newPerson();
  b = await newPerson();
});

async function started(who: Person) {
  const copy = await insertProgramCopy(who.id, todayIn("Europe/London"), [
    [{ dayIndex: 0, title: "Upper A", blocks: [{ exerciseId: "bench-press", sets: 3, repsMin: 5, restSeconds: 120 }, { exerciseId: "squat", sets: 2, repsMin: 5 }] }],
  ]);
  const { workoutId } = await startWorkout(who, { dayId: copy.dayIds[0]![0]! });
  const screen = await getWorkoutScreen(who, workoutId);
  return { workoutId, bench: screen.exercises[0]!.id, squat: screen.exercises[1]!.id };
}

const setsOf = (userId: string) => getDb().select().from(setLog).where(eq(setLog.userId, userId));

describe("a set sent with an idempotency key", () => {
  it("is stored once however often it is sent, and every send answers the stored set", async () => {
    const { workoutId, bench } = await started(a);
    const clientKey = randomUUID();
    const first = await logSet(a, workoutId, { workoutExerciseId: bench, weight: "100", reps: "5", clientKey });
    const again = await logSet(a, workoutId, { workoutExerciseId: bench, weight: "100", reps: "5", clientKey });
    expect(again).toEqual(first);
    expect(first.restSeconds).toBe(120);
    const stored = await setsOf(a.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: first.setId, clientKey, setNumber: 1 });
  });

  it("sent again after the workout was finished, answers the stored set rather than a refusal", async () => {
    const { workoutId, bench } = await started(a);
    const clientKey = randomUUID();
    const first = await logSet(a, workoutId, { workoutExerciseId: bench, weight: "100", reps: "5", clientKey });
    await finishWorkout(a, workoutId);
    expect(await logSet(a, workoutId, { workoutExerciseId: bench, weight: "100", reps: "5", clientKey })).toEqual(first);
    // A new key on the finished workout is refused as before.
    expect(await refusal(logSet(a, workoutId, { workoutExerciseId: bench, weight: "100", reps: "5", clientKey: randomUUID() }))).toMatchObject({ status: 409, message: WORKOUT_FINISHED });
  });

  it("belongs to its member: another member's same key stores their own set and never answers theirs", async () => {
    const mine = await started(a);
    const theirs = await started(b);
    const clientKey = randomUUID();
    const stored = await logSet(a, mine.workoutId, { workoutExerciseId: mine.bench, weight: "100", reps: "5", clientKey });
    const other = await logSet(b, theirs.workoutId, { workoutExerciseId: theirs.bench, weight: "60", reps: "8", clientKey });
    expect(other.setId).not.toBe(stored.setId);
    expect(await setsOf(b.id)).toMatchObject([{ id: other.setId, reps: 8 }]);
    // B sending A's key to A's workout is refused as a workout B does not own, and A's set stays as it was.
    expect(await refusal(logSet(b, mine.workoutId, { workoutExerciseId: mine.bench, weight: "1", reps: "1", clientKey }))).toMatchObject({ status: 404, message: WORKOUT_NOT_FOUND });
    expect(await setsOf(a.id)).toMatchObject([{ id: stored.setId, reps: 5 }]);
  });

  it("used again for a set of another workout is refused and stores nothing", async () => {
    const first = await started(a);
    const clientKey = randomUUID();
    await logSet(a, first.workoutId, { workoutExerciseId: first.bench, weight: "100", reps: "5", clientKey });
    await finishWorkout(a, first.workoutId);
    const second = await started(a);
    expect(await refusal(logSet(a, second.workoutId, { workoutExerciseId: second.bench, weight: "100", reps: "5", clientKey }))).toMatchObject({ status: 409, message: KEY_REUSED });
    expect(await setsOf(a.id)).toHaveLength(1);
  });

  it("that is not a UUID is refused with a message and stores nothing", async () => {
    const { workoutId, bench } = await started(a);
    expect(await refusal(logSet(a, workoutId, { workoutExerciseId: bench, weight: "100", reps: "5", clientKey: "set-1" }))).toMatchObject({ status: 400, fieldErrors: { clientKey: CLIENT_KEY_MESSAGE } });
    expect(await setsOf(a.id)).toHaveLength(0);
  });

  it("goes through the same rules as any set: a skipped exercise and the set limit refuse it", async () => {
    const { workoutId, bench, squat } = await started(a);
    await skipExercise(a, workoutId, { workoutExerciseId: squat });
    expect(await refusal(logSet(a, workoutId, { workoutExerciseId: squat, weight: "100", reps: "5", clientKey: randomUUID() }))).toMatchObject({ status: 409, message: EXERCISE_SKIPPED });
    for (let i = 0; i < SESSION_LIMITS.plannedSets; i += 1) await logSet(a, workoutId, { workoutExerciseId: bench, weight: "100", reps: "5", clientKey: randomUUID() });
    expect(await refusal(logSet(a, workoutId, { workoutExerciseId: bench, weight: "100", reps: "5", clientKey: randomUUID() }))).toMatchObject({ status: 409, message: TOO_MANY_SETS });
    expect(await setsOf(a.id)).toHaveLength(SESSION_LIMITS.plannedSets);
  });
});
