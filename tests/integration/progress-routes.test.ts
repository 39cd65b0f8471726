/**
 * The Progress screen's loader and action as React Router calls them
 * (/members/progress), with two real members (better-auth accounts and sign-in
 * cookies) and a trainer: the spec's toasts, the refusals, the unit switch (Settings
 * posts to the same action) and the CSV download.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { profile } from "~/db/schema/profiles";
import { fitnessGoal, progressEntry } from "~/db/schema/progress";
import type { ActionFailure } from "~/lib/action.server";
import { addDays, todayIn } from "~/lib/time-zone";
import { getMemberProgressForStaff } from "~/modules/progress/progress-overview.server";
import type { ProgressOverview } from "~/modules/progress/progress-types";
import { createUserWithPassword } from "~/modules/users/users.server";
import { performedOf } from "~/modules/workouts/workouts.test-support";
import { middleware as membersMiddleware } from "~/routes/members";
import { action as progressRouteAction, loader as progressRouteLoader } from "~/routes/members.progress";
import { loader as settingsRouteLoader } from "~/routes/members.settings";
import { loader as csvLoader } from "~/routes/members.progress[.]csv";
import { failureToast } from "~/views/progress/progress-answers";
import { callRoute, getRequest, postForm, signInCookie, type DataResult, underLayout } from "../support/route-calls";

// The screens run under the member layout's middleware, as React Router runs them.
const progressAction = underLayout(membersMiddleware, progressRouteAction);
const progressLoader = underLayout(membersMiddleware, progressRouteLoader);
const settingsLoader = underLayout(membersMiddleware, settingsRouteLoader);

type Actor = Pick<SessionUser, "id" | "role">;
let memberA: Actor;
let memberB: Actor;
let trainer: Actor;
const cookies = { a: "", b: "" };
const today = () => todayIn("Europe/London");

/** The action's answer: its status and body (success or failure). */
async function save(who: "a" | "b", fields: Record<string, string>) {
  const result = (await callRoute(progressAction, postForm("/members/progress", cookies[who], fields))) as DataResult<Record<string, unknown>>;
  return { status: result.init?.status ?? 200, data: result.data };
}

async function overviewOf(who: "a" | "b", search = ""): Promise<ProgressOverview> {
  const loaded = (await callRoute(progressLoader, getRequest(`/members/progress${search}`, cookies[who]))) as { overview: ProgressOverview };
  return loaded.overview;
}

const entriesOf = (userId: string) => getDb().select().from(progressEntry).where(eq(progressEntry.userId, userId)).orderBy(progressEntry.createdAt);
const goalsOf = (userId: string) => getDb().select().from(fitnessGoal).where(eq(fitnessGoal.userId, userId));

beforeAll(async () => {
  const a = await createUserWithPassword({ email: "progress-a@example.com", password: "progress-pass-1", name: "Ada Athlete", role: "member" });
  const b = await createUserWithPassword({ email: "progress-b@example.com", password: "progress-pass-1", name: "Ben Builder", role: "member" });
  const t = await createUserWithPassword({ email: "progress-t@example.com", password: "progress-pass-1", name: "Tia Trainer", role: "trainer" });
  memberA = { id: a.id, role: "member" };
  memberB = { id: b.id, role: "member" };
  trainer = { id: t.id, role: "trainer" };
  cookies.a = await signInCookie("progress-a@example.com", "progress-pass-1");
  cookies.b = await signInCookie("progress-b@example.com", "progress-pass-1");
});

const SAVED = { type: "success", title: "Progress saved", description: "Your data has been recorded successfully." };

