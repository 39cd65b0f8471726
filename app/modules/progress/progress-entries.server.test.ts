import { beforeEach, describe, expect, it } from "vitest";
import { addDays } from "~/lib/time-zone";
import { lbsToKg } from "~/lib/units";
import { performedOf } from "~/modules/workouts/workouts.test-support";
import { exportProgressCsv } from "./progress-csv.server";
import { deleteEntry, logBodyComposition, logMeasurements, logWorkout, updateEntry } from "./progress-entries.server";
import { deleteGoal, setGoal } from "./progress-goals.server";
import { getProgressOverview, getProgressSnapshot } from "./progress-overview.server";
import { entriesOf, goalsOf, newUser, refusal, today, useUnit, type Member } from "./progress-test-support";

let a: Member;
let b: Member;

beforeEach(async () => {
  a = await newUser();
  b = await newUser();
});

describe("body composition", () => {
  it("stores a weight in kg and shows it back in lbs with its date and notes", async () => {
    const result = await logBodyComposition(a, { type: "weight", value: "180.4", date: today(), notes: "  after breakfast " });
    expect(result.id).toEqual(expect.any(String));
    const [row] = await entriesOf(a.id);
    expect(row).toMatchObject({ kind: "weight", recordedOn: today(), notes: "after breakfast", sets: null, reps: null });
    expect(row!.value).toBeCloseTo(lbsToKg(180.4), 9);
    const overview = await getProgressOverview(a);
    expect(overview.body.weight).toEqual([
      expect.objectContaining({ value: 180.4, unit: "lbs", recordedOn: today(), notes: "after breakfast", difference: null, direction: null }),
    ]);
  });

  it("stores body fat and muscle mass, each in its own list", async () => {
    expect((await logBodyComposition(a, { type: "body_fat", value: 18.5, date: today() })).id).toEqual(expect.any(String));
    expect((await logBodyComposition(a, { type: "muscle_mass", value: "150", date: today() })).id).toEqual(expect.any(String));
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
    const result = await refusal(logBodyComposition(a, input));
    expect(result).toMatchObject({ status: 400, message, fieldErrors: { [field]: message } });
    expect(await entriesOf(a.id)).toEqual([]);
  });

  it("checks a kg member's limits in kg (1500 lbs is 680.4 kg)", async () => {
    await useUnit(a, "kg");
    expect(await refusal(logBodyComposition(a, { type: "weight", value: "680.5", date: today() }))).toMatchObject({
      message: "Weight must be more than 0 and at most 680.4 kg",
    });
    expect((await logBodyComposition(a, { type: "weight", value: "680.4", date: today() })).id).toEqual(expect.any(String));
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
    expect(result.id).toEqual(expect.any(String));
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
    const result = await refusal(logMeasurements(a, { chest: "", waist: " ", date: today(), notes: "nothing" }));
    expect(result).toMatchObject({ status: 400, message: "Please enter at least one measurement" });
    expect(await entriesOf(a.id)).toEqual([]);
  });

  it.each([
    ["a non-numeric site", { chest: "big" }, "chest", "Chest must be a number"],
    ["a site under 1 inch", { waist: "0.5" }, "waist", "Waist must be between 1 and 100 in"],
    ["a site over 100 inches", { hips: "100.5" }, "hips", "Hips must be between 1 and 100 in"],
    ["a negative site", { neck: "-15" }, "neck", "Neck cannot be negative"],
  ])("refuses %s and stores none of the sites", async (_label, site, field, message) => {
    const result = await refusal(logMeasurements(a, { chest: "40", ...site, biceps: "15", date: today() }));
    expect(result).toMatchObject({ status: 400, fieldErrors: { [field]: message } });
    expect(await entriesOf(a.id)).toEqual([]);
  });

  it("refuses a future date", async () => {
    const result = await refusal(logMeasurements(a, { chest: "40", date: addDays(today(), 1) }));
    expect(result).toMatchObject({ fieldErrors: { date: "The date cannot be in the future" } });
    expect(await entriesOf(a.id)).toEqual([]);
  });

  it("uses centimetre limits for a kg member", async () => {
    await useUnit(a, "kg");
    expect(await refusal(logMeasurements(a, { chest: "255", date: today() }))).toMatchObject({ fieldErrors: { chest: "Chest must be between 2.5 and 254 cm" } });
    expect((await logMeasurements(a, { chest: "101.6", date: today() })).id).toEqual(expect.any(String));
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
    expect(result.id).toEqual(expect.any(String));
    // One set model: an ad-hoc workout with the bench press and its three sets.
    expect(await entriesOf(a.id)).toEqual([]);
    const [lift] = await performedOf(a.id);
    expect(lift).toMatchObject({ id: result.id, title: "Bench Press", exerciseId: "bench-press", performedOn: today(), notes: "paused" });
    expect(lift!.sets.map((s) => [s.setNumber, s.reps, s.performedOn])).toEqual([
      [1, 5, today()],
      [2, 5, today()],
      [3, 5, today()],
    ]);
    for (const set of lift!.sets) expect(set.weightKg).toBeCloseTo(lbsToKg(225), 9);
    const bench = (await getProgressOverview(a)).lifts.find((l) => l.exercise === "bench_press")!;
    // Epley: 225 × (1 + 5/30) = 262.5
    expect(bench.entries[0]).toMatchObject({ value: 225, sets: 3, reps: 5, estimatedMax: 262.5, unit: "lbs" });
  });

  it("allows 0 added weight for pull-ups and dips", async () => {
    expect((await logWorkout(a, { exercise: "pull_ups", sets: 4, reps: 8, weight: 0, date: today() })).id).toEqual(expect.any(String));
  });

  it.each([
    ["an exercise off the list", { exercise: "curls" }, "exercise", "Please choose an exercise from the list"],
    ["missing sets", { sets: "" }, "sets", "Sets is required"],
    ["non-numeric reps", { reps: "five" }, "reps", "Reps must be a number"],
    ["fractional sets", { sets: "2.5" }, "sets", "Sets must be a whole number"],
    ["0 sets", { sets: "0" }, "sets", "Sets must be between 1 and 30"],
    ["31 sets (an exercise's limit)", { sets: "31" }, "sets", "Sets must be between 1 and 30"],
    ["0 reps", { reps: "0" }, "reps", "Reps must be between 1 and 100"],
    ["101 reps", { reps: "101" }, "reps", "Reps must be between 1 and 100"],
    ["a missing weight", { weight: undefined }, "weight", "Weight is required"],
    ["a negative weight", { weight: "-10" }, "weight", "Weight cannot be negative"],
    ["a weight over 1500 lbs", { weight: "1501" }, "weight", "Weight must be between 0 and 1500 lbs"],
    ["a future date", { date: "TOMORROW" }, "date", "The date cannot be in the future"],
  ])("refuses %s and stores nothing", async (_label, change, field, message) => {
    const input: Record<string, unknown> = { exercise: "squat", sets: "5", reps: "5", weight: "315", date: today(), ...change };
    if (input.date === "TOMORROW") input.date = addDays(today(), 1);
    const result = await refusal(logWorkout(a, input));
    expect(result).toMatchObject({ status: 400, fieldErrors: { [field]: message } });
    expect(await entriesOf(a.id)).toEqual([]);
    expect(await performedOf(a.id)).toEqual([]);
  });

  it("always lists Bench Press and Squat, and other lifts once logged", async () => {
    expect((await getProgressOverview(a)).lifts.map((l) => l.label)).toEqual(["Bench Press", "Squat"]);
    await logWorkout(a, { exercise: "dips", sets: 3, reps: 10, weight: 25, date: today() });
    expect((await getProgressOverview(a)).lifts.map((l) => l.label)).toEqual(["Bench Press", "Squat", "Dips"]);
  });
});

