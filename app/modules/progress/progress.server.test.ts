import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { profile } from "~/db/schema/profiles";
import { fitnessGoal, progressEntry } from "~/db/schema/progress";
import { addDays, todayIn } from "~/lib/time-zone";
import { lbsToKg } from "~/lib/units";
import {
  csvCell,
  deleteEntry,
  deleteGoal,
  exportProgressCsv,
  getMemberProgressForStaff,
  getProgressOverview,
  getProgressSnapshot,
  goalsQuery,
  latestEntriesQuery,
  logBodyComposition,
  logMeasurements,
  logWorkout,
  markPersonalRecords,
  movingAverage,
  priorBestQuery,
  rangeStart,
  seriesQuery,
  setGoal,
  setWeightUnit,
  updateEntry,
  updateGoal,
} from "./progress.server";
import { bodyKinds, exercises, measurementSites } from "./progress.schema";

let sequence = 0;
type Member = { id: string; role: "member" | "trainer" | "admin" };

async function newUser(role: Member["role"] = "member"): Promise<Member> {
  sequence += 1;
  const id = `progress-user-${sequence}`;
  await getDb().insert(user).values({ id, name: `Person ${sequence}`, email: `progress-${sequence}@example.com`, role });
  return { id, role };
}

const today = () => todayIn("Europe/London");

async function entriesOf(userId: string) {
  return getDb().select().from(progressEntry).where(eq(progressEntry.userId, userId)).orderBy(progressEntry.createdAt);
}
async function goalsOf(userId: string) {
  return getDb().select().from(fitnessGoal).where(eq(fitnessGoal.userId, userId));
}

let a: Member;
let b: Member;

beforeEach(async () => {
  a = await newUser();
  b = await newUser();
});

