/**
 * The Progress section's loader and action functions, as /members?tab=progress calls
 * them, with two real members (better-auth accounts) and a trainer. The HTTP-level
 * test follows once the route is wired. The last block goes through the members route
 * itself, as the Settings tab's unit switch posts to it.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { profile } from "~/db/schema/profiles";
import { fitnessGoal, progressEntry } from "~/db/schema/progress";
import { addDays, todayIn } from "~/lib/time-zone";
import { getMemberProgressForStaff, handleProgressAction, loadProgressSection, progressCsvResponse } from "~/modules/progress/progress.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { action as membersAction, loader as membersLoader } from "~/routes/members";
import { callRoute, getRequest, isDataResult, postForm, signInCookie } from "../support/route-calls";

type Actor = Pick<SessionUser, "id" | "role">;
let memberA: Actor;
let memberB: Actor;
let trainer: Actor;
const today = () => todayIn("Europe/London");
const url = (search = "") => `http://localhost:3000/members?tab=progress${search}`;

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
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
});

const SAVED = { type: "success", title: "Progress saved", description: "Your data has been recorded successfully." };

describe("handleProgressAction", () => {
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
      expect(await handleProgressAction(memberA, form(post))).toEqual({ ok: true, intent: post.intent!, toast: SAVED });
    }

    const overview = await loadProgressSection(memberA, url());
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
    const other = await loadProgressSection(memberB, url());
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
    const fields = { ...raw } as Record<string, string>;
    if (fields.date === "TODAY") fields.date = today();
    if (fields.date === "TOMORROW") fields.date = addDays(today(), 1);
    const result = await handleProgressAction(memberB, form(fields));
    expect(result).toMatchObject({ ok: false, status: 400, message, toast: { type: "error", title: "Failed to save", description: message } });
    expect(await entriesOf(memberB.id)).toEqual(before);
    expect(await goalsOf(memberB.id)).toEqual([]);
  });

  it("refuses an unknown intent with the spec's 'Invalid entry type'", async () => {
    expect(await handleProgressAction(memberA, form({ intent: "log-everything" }))).toMatchObject({
      ok: false,
      status: 400,
      toast: { title: "Invalid entry type", description: "Please try again with a valid entry type." },
    });
    expect(await handleProgressAction(memberA, {})).toMatchObject({ ok: false, status: 400, intent: null });
  });

  it("refuses member B's update and delete of member A's entry and goal (404), changing nothing", async () => {
    const [entry] = await entriesOf(memberA.id);
    const [goal] = await goalsOf(memberA.id);
    const entriesBefore = await entriesOf(memberA.id);
    const goalsBefore = await goalsOf(memberA.id);

    const attempts: Array<Record<string, string>> = [
      { intent: "update-entry", id: entry!.id, value: "100", date: today() },
      { intent: "delete-entry", id: entry!.id },
      { intent: "update-goal", id: goal!.id, status: "completed" },
      { intent: "delete-goal", id: goal!.id },
    ];
    for (const attempt of attempts) {
      const result = await handleProgressAction(memberB, form(attempt));
      expect(result, attempt.intent).toMatchObject({ ok: false, status: 404 });
    }
    expect(await entriesOf(memberA.id)).toEqual(entriesBefore);
    expect(await goalsOf(memberA.id)).toEqual(goalsBefore);
  });

  it("lets the owner edit, complete and delete", async () => {
    const [first] = await entriesOf(memberA.id);
    expect(await handleProgressAction(memberA, form({ intent: "update-entry", id: first!.id, value: "183", date: addDays(today(), -1), notes: "corrected" }))).toMatchObject({
      ok: true,
      toast: SAVED,
    });
    const [goal] = await goalsOf(memberA.id);
    expect((await handleProgressAction(memberA, form({ intent: "update-goal", id: goal!.id, status: "completed" }))).ok).toBe(true);
    expect((await goalsOf(memberA.id))[0]).toMatchObject({ status: "completed" });

    const weights = (await loadProgressSection(memberA, url())).body.weight;
    expect(weights.map((w) => w.value)).toEqual([181, 183]);

    expect(await handleProgressAction(memberA, form({ intent: "delete-entry", id: first!.id }))).toMatchObject({ ok: true, toast: { title: "Entry deleted" } });
    expect(await handleProgressAction(memberA, form({ intent: "delete-goal", id: goal!.id }))).toMatchObject({ ok: true, toast: { title: "Goal deleted" } });
    expect((await loadProgressSection(memberA, url())).body.weight.map((w) => w.value)).toEqual([181]);
    expect(await goalsOf(memberA.id)).toEqual([]);
  });

  it("switches the unit; the loader then shows kg and cm, and the range comes from the URL", async () => {
    expect(await handleProgressAction(memberA, form({ intent: "set-unit", unit: "kg" }))).toMatchObject({ ok: true, toast: { title: "Units updated" } });
    const overview = await loadProgressSection(memberA, url("&range=1y"));
    expect(overview.range).toBe("1y");
    expect(overview.unit).toBe("kg");
    expect(overview.body.weight[0]).toMatchObject({ value: 82.1, unit: "kg" });
    expect(overview.measurements.find((m) => m.site === "chest")!.latest).toMatchObject({ value: 104.1, unit: "cm" });
    expect((await loadProgressSection(memberB, url())).unit).toBe("lbs");
    expect(await handleProgressAction(memberA, form({ intent: "set-unit", unit: "stone" }))).toMatchObject({ ok: false, status: 400, message: "Please choose lbs or kg" });
    await handleProgressAction(memberA, form({ intent: "set-unit", unit: "lbs" }));
  });
});

describe("export and staff view", () => {
  it("downloads the member's own entries as CSV", async () => {
    const response = await progressCsvResponse(memberA);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="progress-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await response.text();
    expect(text).toContain(`Body composition,${today()},Weight,181,lbs`);
    expect(text).toContain("Bench Press,185,lbs,3,8");
    expect((await (await progressCsvResponse(memberB)).text()).trim().split("\r\n")).toHaveLength(1);
  });

  it("shows a trainer member A's progress read-only; a member may not use the staff view", async () => {
    const view = await getMemberProgressForStaff(trainer, memberA.id, { range: "all" });
    expect(view!.member).toMatchObject({ name: "Ada Athlete", email: "progress-a@example.com" });
    expect(view!.overview.body.weight[0]!.value).toBe(181);
    await expect(getMemberProgressForStaff(memberB, memberA.id)).rejects.toMatchObject({ init: { status: 403 } });
  });
});

describe("the unit switch in Settings, through the members route", () => {
  it("refuses an unknown unit with a 400 and a message and changes nothing; lbs or kg is saved and the settings tab shows it", async () => {
    const email = "progress-settings@example.com";
    const created = await createUserWithPassword({ email, password: "progress-pass-1", name: "Sol Settings", role: "member" });
    const cookie = await signInCookie(email, "progress-pass-1");
    const profileOf = () => getDb().select().from(profile).where(eq(profile.userId, created.id));
    const settingsUnit = async () => {
      const loaded = (await callRoute(membersLoader, getRequest("/members?tab=settings", cookie))) as { profile: { weightUnit: string } | null };
      return loaded.profile?.weightUnit;
    };
    const before = await profileOf();
    expect(await settingsUnit()).toBe("lbs");

    const refused = await callRoute(membersAction, postForm("/members?tab=settings", cookie, { intent: "set-unit", unit: "stone" }));
    expect(isDataResult(refused)).toBe(true);
    expect(refused).toMatchObject({ init: { status: 400 }, data: { ok: false, status: 400, message: "Please choose lbs or kg", toast: { type: "error" } } });
    expect(await profileOf()).toEqual(before);
    expect(await settingsUnit()).toBe("lbs");

    const saved = await callRoute(membersAction, postForm("/members?tab=settings", cookie, { intent: "set-unit", unit: "kg" }));
    expect(saved).toMatchObject({ init: { status: 200 }, data: { ok: true, intent: "set-unit", toast: { title: "Units updated", description: "Your progress is now shown in kg and cm." } } });
    expect(await settingsUnit()).toBe("kg");
  });
});