describe("a member reads and writes only their own entries", () => {
  it("refuses another member's entry for update and delete, changing nothing", async () => {
    await logBodyComposition(b, { type: "weight", value: "150", date: today() });
    const [theirs] = await entriesOf(b.id);

    expect(await refusal(updateEntry(a, theirs!.id, { value: "999", date: today() }))).toEqual({ status: 404, message: "Entry not found", fieldErrors: {} });
    expect(await refusal(deleteEntry(a, theirs!.id))).toEqual({ status: 404, message: "Entry not found", fieldErrors: {} });
    expect(await entriesOf(b.id)).toEqual([theirs]);

    // A's own reads never include B's rows.
    const overview = await getProgressOverview(a);
    expect(overview.body.weight).toEqual([]);
    expect(overview.charts.body.flatMap((s) => s.points)).toEqual([]);
    expect(await exportProgressCsv(a)).not.toContain("150");
    expect((await getProgressSnapshot(a)).weight).toBeNull();
  });

  it("refuses another member's lift for update and delete, changing nothing", async () => {
    const { id } = await logWorkout(b, { exercise: "bench_press", sets: 3, reps: 5, weight: 225, date: today(), notes: "mine" });
    const theirs = await performedOf(b.id);

    expect(await refusal(updateEntry(a, id, { value: "999", sets: "1", reps: "1", date: today() }))).toEqual({ status: 404, message: "Entry not found", fieldErrors: {} });
    expect(await refusal(deleteEntry(a, id))).toEqual({ status: 404, message: "Entry not found", fieldErrors: {} });
    expect(await performedOf(b.id)).toEqual(theirs);

    const overview = await getProgressOverview(a);
    expect(overview.lifts.flatMap((l) => l.entries)).toEqual([]);
    expect(overview.charts.lifts).toEqual([]);
    expect(await exportProgressCsv(a)).not.toContain("Bench Press,225");
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
    expect((await updateEntry(a, entry!.id, { value: "181.5", date: addDays(today(), -1), notes: "fixed", type: "body_fat" })).id).toEqual(expect.any(String));
    const [after] = await entriesOf(a.id);
    expect(after).toMatchObject({ kind: "weight", recordedOn: addDays(today(), -1), notes: "fixed" });
    expect(after!.value).toBeCloseTo(lbsToKg(181.5), 9);
  });

  it("checks an edit by the entry's own rules and changes nothing when it fails", async () => {
    await logBodyComposition(a, { type: "body_fat", value: "20", date: today() });
    await logWorkout(a, { exercise: "deadlift", sets: 1, reps: 3, weight: 405, date: today() });
    const [fat] = await entriesOf(a.id);
    const lifts = await performedOf(a.id);
    const lift = lifts[0]!;
    expect(await refusal(updateEntry(a, fat!.id, { value: "80", date: today() }))).toMatchObject({ fieldErrors: { value: "Body fat must be between 1 and 75 %" } });
    expect(await refusal(updateEntry(a, lift.id, { value: "405", reps: "0", sets: "1", date: today() }))).toMatchObject({ fieldErrors: { reps: "Reps must be between 1 and 100" } });
    expect(await refusal(updateEntry(a, lift.id, { value: "405", reps: "3", sets: "1", date: addDays(today(), 2) }))).toMatchObject({ fieldErrors: { date: "The date cannot be in the future" } });
    expect(await refusal(updateEntry(a, lift.id, { value: "1501", reps: "3", sets: "1", date: today() }))).toMatchObject({ fieldErrors: { value: "Weight must be between 0 and 1500 lbs" } });
    expect(await entriesOf(a.id)).toEqual([fat]);
    expect(await performedOf(a.id)).toEqual(lifts);
    expect((await updateEntry(a, lift.id, { value: "415", reps: "2", sets: "2", date: addDays(today(), -1), notes: "grip" })).id).toBe(lift.id);
    const [edited] = await performedOf(a.id);
    expect(edited).toMatchObject({ id: lift.id, performedOn: addDays(today(), -1), notes: "grip" });
    expect(edited!.sets.map((s) => [s.setNumber, s.reps, s.performedOn])).toEqual([
      [1, 2, addDays(today(), -1)],
      [2, 2, addDays(today(), -1)],
    ]);
    expect(edited!.sets[0]!.weightKg).toBeCloseTo(lbsToKg(415), 9);
    const deadlift = (await getProgressOverview(a)).lifts.find((l) => l.exercise === "deadlift")!;
    expect(deadlift.entries[0]).toMatchObject({ id: lift.id, value: 415, sets: 2, reps: 2, recordedOn: addDays(today(), -1), notes: "grip" });
  });

  it("deletes an own entry and goal; an unknown id is not found", async () => {
    await logBodyComposition(a, { type: "weight", value: "180", date: today() });
    await setGoal(a, { title: "t", description: "d" });
    const [entry] = await entriesOf(a.id);
    const [goal] = await goalsOf(a.id);
    expect(await deleteEntry(a, entry!.id)).toEqual({ id: entry!.id });
    expect(await deleteGoal(a, goal!.id)).toEqual({ id: goal!.id });
    expect(await entriesOf(a.id)).toEqual([]);
    expect(await goalsOf(a.id)).toEqual([]);
    expect(await refusal(deleteEntry(a, entry!.id))).toMatchObject({ status: 404 });
    expect(await refusal(deleteEntry(a, { id: "object" }))).toMatchObject({ status: 404 });
  });

  it("deletes an own lift with its sets and its workout", async () => {
    const { id } = await logWorkout(a, { exercise: "squat", sets: 5, reps: 5, weight: 315, date: today() });
    expect(await deleteEntry(a, id)).toEqual({ id });
    expect(await performedOf(a.id)).toEqual([]);
    expect((await getProgressOverview(a)).lifts.find((l) => l.exercise === "squat")!.entries).toEqual([]);
    expect(await refusal(deleteEntry(a, id))).toEqual({ status: 404, message: "Entry not found", fieldErrors: {} });
  });
});