describe("body composition", () => {
  it("stores a weight in kg and shows it back in lbs with its date and notes", async () => {
    const result = await logBodyComposition(a, { type: "weight", value: "180.4", date: today(), notes: "  after breakfast " });
    expect(result.ok).toBe(true);
    const [row] = await entriesOf(a.id);
    expect(row).toMatchObject({ kind: "weight", recordedOn: today(), notes: "after breakfast", sets: null, reps: null });
    expect(row!.value).toBeCloseTo(lbsToKg(180.4), 9);
    const overview = await getProgressOverview(a);
    expect(overview.body.weight).toEqual([
      expect.objectContaining({ value: 180.4, unit: "lbs", recordedOn: today(), notes: "after breakfast", difference: null, direction: null }),
    ]);
  });

  it("stores body fat and muscle mass, each in its own list", async () => {
    expect((await logBodyComposition(a, { type: "body_fat", value: 18.5, date: today() })).ok).toBe(true);
    expect((await logBodyComposition(a, { type: "muscle_mass", value: "150", date: today() })).ok).toBe(true);
    const overview = await getProgressOverview(a);
    expect(overview.body.body_fat.map((e) => [e.value, e.unit])).toEqual([[18.5, "%"]]);
    expect(overview.body.muscle_mass.map((e) => [e.value, e.unit])).toEqual([[150, "lbs"]]);
    expect(overview.body.weight).toEqual([]);
  });

  it.each([
    ["a missing value", { type: "weight", date: "TODAY" }, "value", "Weight is required"],
    ["an empty value", { type: "weight", value: "  ", date: "TODAY" }, "value", "Weight is required"],
    ["a non-numeric value", { type: "weight", value: "heavy", date: "TODAY" }, "value", "Weight must be a number"],
    ["an exponent", { type: "weight", value: "1e3", date: "TODAY" }, "value", "Weight must be a number"],
    ["a negative weight", { type: "weight", value: "-5", date: "TODAY" }, "value", "Weight cannot be negative"],
    ["a zero weight", { type: "weight", value: "0", date: "TODAY" }, "value", "Weight must be more than 0 and at most 1500 lbs"],
    ["a weight over 1500 lbs", { type: "weight", value: "1500.1", date: "TODAY" }, "value", "Weight must be more than 0 and at most 1500 lbs"],
    ["two decimals", { type: "weight", value: "180.25", date: "TODAY" }, "value", "Weight can have at most one decimal place"],
    ["body fat under 1 %", { type: "body_fat", value: "0.9", date: "TODAY" }, "value", "Body fat must be between 1 and 75 %"],
    ["body fat over 75 %", { type: "body_fat", value: "75.1", date: "TODAY" }, "value", "Body fat must be between 1 and 75 %"],
    ["muscle mass of 0", { type: "muscle_mass", value: "0", date: "TODAY" }, "value", "Muscle mass must be more than 0 and at most 1500 lbs"],
    ["an unknown type", { type: "height", value: "180", date: "TODAY" }, "type", "Please choose weight, body fat or muscle mass"],
    ["a missing date", { type: "weight", value: "180" }, "date", "Please choose a date"],
    ["an impossible date", { type: "weight", value: "180", date: "2025-02-30" }, "date", "Please enter a valid date"],
    ["a future date", { type: "weight", value: "180", date: "TOMORROW" }, "date", "The date cannot be in the future"],
    ["notes over 1000 characters", { type: "weight", value: "180", date: "TODAY", notes: "x".repeat(1001) }, "notes", "Notes must be at most 1000 characters"],
  ])("refuses %s and stores nothing", async (_label, raw: Record<string, string>, field, message) => {
    const input = { ...raw, date: raw.date === "TODAY" ? today() : raw.date === "TOMORROW" ? addDays(today(), 1) : raw.date };
    const result = await logBodyComposition(a, input);
    expect(result).toMatchObject({ ok: false, status: 400, message, fieldErrors: { [field]: message } });
    expect(await entriesOf(a.id)).toEqual([]);
  });

  it("checks a kg member's limits in kg (1500 lbs is 680.4 kg)", async () => {
    await setWeightUnit(a, "kg");
    expect(await logBodyComposition(a, { type: "weight", value: "680.5", date: today() })).toMatchObject({
      ok: false,
      message: "Weight must be more than 0 and at most 680.4 kg",
    });
    expect((await logBodyComposition(a, { type: "weight", value: "680.4", date: today() })).ok).toBe(true);
    const [row] = await entriesOf(a.id);
    expect(row!.value).toBe(680.4);
  });

  it("shows the last 4 with the difference from the entry before each and an arrow direction", async () => {
    const values = [200, 198.5, 199, 199, 197.2, 196.4];
    for (const [i, value] of values.entries()) {
      await logBodyComposition(a, { type: "weight", value, date: addDays(today(), i - values.length) });
    }
    const weights = (await getProgressOverview(a)).body.weight;
    expect(weights.map((w) => [w.value, w.difference, w.direction])).toEqual([
      [196.4, -0.8, "down"],
      [197.2, -1.8, "down"],
      [199, 0, "same"],
      [199, 0.5, "up"],
    ]);
  });
});

