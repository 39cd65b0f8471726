import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { profile } from "~/db/schema/profiles";
import { addDays } from "~/lib/time-zone";
import { logBodyComposition, logMeasurements, logWorkout } from "./progress-entries.server";
import { setGoal } from "./progress-goals.server";
import { getMemberProgressForStaff, getProgressOverview, getProgressSnapshot } from "./progress-overview.server";
import { entriesOf, newUser, refusal, today, useUnit, type Member } from "./progress-test-support";

let a: Member;
let b: Member;

beforeEach(async () => {
  a = await newUser();
  b = await newUser();
});

describe("units", () => {
  it("switching to kg converts every shown value; the stored values stay as they were", async () => {
    await logBodyComposition(a, { type: "weight", value: "180", date: today() });
    await logBodyComposition(a, { type: "body_fat", value: "20", date: today() });
    await logMeasurements(a, { waist: "32", date: today() });
    await logWorkout(a, { exercise: "squat", sets: 5, reps: 5, weight: "225", date: today() });
    const stored = await entriesOf(a.id);

    await useUnit(a, "kg");
    const [row] = await getDb().select().from(profile).where(eq(profile.userId, a.id));
    expect(row!.weightUnit).toBe("kg");
    expect(await entriesOf(a.id)).toEqual(stored);

    const overview = await getProgressOverview(a);
    expect(overview.unit).toBe("kg");
    expect(overview.body.weight[0]).toMatchObject({ value: 81.6, unit: "kg" });
    expect(overview.body.body_fat[0]).toMatchObject({ value: 20, unit: "%" });
    expect(overview.measurements.find((m) => m.site === "waist")!.latest).toMatchObject({ value: 81.3, unit: "cm" });
    expect(overview.lifts.find((l) => l.exercise === "squat")!.entries[0]).toMatchObject({ value: 102.1, unit: "kg" });

    await useUnit(a, "lbs");
    expect((await getProgressOverview(a)).body.weight[0]).toMatchObject({ value: 180, unit: "lbs" });
  });
});

describe("charts", () => {
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
    await useUnit(a, "kg");

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
    // Only members have a progress view: a staff account is 'not found' like an unknown id.
    for (const id of ["no-such-member", admin.id, trainer.id]) expect(await refusal(getMemberProgressForStaff(trainer, id))).toEqual({ status: 404, message: "Member not found", fieldErrors: {} });
    await expect(getMemberProgressForStaff(b, a.id)).rejects.toMatchObject({ init: { status: 403 } });
  });

  it("shows the member's progress in the member's unit, not the coach's", async () => {
    await useUnit(a, "kg");
    await logBodyComposition(a, { type: "weight", value: "81.5", date: today() });
    const trainer = await newUser("trainer");
    const view = await getMemberProgressForStaff(trainer, a.id);
    expect(view.overview.unit).toBe("kg");
    expect(view.overview.body.weight[0]).toMatchObject({ value: 81.5, unit: "kg" });
  });
});
