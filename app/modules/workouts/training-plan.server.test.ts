import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { program } from "~/db/schema/programs";
import { addDays, todayIn } from "~/lib/time-zone";
import { getTodayCard, getTrainingPlan } from "./training-plan.server";
import { insertFinishedWorkout, insertProgramCopy, newPerson, type Person } from "./training.test-support";
import { getWorkoutScreen } from "./workout-screen.server";
import { finishWorkout, logSet } from "./workout-session.server";
import { startWorkout } from "./workout-start.server";

const today = () => todayIn("Europe/London");
const bench = { exerciseId: "bench-press", sets: 3, repsMin: 5, loadKind: "weight" as const, loadValue: 60 };
const squat = { exerciseId: "squat", sets: 3, repsMin: 5, loadKind: "weight" as const, loadValue: 80 };

let member: Person;

beforeEach(async () => {
  member = await newPerson();
});

describe("the plan week by week", () => {
  it("lays each week out from the start date: training days done, missed, today, upcoming; rows missing are rest days", async () => {
    const start = addDays(today(), -7);
    const { dayIds } = await insertProgramCopy(member.id, start, [
      [
        { dayIndex: 0, title: "Push A", blocks: [bench, squat] },
        { dayIndex: 2, title: "Pull A", blocks: [squat] },
      ],
      [
        { dayIndex: 0, title: "Push B", blocks: [bench] },
        { dayIndex: 3, title: "Pull B", blocks: [squat] },
      ],
    ]);
    // Week 1 day 0 done; day 2 missed.
    const { workoutId } = await startWorkout(member, { dayId: dayIds[0]![0] });
    const screen = await getWorkoutScreen(member, workoutId);
    await logSet(member, workoutId, { workoutExerciseId: screen.exercises[0]!.id, weight: "135", reps: "5" });
    await finishWorkout(member, workoutId);

    const plan = await getTrainingPlan(member);
    expect(plan).toMatchObject({ name: "Strength Block", startDate: start, today: today() });
    expect(plan!.weeks.map((w) => w.number)).toEqual([1, 2]);
    expect(plan!.weeks[0]!.days.map((d) => d.status)).toEqual(["done", "rest", "missed", "rest", "rest", "rest", "rest"]);
    expect(plan!.weeks[1]!.days.map((d) => d.status)).toEqual(["today", "rest", "rest", "upcoming", "rest", "rest", "rest"]);
    expect(plan!.weeks[0]!.days[0]).toEqual({ date: start, status: expect.any(String), dayId: expect.any(String), title: "Push A", workoutId });
    expect(plan!.weeks[1]!.days[3]).toMatchObject({ date: addDays(today(), 3), title: "Pull B", workoutId: null });
  });

  it("shows the member's own copy only: another member's program is not theirs", async () => {
    const other = await newPerson();
    await insertProgramCopy(other.id, today(), [[{ dayIndex: 0, title: "Theirs", blocks: [bench] }]]);
    expect(await getTrainingPlan(member)).toBeNull();
    expect(await getTodayCard(member)).toEqual({ kind: "none" });
  });

  it("takes the latest started copy, ignores archived ones and templates, else the next to start", async () => {
    await insertProgramCopy(member.id, addDays(today(), -30), [[{ dayIndex: 0, title: "Old", blocks: [bench] }]], "Old block");
    const archived = await insertProgramCopy(member.id, addDays(today(), -1), [[{ dayIndex: 1, title: "Archived", blocks: [bench] }]], "Archived block");
    await getDb().update(program).set({ archivedAt: new Date() }).where(eq(program.id, archived.programId));
    expect((await getTrainingPlan(member))!.name).toBe("Old block");
    const fresh = await newPerson();
    await insertProgramCopy(fresh.id, addDays(today(), 2), [[{ dayIndex: 0, title: "Soon", blocks: [bench] }]], "Next block");
    const plan = await getTrainingPlan(fresh);
    expect(plan!.name).toBe("Next block");
    expect(plan!.weeks[0]!.days[0]!.status).toBe("upcoming");
  });
});

describe("Today", () => {
  it("offers today's workout with its exercise count", async () => {
    const { dayIds } = await insertProgramCopy(member.id, today(), [[{ dayIndex: 0, title: "Lower", blocks: [squat, bench] }]]);
    expect(await getTodayCard(member)).toEqual({ kind: "workout", dayId: dayIds[0]![0], title: "Lower", exerciseCount: 2 });
  });

  it("is a rest day with the next workout when today has no training day", async () => {
    await insertProgramCopy(member.id, today(), [[{ dayIndex: 2, title: "Upper", blocks: [bench] }]]);
    const card = await getTodayCard(member);
    expect(card).toMatchObject({ kind: "rest", next: { date: addDays(today(), 2), title: "Upper", exerciseCount: 1 } });
  });

  it("is a rest day with no next workout once the program's days are behind", async () => {
    await insertProgramCopy(member.id, addDays(today(), -7), [[{ dayIndex: 0, title: "Upper", blocks: [bench] }]]);
    expect(await getTodayCard(member)).toEqual({ kind: "rest", next: null });
  });

  it("offers Resume for a workout under way, even an empty one", async () => {
    await insertProgramCopy(member.id, today(), [[{ dayIndex: 0, title: "Lower", blocks: [squat] }]]);
    const { workoutId } = await startWorkout(member, {});
    expect(await getTodayCard(member)).toEqual({ kind: "in_progress", workoutId, title: "Workout" });
  });

  it("says today is done once today's workout is finished, with the next one", async () => {
    const { dayIds } = await insertProgramCopy(member.id, today(), [
      [
        { dayIndex: 0, title: "Lower", blocks: [squat] },
        { dayIndex: 1, title: "Upper", blocks: [bench] },
      ],
    ]);
    const { workoutId } = await startWorkout(member, { dayId: dayIds[0]![0] });
    const screen = await getWorkoutScreen(member, workoutId);
    await logSet(member, workoutId, { workoutExerciseId: screen.exercises[0]!.id, weight: "185", reps: "5" });
    await finishWorkout(member, workoutId);
    expect(await getTodayCard(member)).toMatchObject({ kind: "done", workoutId, title: "Lower", next: { title: "Upper", date: addDays(today(), 1) } });
  });

  it("has nothing to train when the member has no program and no history", async () => {
    await insertFinishedWorkout(member.id, addDays(today(), -3), [{ exerciseId: "bench-press", sets: [{ weightKg: 60, reps: 5 }] }]);
    expect(await getTodayCard(member)).toEqual({ kind: "none" });
  });
});