describe("measurements", () => {
  it("stores one row per site given, converted to cm", async () => {
    const result = await logMeasurements(a, { chest: "40", waist: "32.5", hips: "", date: today(), notes: "morning" });
    expect(result.ok).toBe(true);
    const rows = await entriesOf(a.id);
    expect(rows.map((r) => [r.kind, r.value, r.notes]).sort()).toEqual([
      ["chest", 101.6, "morning"],
      ["waist", 82.55, "morning"],
    ]);
    const overview = await getProgressOverview(a);
    const chest = overview.measurements.find((m) => m.site === "chest")!;
    expect(chest.latest).toMatchObject({ value: 40, unit: "in" });
    expect(overview.measurements.find((m) => m.site === "neck")!.latest).toBeNull();
  });

  it("refuses a form without any measurement with the spec's message", async () => {
    const result = await logMeasurements(a, { chest: "", waist: " ", date: today(), notes: "nothing" });
    expect(result).toMatchObject({ ok: false, status: 400, message: "Please enter at least one measurement" });
    expect(await entriesOf(a.id)).toEqual([]);
  });

  it.each([
    ["a non-numeric site", { chest: "big" }, "chest", "Chest must be a number"],
    ["a site under 1 inch", { waist: "0.5" }, "waist", "Waist must be between 1 and 100 in"],
    ["a site over 100 inches", { hips: "100.5" }, "hips", "Hips must be between 1 and 100 in"],
    ["a negative site", { neck: "-15" }, "neck", "Neck cannot be negative"],
  ])("refuses %s and stores none of the sites", async (_label, site, field, message) => {
    const result = await logMeasurements(a, { chest: "40", ...site, biceps: "15", date: today() });
    expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { [field]: message } });
    expect(await entriesOf(a.id)).toEqual([]);
  });

  it("refuses a future date", async () => {
    const result = await logMeasurements(a, { chest: "40", date: addDays(today(), 1) });
    expect(result).toMatchObject({ ok: false, fieldErrors: { date: "The date cannot be in the future" } });
    expect(await entriesOf(a.id)).toEqual([]);
  });

  it("uses centimetre limits for a kg member", async () => {
    await setWeightUnit(a, "kg");
    expect(await logMeasurements(a, { chest: "255", date: today() })).toMatchObject({ ok: false, fieldErrors: { chest: "Chest must be between 2.5 and 254 cm" } });
    expect((await logMeasurements(a, { chest: "101.6", date: today() })).ok).toBe(true);
    expect((await entriesOf(a.id))[0]!.value).toBe(101.6);
  });

  it("keeps a history of 4 per site, newest first", async () => {
    for (let i = 0; i < 6; i += 1) await logMeasurements(a, { waist: String(36 - i), date: addDays(today(), i - 6) });
    const waist = (await getProgressOverview(a)).measurements.find((m) => m.site === "waist")!;
    expect(waist.history.map((h) => h.value)).toEqual([31, 32, 33, 34]);
    expect(waist.latest!.value).toBe(31);
    expect(waist.history[0]).toMatchObject({ difference: -1, direction: "down" });
  });
});

describe("workouts", () => {
  it("stores a lift with sets, reps and the weight in kg", async () => {
    const result = await logWorkout(a, { exercise: "bench_press", sets: "3", reps: "5", weight: "225", date: today(), notes: "paused" });
    expect(result.ok).toBe(true);
    const [row] = await entriesOf(a.id);
    expect(row).toMatchObject({ kind: "bench_press", sets: 3, reps: 5, notes: "paused" });
    expect(row!.value).toBeCloseTo(lbsToKg(225), 9);
    const bench = (await getProgressOverview(a)).lifts.find((l) => l.exercise === "bench_press")!;
    // Epley: 225 × (1 + 5/30) = 262.5
    expect(bench.entries[0]).toMatchObject({ value: 225, sets: 3, reps: 5, estimatedMax: 262.5, unit: "lbs" });
  });

  it("allows 0 added weight for pull-ups and dips", async () => {
    expect((await logWorkout(a, { exercise: "pull_ups", sets: 4, reps: 8, weight: 0, date: today() })).ok).toBe(true);
  });

  it.each([
    ["an exercise off the list", { exercise: "curls" }, "exercise", "Please choose an exercise from the list"],
    ["missing sets", { sets: "" }, "sets", "Sets is required"],
    ["non-numeric reps", { reps: "five" }, "reps", "Reps must be a number"],
    ["fractional sets", { sets: "2.5" }, "sets", "Sets must be a whole number"],
    ["0 sets", { sets: "0" }, "sets", "Sets must be between 1 and 50"],
    ["51 sets", { sets: "51" }, "sets", "Sets must be between 1 and 50"],
    ["0 reps", { reps: "0" }, "reps", "Reps must be between 1 and 100"],
    ["101 reps", { reps: "101" }, "reps", "Reps must be between 1 and 100"],
    ["a missing weight", { weight: undefined }, "weight", "Weight is required"],
    ["a negative weight", { weight: "-10" }, "weight", "Weight cannot be negative"],
    ["a weight over 1500 lbs", { weight: "1501" }, "weight", "Weight must be between 0 and 1500 lbs"],
    ["a future date", { date: "TOMORROW" }, "date", "The date cannot be in the future"],
  ])("refuses %s and stores nothing", async (_label, change, field, message) => {
    const input: Record<string, unknown> = { exercise: "squat", sets: "5", reps: "5", weight: "315", date: today(), ...change };
    if (input.date === "TOMORROW") input.date = addDays(today(), 1);
    const result = await logWorkout(a, input);
    expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { [field]: message } });
    expect(await entriesOf(a.id)).toEqual([]);
  });

  it("always lists Bench Press and Squat, and other lifts once logged", async () => {
    expect((await getProgressOverview(a)).lifts.map((l) => l.label)).toEqual(["Bench Press", "Squat"]);
    await logWorkout(a, { exercise: "dips", sets: 3, reps: 10, weight: 25, date: today() });
    expect((await getProgressOverview(a)).lifts.map((l) => l.label)).toEqual(["Bench Press", "Squat", "Dips"]);
  });
});

