/**
 * The member's workout routes as React Router calls them, under the /members layout, with
 * real sign-in cookies: starting from the dashboard's form, the workout screen's intents,
 * another member's workout as 'Workout not found', refusals as 4xx that change nothing.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { todayIn } from "~/lib/time-zone";
import { setOwnWeightUnit } from "~/modules/users/profile.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { insertProgramCopy } from "~/modules/workouts/training.test-support";
import { middleware as membersMiddleware } from "~/routes/members";
import { loader as dashboardRouteLoader } from "~/routes/members._index";
import { action as workoutsRouteAction, loader as workoutsRouteLoader } from "~/routes/members.workouts";
import { action as workoutRouteAction, loader as workoutRouteLoader } from "~/routes/members.workouts.$workoutId";
import { SESSION_LIMITS } from "~/modules/workouts/set-rules";
import { callRoute, callRouteOrData, getRequest, isDataResult, locationOf, postForm, signInCookie, type DataResult, underLayout } from "../support/route-calls";

const dashboardLoader = underLayout(membersMiddleware, dashboardRouteLoader);
const workoutsLoader = underLayout(membersMiddleware, workoutsRouteLoader);
const workoutsAction = underLayout(membersMiddleware, workoutsRouteAction);
const workoutLoader = underLayout(membersMiddleware, workoutRouteLoader);
const workoutAction = underLayout(membersMiddleware, workoutRouteAction);

const cookies = { a: "", b: "" };
let dayA = "";

const snapshot = async () => {
  const db = getDb();
  return { workouts: await db.select().from(workout), exercises: await db.select().from(workoutExercise), sets: await db.select().from(setLog) };
};

beforeAll(async () => {
  const a = await createUserWithPassword({ email: "train-a@example.com", password: "training-pass-1", name: "Ada Athlete", role: "member" });
  await createUserWithPassword({ email: "train-b@example.com", password: "training-pass-1", name: "Ben Builder", role: "member" });
  const copy = await insertProgramCopy(a.id, todayIn("Europe/London"), [
    [{ dayIndex: 0, title: "Upper A", blocks: [{ exerciseId: "bench-press", sets: 2, repsMin: 5, loadKind: "weight", loadValue: 60, restSeconds: 120 }] }],
  ]);
  dayA = copy.dayIds[0]![0]!;
  cookies.a = await signInCookie("train-a@example.com", "training-pass-1");
  cookies.b = await signInCookie("train-b@example.com", "training-pass-1");
});

async function post(path: string, who: "a" | "b", fields: Record<string, string>) {
  const action = path === "/members/workouts" ? workoutsAction : workoutAction;
  const workoutId = path.split("/")[3];
  return callRoute(action, postForm(path, cookies[who], fields), workoutId ? { workoutId } : {});
}

describe("the workout routes", () => {
  it("leads the dashboard with Today, starts the workout from its form and logs a set without a reload", async () => {
    const dashboard = (await callRoute(dashboardLoader, getRequest("/members", cookies.a))) as { today: unknown };
    expect(dashboard.today).toEqual({ kind: "workout", dayId: dayA, title: "Upper A", exerciseCount: 1 });

    const started = await post("/members/workouts", "a", { intent: "start-workout", dayId: dayA });
    const path = locationOf(started)!;
    expect(path).toMatch(/^\/members\/workouts\/[\w-]+$/);
    const workoutId = path.split("/")[3]!;

    const loaded = (await callRoute(workoutLoader, getRequest(path, cookies.a), { workoutId })) as { screen: { exercises: Array<{ id: string; rows: unknown[] }> }; picker: unknown };
    expect(loaded.picker).toBeNull();
    const entry = loaded.screen.exercises[0]!;
    expect(entry.rows).toHaveLength(2);

    // The screen's forms post as plain forms (decision 0109): a logged set goes back to its row.
    const logged = await post(path, "a", { intent: "log-set", workoutExerciseId: entry.id, weight: "135", reps: "5" });
    expect(locationOf(logged)).toMatch(new RegExp(`^${path}#set-[\\w-]+$`));

    const picker = (await callRoute(workoutLoader, getRequest(`${path}?swap=${entry.id}&q=squat`, cookies.a), { workoutId })) as { picker: unknown };
    expect(picker.picker).toEqual({ swap: entry.id, q: "squat", choices: expect.arrayContaining([{ id: "squat", name: "Back Squat", measure: "weight_reps" }]) });

    const finished = await post(path, "a", { intent: "finish-workout" });
    expect(locationOf(finished)).toBe(path);
    const list = (await callRoute(workoutsLoader, getRequest("/members/workouts?page=abc", cookies.a))) as { history: { items: Array<{ id: string; sets: number }> } };
    expect(list.history.items).toEqual([expect.objectContaining({ id: workoutId, sets: 1 })]);
  });

  it("answers another member's workout, and a guessed one, as 404 'Workout not found' and changes nothing", async () => {
    const started = await post("/members/workouts", "a", { intent: "start-workout", dayId: "" });
    const path = locationOf(started)!;
    const workoutId = path.split("/")[3]!;
    for (const id of [workoutId, "guessed-workout-id"]) {
      const read = await callRouteOrData(workoutLoader, getRequest(`/members/workouts/${id}`, cookies.b), { workoutId: id });
      expect(isDataResult(read)).toBe(true);
      expect(read).toMatchObject({ status: 404, message: "Workout not found" });
    }
    const before = await snapshot();
    const refused = (await post(path, "b", { intent: "add-exercise", exerciseId: "squat" })) as DataResult<Record<string, unknown>>;
    expect(refused.init?.status).toBe(404);
    expect(refused.data).toMatchObject({ ok: false, error: "Workout not found" });
    expect(await snapshot()).toEqual(before);
    // A day of another member's program starts nothing either.
    const foreignDay = (await post("/members/workouts", "b", { intent: "start-workout", dayId: dayA })) as DataResult<Record<string, unknown>>;
    expect(foreignDay.init?.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ["an unknown intent", { intent: "rename-workout" }, 400, { error: "Unknown action" }],
    ["bad reps", { intent: "log-set", reps: "0", weight: "100" }, 400, { fieldErrors: { reps: "Reps must be between 1 and 100" } }],
    ["a missing exercise", { intent: "log-set", workoutExerciseId: "nope", weight: "100", reps: "5" }, 404, { error: "Exercise not found in this workout" }],
    ["a set that is not there", { intent: "delete-set", setId: "nope" }, 404, { error: "Set not found" }],
    ["finishing with nothing logged", { intent: "finish-workout" }, 409, { error: "Log at least one set before finishing, or discard the workout" }],
  ])("refuses %s with a 4xx and changes nothing", async (_label, fields: Record<string, string>, status, body) => {
    const dashboard = (await callRoute(dashboardLoader, getRequest("/members", cookies.b))) as { today: { kind: string; workoutId?: string } };
    const path =
      dashboard.today.kind === "in_progress" ? `/members/workouts/${dashboard.today.workoutId}` : locationOf(await post("/members/workouts", "b", { intent: "start-workout", dayId: "" }))!;
    await post(path, "b", { intent: "add-exercise", exerciseId: "squat" });
    const screen = (await callRoute(workoutLoader, getRequest(path, cookies.b), { workoutId: path.split("/")[3]! })) as { screen: { exercises: Array<{ id: string }> } };
    const before = await snapshot();
    const answer = (await post(path, "b", { workoutExerciseId: screen.screen.exercises[0]!.id, ...fields })) as DataResult<Record<string, unknown>>;
    expect(answer.init?.status).toBe(status);
    expect(answer.data).toMatchObject({ ok: false, ...body });
    expect(await snapshot()).toEqual(before);
  });

  it("leads the workouts page with an ad hoc workout under way, and answers its 31st set and an exercise past the limit 409 with the limit", async () => {
    const member = await createUserWithPassword({ email: "train-limits@example.com", password: "training-pass-1", name: "Lim Its", role: "member" });
    const cookie = await signInCookie("train-limits@example.com", "training-pass-1");
    const call = (path: string, fields: Record<string, string>) => callRoute(workoutAction, postForm(path, cookie, fields), { workoutId: path.split("/")[3]! });
    const path = locationOf(await callRoute(workoutsAction, postForm("/members/workouts", cookie, { intent: "start-workout", dayId: "" })))!;
    const workoutId = path.split("/")[3]!;
    const page = (await callRoute(workoutsLoader, getRequest("/members/workouts", cookie))) as { underWay: unknown; plan: unknown };
    expect(page).toMatchObject({ underWay: { id: workoutId, title: "Workout" }, plan: null });

    await call(path, { intent: "add-exercise", exerciseId: "squat" });
    const [entry] = await getDb().select().from(workoutExercise).where(eq(workoutExercise.workoutId, workoutId));
    await getDb()
      .insert(setLog)
      .values(Array.from({ length: 30 }, (_, i) => ({ id: `limits-${i}`, workoutExerciseId: entry!.id, userId: member.id, exerciseId: "squat", performedOn: todayIn("Europe/London"), setNumber: i + 1, reps: 5 })));
    await getDb()
      .insert(workoutExercise)
      .values(Array.from({ length: SESSION_LIMITS.exercises - 1 }, (_, i) => ({ id: `limits-${i}`, workoutId, exerciseId: "squat", position: i + 1 })));
    const before = await snapshot();
    for (const [fields, message] of [
      [{ intent: "log-set", workoutExerciseId: entry!.id, weight: "100", reps: "5" }, "An exercise can have at most 30 sets"],
      [{ intent: "add-set", workoutExerciseId: entry!.id }, "An exercise can have at most 30 sets"],
      [{ intent: "add-exercise", exerciseId: "bench-press" }, `A workout can have at most ${SESSION_LIMITS.exercises} exercises`],
    ] as const) {
      const answer = (await call(path, fields)) as DataResult<Record<string, unknown>>;
      expect(answer.init?.status).toBe(409);
      expect(answer.data).toMatchObject({ ok: false, error: message });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("takes a kg member's weights in kg, the unit coming with their sign-in", async () => {
    const kg = await createUserWithPassword({ email: "train-kg@example.com", password: "training-pass-1", name: "Kim Kilo", role: "member" });
    await setOwnWeightUnit({ id: kg.id, role: "member" }, { unit: "kg" });
    const copy = await insertProgramCopy(kg.id, todayIn("Europe/London"), [
      [{ dayIndex: 0, title: "Lower A", blocks: [{ exerciseId: "squat", sets: 1, repsMin: 5, loadKind: "weight", loadValue: 100, restSeconds: 120 }] }],
    ]);
    const cookie = await signInCookie("train-kg@example.com", "training-pass-1");
    const path = locationOf(await callRoute(workoutsAction, postForm("/members/workouts", cookie, { intent: "start-workout", dayId: copy.dayIds[0]![0]! })))!;
    const workoutId = path.split("/")[3]!;
    const loaded = (await callRoute(workoutLoader, getRequest(path, cookie), { workoutId })) as { screen: { unit: string; exercises: Array<{ id: string }> } };
    expect(loaded.screen.unit).toBe("kg");
    const logged = await callRoute(workoutAction, postForm(path, cookie, { intent: "log-set", workoutExerciseId: loaded.screen.exercises[0]!.id, weight: "102.5", reps: "5" }), { workoutId });
    const [row] = await getDb().select().from(setLog).where(eq(setLog.id, locationOf(logged)!.split("#set-")[1]!));
    expect(row!.weightKg).toBe(102.5);
  });

  it("sends a signed-out save to sign in", async () => {
    const answer = await callRoute(workoutsAction, postForm("/members/workouts", null, { intent: "start-workout" }));
    expect(locationOf(answer)).toMatch(/^\/login/);
  });
});
