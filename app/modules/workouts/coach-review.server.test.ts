/**
 * The coach's review of a member on the real database: program progress, done and missed
 * days, weekly compliance, finished workouts with their sets in the staff member's unit,
 * personal records, who may read it, and that every set-log read is an index scan.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { setLog, workout, workoutExercise } from "~/db/schema/workouts";
import { AppError } from "~/lib/app-error";
import { addDays, todayIn } from "~/lib/time-zone";
import { loadProgram } from "~/modules/programs/program-read.server";
import { addBlock, addDay, addWeek } from "~/modules/programs/program-structure.server";
import { createProgram } from "~/modules/programs/programs.server";
import { MEMBER_NOT_FOUND } from "~/modules/users/member-account.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { finishedWorkoutSetCountsQuery, finishedWorkoutsQuery, recordSetsQuery, workoutExercisesQuery, workoutSetsQuery } from "./coach-review-queries.server";
import { getMemberTrainingForStaff } from "./coach-review.server";
import { REVIEW_WORKOUTS } from "./coach-review-types";
import { insertTrainingHistory } from "./training-history.fixture";
import { commentOnWorkout } from "./workout-comments.server";
import { assignAndRun } from "~/modules/programs/programs.test-support";
import { explain } from "../../../tests/support/explain";

let trainer: SessionUser;
let admin: SessionUser;
let member: SessionUser;
let other: SessionUser;
const today = todayIn("Europe/London");

const asActor = (u: { id: string; email: string; name: string }, role: SessionUser["role"], weightUnit: SessionUser["weightUnit"]): SessionUser => ({ id: u.id, email: u.email, name: u.name, role, profileComplete: true, weightUnit });

type Set = [weightKg: number | null, reps: number | null];

/** A workout as the workout screen logs it: its exercises and sets, finished (or not) an hour after it started. */
async function performed(userId: string, performedOn: string, exercises: Array<{ exerciseId: string; sets: Set[] }>, options: { programDayId?: string; finished?: boolean; title?: string } = {}) {
  const db = getDb();
  const id = crypto.randomUUID();
  const startedAt = new Date(`${performedOn}T07:00:00Z`);
  await db.insert(workout).values({
    id,
    userId,
    title: options.title ?? "Session",
    performedOn,
    programDayId: options.programDayId ?? null,
    startedAt,
    finishedAt: options.finished === false ? null : new Date(startedAt.getTime() + 62 * 60_000),
  });
  for (const [position, e] of exercises.entries()) {
    const exerciseRow = crypto.randomUUID();
    await db.insert(workoutExercise).values({ id: exerciseRow, workoutId: id, exerciseId: e.exerciseId, position, status: "done" });
    await db
      .insert(setLog)
      .values(e.sets.map(([weightKg, reps], i) => ({ id: crypto.randomUUID(), workoutExerciseId: exerciseRow, userId, exerciseId: e.exerciseId, performedOn, setNumber: i + 1, weightKg, reps, loggedAt: startedAt })));
  }
  return id;
}

/** A program of `weeks` weeks with days on slots 0, 2 and 4, assigned to the member from `startDate`; answers the copy's days by week. */
async function assigned(name: string, weeks: number, startDate: string) {
  const draft = await createProgram(trainer, { name });
  const weekIds = [(await loadProgram(getDb(), draft.id))!.weeks[0]!.id];
  for (let w = 1; w < weeks; w += 1) weekIds.push((await addWeek(trainer, draft.id)).weekId);
  for (const weekId of weekIds) {
    for (const [dayIndex, title] of [
      [0, "Full Body A"],
      [2, "Full Body B"],
      [4, "Full Body C"],
    ] as const) {
      const { dayId } = await addDay(trainer, draft.id, { weekId, dayIndex: String(dayIndex), title });
      await addBlock(trainer, draft.id, { dayId, exerciseId: "squat", sets: "3", reps: "5" });
    }
  }
  const { copies } = await assignAndRun(trainer, draft.id, { memberIds: [member.id], startDate });
  const copy = (await loadProgram(getDb(), copies[0]!.programId))!;
  return { id: copy.id, days: copy.weeks.map((w) => w.days.map((d) => d.id)) };
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  const make = (name: string, email: string, role: SessionUser["role"]) => createUserWithPassword({ name, email, password: `${role}-password-1`, role });
  trainer = asActor(await make("Tara Trainer", "tara@review.test", "trainer"), "trainer", "lbs");
  admin = asActor(await make("Ada Admin", "ada@review.test", "admin"), "admin", "kg");
  member = asActor(await make("Morgan Member", "morgan@review.test", "member"), "member", "kg");
  other = asActor(await make("Riley Member", "riley@review.test", "member"), "member", "kg");
});