describe("goals", () => {
  it("sets a goal (not started by default) and completes it with a completion time", async () => {
    const created = await setGoal(a, { title: " Bench 100 kg ", description: "By summer", targetDate: addDays(today(), 30) });
    expect(created.ok).toBe(true);
    const [goal] = await goalsOf(a.id);
    expect(goal).toMatchObject({ title: "Bench 100 kg", status: "not_started", completedAt: null, targetDate: addDays(today(), 30) });

    expect((await updateGoal(a, goal!.id, { status: "in_progress" })).ok).toBe(true);
    expect((await goalsOf(a.id))[0]).toMatchObject({ status: "in_progress", title: "Bench 100 kg", completedAt: null });

    expect((await updateGoal(a, goal!.id, { status: "completed" })).ok).toBe(true);
    const done = (await goalsOf(a.id))[0]!;
    expect(done.status).toBe("completed");
    expect(done.completedAt).toBeInstanceOf(Date);

    expect((await updateGoal(a, goal!.id, { status: "in_progress" })).ok).toBe(true);
    expect((await goalsOf(a.id))[0]!.completedAt).toBeNull();
  });

  it.each([
    ["a missing title", { description: "d" }, "title", "Title is required"],
    ["a blank title", { title: "  ", description: "d" }, "title", "Title is required"],
    ["a missing description", { title: "t" }, "description", "Description is required"],
    ["a past target date", { title: "t", description: "d", targetDate: "YESTERDAY" }, "targetDate", "The target date cannot be in the past"],
    ["an unknown status", { title: "t", description: "d", status: "abandoned" }, "status", "Please choose a status"],
  ])("refuses %s", async (_label, raw, field, message) => {
    const input = { ...raw, targetDate: (raw as { targetDate?: string }).targetDate === "YESTERDAY" ? addDays(today(), -1) : undefined };
    expect(await setGoal(a, input)).toMatchObject({ ok: false, status: 400, fieldErrors: { [field]: message } });
    expect(await goalsOf(a.id)).toEqual([]);
  });

  it("accepts today as a target date and keeps an earlier target date that has since passed", async () => {
    expect((await setGoal(a, { title: "Today", description: "d", targetDate: today() })).ok).toBe(true);
    const [goal] = await goalsOf(a.id);
    await getDb().update(fitnessGoal).set({ targetDate: "2020-01-01" }).where(eq(fitnessGoal.id, goal!.id));
    expect((await updateGoal(a, goal!.id, { status: "completed" })).ok).toBe(true);
    expect(await updateGoal(a, goal!.id, { targetDate: "2020-01-02" })).toMatchObject({ ok: false, fieldErrors: { targetDate: "The target date cannot be in the past" } });
  });
});