describe("the Progress action and loader", () => {
  it("logs each entry type and a goal with the spec's success toast; the loader shows them", async () => {
    const posts: Array<Record<string, string>> = [
      { intent: "log-body", type: "weight", value: "182.4", date: addDays(today(), -1) },
      { intent: "log-body", type: "weight", value: "181", date: today() },
      { intent: "log-body", type: "body_fat", value: "18.2", date: today() },
      { intent: "log-measurements", chest: "41", waist: "33.5", date: today() },
      { intent: "log-workout", exercise: "bench_press", sets: "3", reps: "8", weight: "185", date: today() },
      { intent: "set-goal", title: "Lose 10 lbs", description: "Before the holidays", targetDate: addDays(today(), 40), status: "in_progress" },
    ];
    for (const post of posts) {
      expect(await save("a", post)).toEqual({ status: 200, data: { ok: true, intent: post.intent!, toast: SAVED } });
    }

    const overview = await overviewOf("a");
    expect(overview.body.weight.map((w) => [w.value, w.difference, w.direction])).toEqual([
      [181, -1.4, "down"],
      [182.4, null, null],
    ]);
    expect(overview.body.body_fat[0]).toMatchObject({ value: 18.2, unit: "%" });
    expect(overview.measurements.filter((m) => m.latest).map((m) => [m.label, m.latest!.value, m.latest!.unit])).toEqual([
      ["Chest", 41, "in"],
      ["Waist", 33.5, "in"],
    ]);
    expect(overview.lifts.find((l) => l.exercise === "bench_press")!.entries[0]).toMatchObject({ value: 185, sets: 3, reps: 8 });
    expect(overview.goals).toEqual([expect.objectContaining({ title: "Lose 10 lbs", status: "in_progress", statusLabel: "In progress" })]);
    expect(overview.charts.body.find((s) => s.kind === "weight")!.points).toHaveLength(2);
    // Member B sees none of it.
    const other = await overviewOf("b");
    expect(other.body.weight).toEqual([]);
    expect(other.goals).toEqual([]);
  });

  it.each([
    ["a missing weight", { intent: "log-body", type: "weight", value: "", date: "TODAY" }, "Weight is required"],
    ["a negative weight", { intent: "log-body", type: "weight", value: "-1", date: "TODAY" }, "Weight cannot be negative"],
    ["a future date", { intent: "log-body", type: "body_fat", value: "20", date: "TOMORROW" }, "The date cannot be in the future"],
    ["no measurement at all", { intent: "log-measurements", date: "TODAY" }, "Please enter at least one measurement"],
    ["reps out of range", { intent: "log-workout", exercise: "squat", sets: "3", reps: "101", weight: "200", date: "TODAY" }, "Reps must be between 1 and 100"],
    ["a goal without a title", { intent: "set-goal", title: "", description: "d" }, "Title is required"],
  ])("answers %s with a 400, the message and 'Failed to save', changing nothing", async (_label, raw, message) => {
    const before = await entriesOf(memberB.id);
    const liftsBefore = await performedOf(memberB.id);
    const fields = { ...raw } as Record<string, string>;
    if (fields.date === "TODAY") fields.date = today();
    if (fields.date === "TOMORROW") fields.date = addDays(today(), 1);
    const result = await save("b", fields);
    expect(result).toMatchObject({ status: 400, data: { ok: false, status: 400 } });
    expect(failureToast(result.data as unknown as ActionFailure)).toEqual({ type: "error", title: "Failed to save", description: message });
    expect(await entriesOf(memberB.id)).toEqual(before);
    expect(await performedOf(memberB.id)).toEqual(liftsBefore);
    expect(await goalsOf(memberB.id)).toEqual([]);
  });

  it("refuses an unknown intent with the spec's 'Invalid entry type'", async () => {
    const unknown = await save("a", { intent: "log-everything" });
    expect(unknown).toMatchObject({ status: 400, data: { ok: false, intent: "log-everything" } });
    expect(failureToast(unknown.data as unknown as ActionFailure)).toEqual({ type: "error", title: "Invalid entry type", description: "Please try again with a valid entry type." });
    expect(await save("a", {})).toMatchObject({ status: 400, data: { ok: false, intent: null, title: "Invalid entry type" } });
  });

  it("refuses member B's update and delete of member A's entry, lift and goal (404), changing nothing", async () => {
    const [entry] = await entriesOf(memberA.id);
    const [lift] = await performedOf(memberA.id);
    const [goal] = await goalsOf(memberA.id);
    const entriesBefore = await entriesOf(memberA.id);
    const liftsBefore = await performedOf(memberA.id);
    const goalsBefore = await goalsOf(memberA.id);

    const attempts: Array<Record<string, string>> = [
      { intent: "update-entry", id: entry!.id, value: "100", date: today() },
      { intent: "delete-entry", id: entry!.id },
      { intent: "update-entry", id: lift!.id, value: "100", sets: "1", reps: "1", date: today() },
      { intent: "delete-entry", id: lift!.id },
      { intent: "update-goal", id: goal!.id, status: "completed" },
      { intent: "delete-goal", id: goal!.id },
    ];
    for (const attempt of attempts) {
      const result = await save("b", attempt);
      expect(result, attempt.intent).toMatchObject({ status: 404, data: { ok: false } });
    }
    expect(await entriesOf(memberA.id)).toEqual(entriesBefore);
    expect(await performedOf(memberA.id)).toEqual(liftsBefore);
    expect(await goalsOf(memberA.id)).toEqual(goalsBefore);
  });

  it("lets the owner edit, complete and delete", async () => {
    const [first] = await entriesOf(memberA.id);
    expect(await save("a", { intent: "update-entry", id: first!.id, value: "183", date: addDays(today(), -1), notes: "corrected" })).toMatchObject({
      status: 200,
      data: { ok: true, toast: SAVED },
    });
    const [goal] = await goalsOf(memberA.id);
    expect(await save("a", { intent: "update-goal", id: goal!.id, status: "completed" })).toMatchObject({ status: 200, data: { ok: true, toast: SAVED } });
    expect((await goalsOf(memberA.id))[0]).toMatchObject({ status: "completed" });

    const weights = (await overviewOf("a")).body.weight;
    expect(weights.map((w) => w.value)).toEqual([181, 183]);

    expect(await save("a", { intent: "delete-entry", id: first!.id })).toMatchObject({
      data: { ok: true, toast: { title: "Entry deleted", description: "The entry has been removed from your progress." } },
    });
    expect(await save("a", { intent: "delete-goal", id: goal!.id })).toMatchObject({ data: { ok: true, toast: { title: "Goal deleted", description: "The goal has been removed." } } });
    expect((await overviewOf("a")).body.weight.map((w) => w.value)).toEqual([181]);
    expect(await goalsOf(memberA.id)).toEqual([]);
  });

  it("switches the unit; the loader then shows kg and cm, and the range comes from the URL", async () => {
    expect(await save("a", { intent: "set-unit", unit: "kg" })).toMatchObject({ status: 200, data: { ok: true, toast: { title: "Units updated", description: "Your progress is now shown in kg and cm." } } });
    const overview = await overviewOf("a", "?range=1y");
    expect(overview.range).toBe("1y");
    expect(overview.unit).toBe("kg");
    expect(overview.body.weight[0]).toMatchObject({ value: 82.1, unit: "kg" });
    expect(overview.measurements.find((m) => m.site === "chest")!.latest).toMatchObject({ value: 104.1, unit: "cm" });
    expect((await overviewOf("b")).unit).toBe("lbs");
    const refused = await save("a", { intent: "set-unit", unit: "stone" });
    expect(refused).toMatchObject({ status: 400, data: { ok: false, fieldErrors: { unit: "Please choose lbs or kg" } } });
    expect(failureToast(refused.data as unknown as ActionFailure)).toEqual({ type: "error", title: "Failed to save", description: "Please choose lbs or kg" });
    expect(await save("a", { intent: "set-unit", unit: "lbs" })).toMatchObject({ data: { ok: true, toast: { description: "Your progress is now shown in lbs and inches." } } });
  });
});