describe("a member's program progress", () => {
  it("gives weeks done of total, done and missed days, and done ÷ planned per week up to today", async () => {
    // Started ten days ago: week 1 is over, today is in week 2 (its slot 3), week 3 has not started.
    const start = addDays(today, -10);
    const current = await assigned("Strength Block", 3, start);
    const [w1, w2] = current.days as [string[], string[]];
    await performed(member.id, addDays(start, 0), [{ exerciseId: "squat", sets: [[100, 5]] }], { programDayId: w1[0] });
    // Day 2 of week 1 done a day late still counts as done.
    await performed(member.id, addDays(start, 3), [{ exerciseId: "squat", sets: [[100, 5]] }], { programDayId: w1[1] });
    // Started but never finished: still missed.
    await performed(member.id, addDays(start, 4), [{ exerciseId: "squat", sets: [[100, 5]] }], { programDayId: w1[2], finished: false });
    await performed(member.id, addDays(start, 7), [{ exerciseId: "squat", sets: [[102.5, 5]] }], { programDayId: w2[0] });
    // A program that ended weeks ago, never trained.
    await assigned("Base Block", 1, addDays(today, -70));

    const review = await getMemberTrainingForStaff(trainer, member.id);
    expect(review.member).toEqual({ id: member.id, name: "Morgan Member", email: "morgan@review.test" });
    expect(review.today).toBe(today);
    expect(review.programs.map((p) => [p.name, p.phase])).toEqual([
      ["Strength Block", "current"],
      ["Base Block", "past"],
    ]);
    const [strength, base] = review.programs as [(typeof review.programs)[0], (typeof review.programs)[0]];
    expect(strength).toMatchObject({ id: current.id, startDate: start, endDate: addDays(start, 20), totalWeeks: 3, weeksDone: 1 });
    expect(strength.completed.map((d) => [d.week, d.title, d.date])).toEqual([
      [2, "Full Body A", addDays(start, 7)],
      [1, "Full Body B", addDays(start, 2)],
      [1, "Full Body A", addDays(start, 0)],
    ]);
    expect(strength.completed.every((d) => d.workoutId)).toBe(true);
    expect(strength.missed.map((d) => [d.week, d.title, d.date])).toEqual([
      [2, "Full Body B", addDays(start, 9)],
      [1, "Full Body C", addDays(start, 4)],
    ]);
    expect(strength.compliance).toEqual([
      { week: 1, planned: 3, done: 2, rate: 2 / 3 },
      { week: 2, planned: 2, done: 1, rate: 1 / 2 },
    ]);
    expect(base).toMatchObject({ totalWeeks: 1, weeksDone: 1, completed: [], compliance: [{ week: 1, planned: 3, done: 0, rate: 0 }] });
    expect(base.missed).toHaveLength(3);

    // Another member's program and workouts are not this member's.
    expect((await getMemberTrainingForStaff(trainer, other.id)).programs).toEqual([]);
  });
});

describe("finished workouts and personal records", () => {
  it("lists each finished workout newest first with its sets and volume in the staff member's unit, and its comments", async () => {
    const day = addDays(today, -1);
    const id = await performed(
      other.id,
      day,
      [
        { exerciseId: "bench-press", sets: [[100, 5], [100, 4]] },
        { exerciseId: "pull-up", sets: [[null, 8]] },
      ],
      { title: "Upper" },
    );
    await performed(other.id, addDays(today, -3), [{ exerciseId: "squat", sets: [[140, 3]] }], { title: "Lower" });
    await performed(other.id, today, [{ exerciseId: "squat", sets: [[150, 3]] }], { title: "Not finished", finished: false });
    await commentOnWorkout(trainer, other.id, id, { body: "Strong pressing" });

    const inLbs = await getMemberTrainingForStaff(trainer, other.id);
    expect(inLbs.unit).toBe("lbs");
    expect(inLbs.workouts.map((w) => w.title)).toEqual(["Upper", "Lower"]);
    expect(inLbs.moreWorkouts).toBe(false);
    const upper = inLbs.workouts[0]!;
    expect(upper).toMatchObject({ id, performedOn: day, durationMinutes: 62, programDayId: null, setCount: 3, volume: 1984.2 });
    expect(upper.exercises.map((e) => [e.name, e.sets.map((s) => [s.weight, s.reps])])).toEqual([
      [
        "Bench Press",
        [
          [220.5, 5],
          [220.5, 4],
        ],
      ],
      ["Pull-Up", [[null, 8]]],
    ]);
    expect(upper.comments.map((c) => [c.authorName, c.body])).toEqual([["Tara Trainer", "Strong pressing"]]);

    const inKg = await getMemberTrainingForStaff(admin, other.id);
    expect(inKg.workouts[0]).toMatchObject({ volume: 900 });
    expect(inKg.workouts[0]!.exercises[0]!.sets[0]).toMatchObject({ weight: 100, reps: 5 });
  });

  it("gives each exercise's heaviest weight and best estimated one-rep max with the first day it was set", async () => {
    const lifter = asActor(await createUserWithPassword({ name: "Lee Lifter", email: "lee@review.test", password: "member-password-1", role: "member" }), "member", "kg");
    await performed(lifter.id, "2026-01-05", [{ exerciseId: "bench-press", sets: [[100, 5], [90, 8]] }]);
    await performed(lifter.id, "2026-01-08", [{ exerciseId: "bench-press", sets: [[110, 1]] }]);
    // The same best estimate later: the record was set the first time.
    await performed(lifter.id, "2026-01-12", [{ exerciseId: "bench-press", sets: [[100, 5]] }]);
    // No reps recorded: a single. Body weight only: no record.
    await performed(lifter.id, "2026-01-06", [{ exerciseId: "squat", sets: [[150, null]] }]);
    await performed(lifter.id, "2026-01-06", [{ exerciseId: "dip", sets: [[null, 12]] }]);

    const { records } = await getMemberTrainingForStaff(admin, lifter.id);
    expect(records).toEqual([
      { exerciseId: "squat", name: "Back Squat", heaviest: { weight: 150, reps: null, date: "2026-01-06" }, bestOneRepMax: { value: 155, weight: 150, reps: null, date: "2026-01-06" } },
      { exerciseId: "bench-press", name: "Bench Press", heaviest: { weight: 110, reps: 1, date: "2026-01-08" }, bestOneRepMax: { value: 116.7, weight: 100, reps: 5, date: "2026-01-05" } },
    ]);
    const inLbs = await getMemberTrainingForStaff(trainer, lifter.id);
    expect(inLbs.records[1]!.heaviest.weight).toBe(242.5);
  });
});