describe("a member reads and writes only their own entries", () => {
  it("refuses another member's entry for update and delete, changing nothing", async () => {
    await logBodyComposition(b, { type: "weight", value: "150", date: today() });
    const [theirs] = await entriesOf(b.id);

    expect(await updateEntry(a, theirs!.id, { value: "999", date: today() })).toEqual({ ok: false, status: 404, message: "Entry not found" });
    expect(await deleteEntry(a, theirs!.id)).toEqual({ ok: false, status: 404, message: "Entry not found" });
    expect(await entriesOf(b.id)).toEqual([theirs]);

    // A's own reads never include B's rows.
    const overview = await getProgressOverview(a);
    expect(overview.body.weight).toEqual([]);
    expect(overview.charts.body.flatMap((s) => s.points)).toEqual([]);
    expect(await exportProgressCsv(a)).not.toContain("150");
    expect((await getProgressSnapshot(a)).weight).toBeNull();
  });

  it("refuses another member's goal for update and delete", async () => {
    await setGoal(b, { title: "B's goal", description: "private" });
    const [theirs] = await goalsOf(b.id);
    expect(await updateGoal(a, theirs!.id, { status: "completed" })).toEqual({ ok: false, status: 404, message: "Goal not found" });
    expect(await deleteGoal(a, theirs!.id)).toEqual({ ok: false, status: 404, message: "Goal not found" });
    expect(await goalsOf(b.id)).toEqual([theirs]);
    expect((await getProgressOverview(a)).goals).toEqual([]);
  });

  it("ignores a user id smuggled into the input", async () => {
    await logBodyComposition(a, { type: "weight", value: "170", date: today(), userId: b.id });
    await setGoal(a, { title: "Mine", description: "d", userId: b.id });
    expect(await entriesOf(b.id)).toEqual([]);
    expect(await goalsOf(b.id)).toEqual([]);
    expect(await entriesOf(a.id)).toHaveLength(1);
  });
});

describe("editing and deleting own entries", () => {
  it("edits a weight's value, date and notes, keeping its kind", async () => {
    await logBodyComposition(a, { type: "weight", value: "180", date: today() });
    const [entry] = await entriesOf(a.id);
    expect((await updateEntry(a, entry!.id, { value: "181.5", date: addDays(today(), -1), notes: "fixed", type: "body_fat" })).ok).toBe(true);
    const [after] = await entriesOf(a.id);
    expect(after).toMatchObject({ kind: "weight", recordedOn: addDays(today(), -1), notes: "fixed" });
    expect(after!.value).toBeCloseTo(lbsToKg(181.5), 9);
  });

  it("checks an edit by the entry's own rules and changes nothing when it fails", async () => {
    await logBodyComposition(a, { type: "body_fat", value: "20", date: today() });
    await logWorkout(a, { exercise: "deadlift", sets: 1, reps: 3, weight: 405, date: today() });
    const [fat, lift] = await entriesOf(a.id);
    expect(await updateEntry(a, fat!.id, { value: "80", date: today() })).toMatchObject({ ok: false, fieldErrors: { value: "Body fat must be between 1 and 75 %" } });
    expect(await updateEntry(a, lift!.id, { value: "405", reps: "0", sets: "1", date: today() })).toMatchObject({ ok: false, fieldErrors: { reps: "Reps must be between 1 and 100" } });
    expect(await updateEntry(a, lift!.id, { value: "405", reps: "3", sets: "1", date: addDays(today(), 2) })).toMatchObject({ ok: false, fieldErrors: { date: "The date cannot be in the future" } });
    expect(await entriesOf(a.id)).toEqual([fat, lift]);
    expect((await updateEntry(a, lift!.id, { value: "415", reps: "2", sets: "2", date: today() })).ok).toBe(true);
    expect((await entriesOf(a.id))[1]).toMatchObject({ sets: 2, reps: 2 });
  });

  it("deletes an own entry and goal; an unknown id is not found", async () => {
    await logBodyComposition(a, { type: "weight", value: "180", date: today() });
    await setGoal(a, { title: "t", description: "d" });
    const [entry] = await entriesOf(a.id);
    const [goal] = await goalsOf(a.id);
    expect(await deleteEntry(a, entry!.id)).toEqual({ ok: true, id: entry!.id });
    expect(await deleteGoal(a, goal!.id)).toEqual({ ok: true, id: goal!.id });
    expect(await entriesOf(a.id)).toEqual([]);
    expect(await goalsOf(a.id)).toEqual([]);
    expect(await deleteEntry(a, entry!.id)).toMatchObject({ ok: false, status: 404 });
    expect(await deleteEntry(a, { id: "object" })).toMatchObject({ ok: false, status: 404 });
  });
});

