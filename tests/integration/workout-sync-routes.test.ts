// @test-database any
/**
 * The offline queue's door, POST /members/workouts/:id/sync (decision 0093), with real
 * session cookies: visitors are refused, a set sent twice with its key is stored once and
 * answered the same, another member's workout is not found, refusals answer with the
 * server's message and store nothing, a finish sent again answers ok, and a start queued
 * offline (decision 0112) is made once.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { setLog, workout } from "~/db/schema/workouts";
import { createUserWithPassword } from "~/modules/users/users.server";
import { CLIENT_KEY_MESSAGE } from "~/modules/workouts/workout-session.schema";
import { addExercise, EXERCISE_SKIPPED, skipExercise, WORKOUT_NOT_FOUND } from "~/modules/workouts/workout-session.server";
import { startWorkout } from "~/modules/workouts/workout-start.server";
import { insertProgramCopy } from "~/modules/workouts/training.test-support";
import { workoutExerciseIdFor } from "~/modules/workouts/workout-ids";
import { getPendingWorkout } from "~/modules/workouts/workout-screen.server";
import { todayIn } from "~/lib/time-zone";
import { action } from "~/routes/members.workouts.$workoutId.sync";
import { callRouteOrData, postForm, signInCookie, type DataResult } from "../support/route-calls";

type Answer = DataResult<{ ok: boolean; setId?: string; error?: string | null; fieldErrors?: Record<string, string> }>;

const cookies = { a: "", b: "" };
const ids = { a: "", b: "" };
let workoutId = "";
let squat = "";
let bench = "";

const send = (who: "a" | "b" | null, fields: Record<string, string>, id = workoutId) =>
  callRouteOrData(action, postForm(`/members/workouts/${id}/sync`, who ? cookies[who] : null, fields), { workoutId: id }) as Promise<Answer | Response>;
const statusOf = (answer: Answer | Response) => (answer instanceof Response ? answer.status : (answer.init?.status ?? 200));
const bodyOf = async (answer: Answer | Response) => (answer instanceof Response ? await answer.json() : answer.data);
const setsOf = (userId: string) => getDb().select().from(setLog).where(eq(setLog.userId, userId));

beforeAll(async () => {
  for (const who of ["a", "b"] as const) {
    const email = `${who}@sync-routes.test`;
    ids[who] = (await createUserWithPassword({ name: `Sync ${who}`, email, password: `${who}-password-sync`, role: "member" })).id;
    cookies[who] = await signInCookie(email, `${who}-password-sync`);
  }
  const actor = { id: ids.a, weightUnit: "lbs" as const };
  ({ workoutId } = await startWorkout(actor, {}));
  squat = (await addExercise(actor, workoutId, { exerciseId: "squat" })).workoutExerciseId;
  bench = (await addExercise(actor, workoutId, { exerciseId: "bench-press" })).workoutExerciseId;
  await skipExercise(actor, workoutId, { workoutExerciseId: bench });
});

afterAll(async () => {
  await getDb().delete(user);
});

describe("POST /members/workouts/:id/sync", () => {
  it("refuses a visitor with 401 and stores nothing", async () => {
    const answer = await send(null, { intent: "log-set", workoutExerciseId: squat, weight: "225", reps: "5", clientKey: crypto.randomUUID() });
    expect(statusOf(answer)).toBe(401);
    expect(await setsOf(ids.a)).toHaveLength(0);
  });

  it("stores a set sent twice with its key once, and answers both sends with it", async () => {
    const set = { intent: "log-set", workoutExerciseId: squat, weight: "225", reps: "5", clientKey: crypto.randomUUID() };
    const first = await bodyOf(await send("a", set));
    const again = await bodyOf(await send("a", set));
    expect(first).toMatchObject({ ok: true, setId: expect.any(String) });
    expect(again.setId).toBe(first.setId);
    expect(await setsOf(ids.a)).toHaveLength(1);
  });

  it("answers another member's workout as not found, whatever the key, and stores nothing", async () => {
    const answer = await send("b", { intent: "log-set", workoutExerciseId: squat, weight: "225", reps: "5", clientKey: crypto.randomUUID() });
    expect(statusOf(answer)).toBe(404);
    expect(await bodyOf(answer)).toMatchObject({ ok: false, error: WORKOUT_NOT_FOUND });
    expect(await setsOf(ids.b)).toHaveLength(0);
  });

  it("answers a refusal with the server's message (a skipped exercise, a key that is no UUID) and stores nothing", async () => {
    const skipped = await send("a", { intent: "log-set", workoutExerciseId: bench, weight: "100", reps: "5", clientKey: crypto.randomUUID() });
    expect(statusOf(skipped)).toBe(409);
    expect(await bodyOf(skipped)).toMatchObject({ ok: false, error: EXERCISE_SKIPPED });
    const badKey = await send("a", { intent: "log-set", workoutExerciseId: squat, weight: "225", reps: "5", clientKey: "set-1" });
    expect(statusOf(badKey)).toBe(400);
    expect(await bodyOf(badKey)).toMatchObject({ ok: false, fieldErrors: { clientKey: CLIENT_KEY_MESSAGE } });
    expect(await setsOf(ids.a)).toHaveLength(1);
  });

  it("finishes the workout, and a finish sent again answers ok", async () => {
    expect(await bodyOf(await send("a", { intent: "finish-workout" }))).toMatchObject({ ok: true });
    expect(await bodyOf(await send("a", { intent: "finish-workout" }))).toMatchObject({ ok: true });
    const [row] = await getDb().select({ finishedAt: workout.finishedAt }).from(workout).where(eq(workout.id, workoutId));
    expect(row?.finishedAt).toBeInstanceOf(Date);
    expect(statusOf(await send("b", { intent: "finish-workout" }))).toBe(404);
  });

  it("starts a workout queued offline once however often it is sent, then takes its sets; another member's start with that id is not found", async () => {
    const member = { id: ids.b, weightUnit: "lbs" as const };
    const { dayIds } = await insertProgramCopy(ids.b, todayIn("Europe/London"), [[{ dayIndex: 0, title: "Sync Day", blocks: [{ exerciseId: "squat", sets: 3, repsMin: 5 }] }]]);
    const id = crypto.randomUUID();
    const page = await getPendingWorkout(member, id, dayIds[0]![0]!);
    if (page.kind !== "pending") throw new Error(page.kind);
    const start = { intent: "start-workout", dayId: page.dayId, snapshot: JSON.stringify(page.snapshot) };
    expect(await bodyOf(await send("b", start, id))).toMatchObject({ ok: true, workoutId: id });
    expect(await bodyOf(await send("b", start, id))).toMatchObject({ ok: true, workoutId: id });
    expect(await getDb().select().from(workout).where(eq(workout.userId, ids.b))).toMatchObject([{ id, title: "Sync Day" }]);
    const set = { intent: "log-set", workoutExerciseId: workoutExerciseIdFor(id, 0), weight: "225", reps: "5", clientKey: crypto.randomUUID() };
    expect(await bodyOf(await send("b", set, id))).toMatchObject({ ok: true });
    const theirs = await send("a", start, id);
    expect(statusOf(theirs)).toBe(404);
    expect(await bodyOf(theirs)).toMatchObject({ ok: false, error: WORKOUT_NOT_FOUND });
    expect(await getDb().select().from(workout).where(eq(workout.id, id))).toHaveLength(1);
  });
});