describe("who may read it", () => {
  it("refuses members (403), their own training included, and answers 404 for no such member and for a staff account", async () => {
    for (const id of [member.id, other.id]) {
      const error = await refusal(getMemberTrainingForStaff(member, id));
      expect(error.status).toBe(403);
    }
    for (const id of ["no-such-member", admin.id, trainer.id]) {
      const missing = await refusal(getMemberTrainingForStaff(trainer, id));
      expect([missing.status, missing.message]).toEqual([404, MEMBER_NOT_FOUND]);
    }
  });
});

describe("a member with years of training", () => {
  it("lists the newest workouts only, and reads set logs by their indexes", async () => {
    const heavy: string[] = [];
    for (const i of [0, 1, 2, 3]) {
      const created = await createUserWithPassword({ name: `Heavy ${i}`, email: `heavy-${i}@review.test`, password: "member-password-1", role: "member" });
      heavy.push(created.id);
      await insertTrainingHistory({
        userId: created.id,
        prefix: `heavy-${i}-`,
        start: "2022-01-03",
        until: "2025-01-01",
        weeks: 156,
        exercises: ["bench-press", "squat", "deadlift"].map((exerciseId, j) => ({ exerciseId, weightKg: 100 + j * 20 })),
        sets: 3,
        reps: 5,
      });
    }
    await getDb().execute(sql`analyze`);
    const lifter = heavy[0]!;

    const review = await getMemberTrainingForStaff(admin, lifter);
    expect(review.workouts).toHaveLength(REVIEW_WORKOUTS);
    expect(review.moreWorkouts).toBe(true);
    expect(review.workouts[0]).toMatchObject({ performedOn: "2024-12-27", setCount: 9 });
    expect(review.records.map((r) => r.name)).toEqual(["Back Squat", "Bench Press", "Deadlift"]);

    const ids = review.workouts.map((w) => w.id);
    const exerciseIds = review.workouts.flatMap((w) => w.exercises.map((e) => e.id));
    const plans = {
      sets: await explain(workoutSetsQuery(exerciseIds)),
      heaviest: await explain(recordSetsQuery(lifter, "weight")),
      bestOneRepMax: await explain(recordSetsQuery(lifter, "oneRepMax")),
    };
    expect(plans.sets).toContain("set_logs_workout_exercise_idx");
    expect(plans.heaviest).toContain("set_logs_user_exercise_date_idx");
    expect(plans.bestOneRepMax).toContain("set_logs_user_exercise_date_idx");
    for (const [name, plan] of Object.entries(plans)) expect(plan, name).not.toMatch(/Seq Scan on set_logs/);
    expect(await explain(workoutExercisesQuery(ids))).toContain("workout_exercises_workout_idx");
    // Newest first straight off (user, date desc): no sort of three years of workouts (decision 0182).
    for (const query of [finishedWorkoutsQuery(lifter, REVIEW_WORKOUTS), finishedWorkoutSetCountsQuery(lifter, 5)]) {
      const plan = await explain(query);
      expect(plan).toContain("Index Scan using workouts_user_date_idx");
      expect(plan).not.toMatch(/Sort/);
    }
    // The member page's newest workouts, prepared as a page sends them, keep one plan: with
    // a bound LIMIT PostgreSQL would plan them anew on every call (its generic plan dearer).
    const { sql: text, params } = finishedWorkoutSetCountsQuery(lifter, 5).toSQL();
    const generic = await getDb().transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare newest_workouts as ${text}`));
      const values = params.map((p) => `'${String(p).replaceAll("'", "''")}'`).join(", ");
      for (let i = 0; i < 7; i++) await tx.execute(sql.raw(`execute newest_workouts(${values})`));
      const { rows } = (await tx.execute(sql`select generic_plans::int as generic from pg_prepared_statements where name = 'newest_workouts'`)) as unknown as { rows: Array<{ generic: number }> };
      await tx.execute(sql`deallocate newest_workouts`);
      return rows[0]!.generic;
    });
    expect(generic).toBeGreaterThan(0);
  });
});