describe("units", () => {
  it("switching to kg converts every shown value; the stored values stay as they were", async () => {
    await logBodyComposition(a, { type: "weight", value: "180", date: today() });
    await logBodyComposition(a, { type: "body_fat", value: "20", date: today() });
    await logMeasurements(a, { waist: "32", date: today() });
    await logWorkout(a, { exercise: "squat", sets: 5, reps: 5, weight: "225", date: today() });
    const stored = await entriesOf(a.id);

    expect((await setWeightUnit(a, "kg")).ok).toBe(true);
    const [row] = await getDb().select().from(profile).where(eq(profile.userId, a.id));
    expect(row!.weightUnit).toBe("kg");
    expect(await entriesOf(a.id)).toEqual(stored);

    const overview = await getProgressOverview(a);
    expect(overview.unit).toBe("kg");
    expect(overview.body.weight[0]).toMatchObject({ value: 81.6, unit: "kg" });
    expect(overview.body.body_fat[0]).toMatchObject({ value: 20, unit: "%" });
    expect(overview.measurements.find((m) => m.site === "waist")!.latest).toMatchObject({ value: 81.3, unit: "cm" });
    expect(overview.lifts.find((l) => l.exercise === "squat")!.entries[0]).toMatchObject({ value: 102.1, unit: "kg" });

    await setWeightUnit(a, "lbs");
    expect((await getProgressOverview(a)).body.weight[0]).toMatchObject({ value: 180, unit: "lbs" });
  });

  it("refuses an unknown unit", async () => {
    expect(await setWeightUnit(a, "stone")).toMatchObject({ ok: false, status: 400, message: "Please choose lbs or kg" });
    expect(await getDb().select().from(profile).where(eq(profile.userId, a.id))).toEqual([]);
  });
});

describe("charts", () => {
  it("computes a trailing moving average over up to 7 entries", () => {
    expect(movingAverage([1, 2, 3])).toEqual([1, 1.5, 2]);
    const values = [10, 20, 30, 40, 50, 60, 70, 80, 90];
    expect(movingAverage(values)).toEqual([10, 15, 20, 25, 30, 35, 40, 50, 60]);
  });

  it("marks a personal record only when an estimate beats every earlier one", () => {
    expect(markPersonalRecords([100, 110, 105, 110, 120], null)).toEqual([false, true, false, false, true]);
    expect(markPersonalRecords([100, 130], 120)).toEqual([false, true]);
    expect(markPersonalRecords([0, 0], null)).toEqual([false, false]);
  });

  it("gives weight points with the moving average, lifts' e1RM with records, within the range", async () => {
    for (let i = 0; i < 10; i += 1) await logBodyComposition(a, { type: "weight", value: String(200 - i), date: addDays(today(), i - 9) });
    // An old best outside 4 weeks: the first set in range does not beat it, the second does.
    await logWorkout(a, { exercise: "bench_press", sets: 1, reps: 1, weight: "250", date: addDays(today(), -60) });
    await logWorkout(a, { exercise: "bench_press", sets: 3, reps: 5, weight: "200", date: addDays(today(), -7) });
    await logWorkout(a, { exercise: "bench_press", sets: 3, reps: 5, weight: "225", date: addDays(today(), -1) });

    const overview = await getProgressOverview(a, { range: "4w" });
    const weight = overview.charts.body.find((s) => s.kind === "weight")!;
    expect(weight.points).toHaveLength(10);
    expect(weight.points[0]).toMatchObject({ value: 200, average: 200 });
    // Last point: mean of 197 … 191 = 194.
    expect(weight.points[9]).toMatchObject({ date: today(), value: 191, average: 194 });

    const bench = overview.charts.lifts.find((s) => s.kind === "bench_press")!;
    expect(bench.points.map((p) => [p.value, p.pr])).toEqual([
      [233.3, false],
      [262.5, true],
    ]);
    expect(bench.points[1]).toMatchObject({ weight: 225, reps: 5 });

    const all = await getProgressOverview(a, { range: "all" });
    expect(all.charts.lifts.find((s) => s.kind === "bench_press")!.points.map((p) => p.pr)).toEqual([false, false, true]);
  });

  it("starts the ranges 4 weeks, 3 months and 1 year back", () => {
    expect(rangeStart("4w", "2026-03-10")).toBe("2026-02-10");
    expect(rangeStart("3m", "2026-05-31")).toBe("2026-02-28");
    expect(rangeStart("1y", "2024-02-29")).toBe("2023-02-28");
    expect(rangeStart("all", "2026-01-01")).toBeNull();
  });

  it("an unknown range is 3 months", async () => {
    expect((await getProgressOverview(a, { range: "forever" })).range).toBe("3m");
  });
});

