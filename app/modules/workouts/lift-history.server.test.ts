import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { bestOneRepMaxBefore, bestOneRepMaxBeforeQuery, bestSetPerDayQuery, liftEntries, liftEntriesQuery } from "./lift-history.server";
import { estimatedOneRepMax } from "./one-rep-max";
import { insertTrainingHistory } from "./training-history.fixture";
import { explain } from "../../../tests/support/explain";

let member: string;
let other: string;
const LIFTS = ["bench-press", "squat", "deadlift"];

async function newMember(): Promise<string> {
  const id = `history-${crypto.randomUUID()}`;
  await getDb().insert(user).values({ id, name: "Lifter", email: `${id}@example.com` });
  return id;
}

type Set = [weightKg: number | null, reps: number | null];

/** A workout as the workout screen will log it: several exercises, sets that differ. */
async function performed(userId: string, performedOn: string, exercises: Array<{ exerciseId: string; sets: Set[]; notes?: string }>, at = new Date()) {
  const db = getDb();
  const workoutId = crypto.randomUUID();
  await db.insert(workout).values({ id: workoutId, userId, title: "Session", performedOn, startedAt: at });
  const ids: string[] = [];
  for (const [position, e] of exercises.entries()) {
    const id = crypto.randomUUID();
    ids.push(id);
    await db.insert(workoutExercise).values({ id, workoutId, exerciseId: e.exerciseId, position, status: "done", notes: e.notes ?? "" });
    await db.insert(setLog).values(
      e.sets.map(([weightKg, reps], i) => ({ id: crypto.randomUUID(), workoutExerciseId: id, userId, exerciseId: e.exerciseId, performedOn, setNumber: i + 1, weightKg, reps, loggedAt: at })),
    );
  }
  return ids;
}

beforeEach(async () => {
  member = await newMember();
  other = await newMember();
});