describe("export and staff view", () => {
  it("downloads the member's own entries as CSV", async () => {
    const response = (await callRoute(csvLoader, getRequest("/members/progress.csv", cookies.a))) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="progress-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await response.text();
    expect(text).toContain(`Body composition,${today()},Weight,181,lbs`);
    expect(text).toContain("Bench Press,185,lbs,3,8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const other = (await callRoute(csvLoader, getRequest("/members/progress.csv", cookies.b))) as Response;
    expect((await other.text()).trim().split("\r\n")).toHaveLength(1);
  });

  it("shows a trainer member A's progress read-only; a member may not use the staff view", async () => {
    const view = await getMemberProgressForStaff(trainer, memberA.id, { range: "all" });
    expect(view.member).toMatchObject({ name: "Ada Athlete", email: "progress-a@example.com" });
    expect(view.overview.body.weight[0]!.value).toBe(181);
    await expect(getMemberProgressForStaff(memberB, memberA.id)).rejects.toMatchObject({ init: { status: 403 } });
  });
});

describe("the unit switch in Settings, through the Progress action", () => {
  it("refuses an unknown unit with a 400 and a message and changes nothing; lbs or kg is saved and the settings tab shows it", async () => {
    const email = "progress-settings@example.com";
    const created = await createUserWithPassword({ email, password: "progress-pass-1", name: "Sol Settings", role: "member" });
    const cookie = await signInCookie(email, "progress-pass-1");
    const profileOf = () => getDb().select().from(profile).where(eq(profile.userId, created.id));
    const settingsUnit = async () => {
      const loaded = (await callRoute(settingsLoader, getRequest("/members/settings", cookie))) as { profile: { weightUnit: string } | null };
      return loaded.profile?.weightUnit;
    };
    const post = async (unit: string) => (await callRoute(progressAction, postForm("/members/progress", cookie, { intent: "set-unit", unit }))) as DataResult;
    const before = await profileOf();
    expect(await settingsUnit()).toBe("lbs");

    expect(await post("stone")).toMatchObject({ init: { status: 400 }, data: { ok: false, status: 400, fieldErrors: { unit: "Please choose lbs or kg" } } });
    expect(await profileOf()).toEqual(before);
    expect(await settingsUnit()).toBe("lbs");

    expect(await post("kg")).toMatchObject({ data: { ok: true, intent: "set-unit", toast: { title: "Units updated", description: "Your progress is now shown in kg and cm." } } });
    expect(await settingsUnit()).toBe("kg");
  });
});