describe("dashboard snapshot", () => {
  it("is empty for a member without data", async () => {
    expect(await getProgressSnapshot(a)).toEqual({ unit: "lbs", weight: null, bodyFat: null, muscleMass: null, goals: [], activeGoals: 0, lastBodyUpdate: null });
  });

  it("holds the latest values in the member's unit, 2 goals, the active count and the last body update", async () => {
    await logBodyComposition(a, { type: "weight", value: "180", date: addDays(today(), -3) });
    await logBodyComposition(a, { type: "weight", value: "178", date: addDays(today(), -2) });
    await logBodyComposition(a, { type: "body_fat", value: "19.5", date: addDays(today(), -2) });
    await logMeasurements(a, { neck: "15", date: addDays(today(), -1) });
    await logWorkout(a, { exercise: "squat", sets: 5, reps: 5, weight: "225", date: today() });
    await setGoal(a, { title: "First", description: "d" });
    await setGoal(a, { title: "Second", description: "d", status: "in_progress" });
    await setGoal(a, { title: "Third", description: "d", status: "completed" });
    await setWeightUnit(a, "kg");

    const snapshot = await getProgressSnapshot(a);
    expect(snapshot).toMatchObject({
      unit: "kg",
      weight: { value: 80.7, unit: "kg", recordedOn: addDays(today(), -2) },
      bodyFat: { value: 19.5, unit: "%" },
      muscleMass: null,
      activeGoals: 2,
      lastBodyUpdate: addDays(today(), -1),
    });
    expect(snapshot.goals.map((g) => g.title)).toEqual(["Second", "First"]);
  });
});

describe("staff view", () => {
  it("lets trainers and admins read a member's progress, not members", async () => {
    await logBodyComposition(a, { type: "weight", value: "180", date: today() });
    const trainer = await newUser("trainer");
    const admin = await newUser("admin");
    for (const staff of [trainer, admin]) {
      const view = await getMemberProgressForStaff(staff, a.id);
      expect(view!.member.id).toBe(a.id);
      expect(view!.overview.body.weight[0]!.value).toBe(180);
    }
    expect(await getMemberProgressForStaff(trainer, "no-such-member")).toBeNull();
    await expect(getMemberProgressForStaff(b, a.id)).rejects.toMatchObject({ init: { status: 403 } });
  });
});