describe("a performance of an exercise: its sets and its best set", () => {
  it("gives each exercise's newest performances with the set count and the set of the best estimate", async () => {
    const [early] = await performed(member, "2025-01-06", [{ exerciseId: "bench-press", sets: [[100, 5]] }], new Date("2025-01-06T08:00:00Z"));
    // 110 × 1 (113.7) loses to 100 × 5 (116.7): the best set is the best estimate, not the heaviest.
    const [bench, squat] = await performed(
      member,
      "2025-01-08",
      [
        { exerciseId: "bench-press", sets: [[60, 10], [100, 5], [110, 1]], notes: "top set felt easy" },
        { exerciseId: "squat", sets: [[140, 3], [140, 3]] },
      ],
      new Date("2025-01-08T08:00:00Z"),
    );
    // A body-weight set has no weight: 0 added weight.
    const [dip] = await performed(member, "2025-01-08", [{ exerciseId: "dip", sets: [[null, 12]] }], new Date("2025-01-08T09:00:00Z"));
    await performed(other, "2025-01-09", [{ exerciseId: "bench-press", sets: [[200, 5]] }]);

    const rows = await liftEntries(member, [...LIFTS, "dip"], 5);
    // Newest first: by date, then by when the sets were logged (the bench press and the squat were logged at once).
    expect(rows[0]).toEqual({ id: dip, exerciseId: "dip", performedOn: "2025-01-08", sets: 1, weightKg: 0, reps: 12, notes: "" });
    expect(rows.slice(1, 3)).toEqual(
      expect.arrayContaining([
        { id: bench, exerciseId: "bench-press", performedOn: "2025-01-08", sets: 3, weightKg: 100, reps: 5, notes: "top set felt easy" },
        { id: squat, exerciseId: "squat", performedOn: "2025-01-08", sets: 2, weightKg: 140, reps: 3, notes: "" },
      ]),
    );
    expect(rows[3]).toEqual({ id: early, exerciseId: "bench-press", performedOn: "2025-01-06", sets: 1, weightKg: 100, reps: 5, notes: "" });
    expect(rows).toHaveLength(4);
    expect((await liftEntries(member, ["bench-press"], 1)).map((r) => r.id)).toEqual([bench]);
    expect(await liftEntries(member, ["overhead-press"], null)).toEqual([]);
  });

  it("gives the best set of each day for the charts, oldest first, from a date on", async () => {
    await performed(member, "2025-02-01", [{ exerciseId: "squat", sets: [[100, 5]] }]);
    await performed(member, "2025-02-03", [{ exerciseId: "squat", sets: [[120, 2], [110, 8]] }]);
    // A second workout the same day: the day's best set is over both.
    await performed(member, "2025-02-03", [{ exerciseId: "squat", sets: [[125, 1]] }]);
    await performed(member, "2025-02-03", [{ exerciseId: "deadlift", sets: [[180, 3]] }]);

    expect(await bestSetPerDayQuery(member, LIFTS, null)).toEqual([
      { exerciseId: "deadlift", performedOn: "2025-02-03", weightKg: 180, reps: 3 },
      { exerciseId: "squat", performedOn: "2025-02-01", weightKg: 100, reps: 5 },
      { exerciseId: "squat", performedOn: "2025-02-03", weightKg: 110, reps: 8 },
    ]);
    expect(await bestSetPerDayQuery(member, ["squat"], "2025-02-02")).toEqual([{ exerciseId: "squat", performedOn: "2025-02-03", weightKg: 110, reps: 8 }]);
    expect(await bestSetPerDayQuery(other, LIFTS, null)).toEqual([]);
  });

  it("gives each exercise's best estimated one-rep max before a date (Epley, as estimatedOneRepMax)", async () => {
    await performed(member, "2025-03-01", [{ exerciseId: "bench-press", sets: [[100, 5], [102.5, 3]] }]);
    await performed(member, "2025-03-05", [{ exerciseId: "bench-press", sets: [[120, 5]] }]);
    // No reps recorded: a single.
    await performed(member, "2025-03-02", [{ exerciseId: "squat", sets: [[150, null]] }]);
    const best = await bestOneRepMaxBefore(member, LIFTS, "2025-03-05");
    expect(new Map(best.map((b) => [b.exerciseId, b.best]))).toEqual(
      new Map([
        ["bench-press", estimatedOneRepMax(100, 5)],
        ["squat", estimatedOneRepMax(150, 1)],
      ]),
    );
  });
});

describe("every history read is a range scan on (user, exercise, date), records on (user, exercise, estimate)", () => {
  it("uses the set logs' index for the entries, the charts and the records", async () => {
    // A few years of three workouts a week of three lifts for several members, then statistics.
    for (const [i, userId] of [member, other, await newMember(), await newMember()].entries()) {
      await insertTrainingHistory({
        userId,
        prefix: `plan-${i}-`,
        start: "2021-01-04",
        until: "2025-01-01",
        weeks: 208,
        exercises: LIFTS.map((exerciseId, j) => ({ exerciseId, weightKg: 100 + j * 20 })),
        sets: 3,
        reps: 5,
      });
    }
    await getDb().execute(sql`analyze`);

    const plans = {
      entries: await explain(liftEntriesQuery(member, LIFTS, 5)),
      entriesAll: await explain(liftEntriesQuery(member, LIFTS, null)),
      series: await explain(bestSetPerDayQuery(member, LIFTS, "2024-09-01")),
      seriesAll: await explain(bestSetPerDayQuery(member, LIFTS, null)),
      best: await explain(bestOneRepMaxBeforeQuery(member, LIFTS, "2024-09-01")),
    };
    for (const [name, plan] of Object.entries(plans)) {
      expect(plan, name).toContain(name === "best" ? "set_logs_user_exercise_estimate_idx" : "set_logs_user_exercise_date_idx");
      expect(plan, name).not.toMatch(/Seq Scan on set_logs/);
    }
    const entries = await liftEntries(member, LIFTS, 5);
    expect(entries).toHaveLength(15);
    expect(entries[0]).toMatchObject({ performedOn: "2024-12-27", sets: 3, reps: 5 });
  });
});