describe("CSV export", () => {
  it("escapes quotes, commas and line breaks, and neutralises formulas", () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe("\"'=HYPERLINK(\"\"http://x\"\")\"");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-5 lbs")).toBe("'-5 lbs");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell(-1.5)).toBe("-1.5");
    expect(csvCell(null)).toBe("");
  });

  it("holds every entry and goal in the member's unit, with a header row", async () => {
    await logBodyComposition(a, { type: "weight", value: "180", date: addDays(today(), -1), notes: "=cmd|' /C calc'!A0" });
    await logMeasurements(a, { chest: "40", date: today(), notes: 'tape "loose", retry' });
    await logWorkout(a, { exercise: "bench_press", sets: 3, reps: 5, weight: "225", date: today() });
    await setGoal(a, { title: "@risk", description: "line one\nline two", targetDate: addDays(today(), 10), status: "in_progress" });

    const lines = (await exportProgressCsv(a)).split("\r\n");
    expect(lines[0]).toBe("Record,Date,Item,Value,Unit,Sets,Reps,Notes,Status,Target date,Completed on");
    expect(lines).toContain(`Body composition,${addDays(today(), -1)},Weight,180,lbs,,,'=cmd|' /C calc'!A0,,,`);
    expect(lines).toContain(`Measurement,${today()},Chest,40,in,,,"tape ""loose"", retry",,,`);
    expect(lines).toContain(`Workout,${today()},Bench Press,225,lbs,3,5,,,,`);
    expect(lines.join("\r\n")).toContain(`Goal,,'@risk,,,,,"line one\nline two",In progress,${addDays(today(), 10)},`);

    await setWeightUnit(a, "kg");
    const kg = await exportProgressCsv(a);
    expect(kg).toContain(`Weight,81.6,kg`);
    expect(kg).toContain(`Chest,101.6,cm`);
  });
});

describe("every overview read is a range scan on (user, kind, date)", () => {
  async function explain(query: SQLWrapper): Promise<string> {
    const result = await getDb().execute(sql`explain ${query}`);
    return (result as unknown as { rows: Array<Record<string, string>> }).rows.map((r) => Object.values(r)[0]).join("\n");
  }

  it("uses the index for latest entries, chart series, prior bests and the snapshot", async () => {
    // Realistic volume: a few years of daily weights for several members, then statistics.
    const db = getDb();
    const members = [a, b, ...(await Promise.all([newUser(), newUser(), newUser()]))];
    for (const m of members) {
      await db.execute(sql`insert into progress_entries (id, user_id, kind, recorded_on, value)
        select ${m.id} || '-w-' || g, ${m.id}, 'weight', date '2020-01-01' + g, 80 + (g % 7) from generate_series(0, 1500) g`);
      await db.execute(sql`insert into progress_entries (id, user_id, kind, recorded_on, value, sets, reps)
        select ${m.id} || '-b-' || g, ${m.id}, 'bench_press', date '2020-01-01' + g * 2, 100, 3, 5 from generate_series(0, 700) g`);
    }
    await db.execute(sql`analyze progress_entries`);

    const kinds = [...bodyKinds, ...measurementSites, ...exercises];
    const plans = {
      latest: await explain(latestEntriesQuery(a.id, kinds, 5)),
      series: await explain(seriesQuery(a.id, kinds, "2023-06-01")),
      seriesAll: await explain(seriesQuery(a.id, kinds, null)),
      priorBest: await explain(priorBestQuery(a.id, "2023-06-01")),
    };
    for (const [name, plan] of Object.entries(plans)) {
      expect(plan, name).toContain("progress_entries_user_kind_date_idx");
      expect(plan, name).not.toMatch(/Seq Scan on progress_entries/);
    }
    // The last entries per kind come straight off the index: no sort of the member's history.
    expect(plans.latest).toMatch(/Index Scan using progress_entries_user_kind_date_idx/);
    expect(plans.latest).not.toMatch(/Sort/);
    // Goals: a few rows per member, read through their own (user, created_at) index.
    await db.execute(sql`insert into fitness_goals (id, user_id, title, description)
      select 'g-' || g, ${b.id}, 't', 'd' from generate_series(1, 2000) g`);
    await db.execute(sql`analyze fitness_goals`);
    expect(await explain(goalsQuery(a.id))).toContain("fitness_goals_user_idx");

    // And the module answers from that data.
    const overview = await getProgressOverview(a, { range: "all" });
    expect(overview.body.weight).toHaveLength(4);
    expect(overview.charts.body.find((s) => s.kind === "weight")!.points).toHaveLength(1501);
    expect(await getDb().select().from(progressEntry).where(and(eq(progressEntry.userId, a.id), eq(progressEntry.kind, "weight")))).toHaveLength(1501);
  });
});
