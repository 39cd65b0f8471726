/**
 * Nothing a member trained changes when staff edit their copy (decision 0043): every edit
 * that reaches a trained day (a workout finished or under way for it) is refused and
 * changes nothing, the same edit of an untrained day goes through, and a workout started
 * while staff edit the day meets the edit on the program's lock.
 */
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { program } from "~/db/schema/programs";
import { workout, workoutExercise } from "~/db/schema/workouts";
import { AppError } from "~/lib/app-error";
import { createUserWithPassword } from "~/modules/users/users.server";
import { discardWorkout, startWorkout } from "~/modules/workouts/workout-session.server";
import { updateCopyFromSource } from "./program-assignment.server";
import { loadProgram, type ProgramView } from "./program-read.server";
import {
  addBlock,
  addDay,
  addWeek,
  duplicateDay,
  duplicateWeek,
  groupBlocks,
  moveBlock,
  moveDay,
  removeBlock,
  removeDay,
  removeWeek,
  ungroupBlocks,
  updateBlock,
  updateDay,
} from "./program-structure.server";
import { createProgram, updateProgramDetails } from "./programs.server";
import { assignAndRun, insertWorkoutFor } from "./programs.test-support";
import { DAY_TRAINED, LATER_WEEK_TRAINED, WEEK_TRAINED } from "./trained-days.server";

let trainer: SessionUser;
let member: SessionUser;

const asActor = (u: { id: string; email: string; name: string }, role: SessionUser["role"]): SessionUser => ({ id: u.id, email: u.email, name: u.name, role, profileComplete: true, weightUnit: "kg" });

beforeAll(async () => {
  trainer = asActor(await createUserWithPassword({ name: "Tara Trainer", email: "trainer@trained.test", password: "trainer-password", role: "trainer" }), "trainer");
  member = asActor(await createUserWithPassword({ name: "Mo Member", email: "member@trained.test", password: "member-password", role: "member" }), "member");
});

beforeEach(async () => {
  await getDb().delete(workout);
  await getDb().delete(program);
});

const view = async (id: string) => (await loadProgram(getDb(), id))!;

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const bench = { exerciseId: "bench-press", sets: "3", reps: "8-12", loadKind: "none" };
const squat = { exerciseId: "squat", sets: "5", reps: "5", loadKind: "none" };
const pullUp = { exerciseId: "pull-up", sets: "3", reps: "6-10", loadKind: "none" };

interface DayRef {
  weekId: string;
  dayId: string;
  blocks: [string, string, string];
  groupKey: string;
}

/**
 * Mo's copy of a three-week program: weeks 1 and 2 hold 'Push' (slot 0) and 'Pull' (slot 2),
 * each with bench and squat as a superset, then pull-ups; week 3 is empty. Mo finished week
 * 1's Push and has week 2's Push under way; both Pulls and week 3 are untrained.
 */
async function membersCopy() {
  const draft = await createProgram(trainer, { name: "Strength Base" });
  const weekIds = [(await view(draft.id)).weeks[0]!.id, (await addWeek(trainer, draft.id)).weekId];
  await addWeek(trainer, draft.id);
  for (const weekId of weekIds) {
    for (const [dayIndex, title] of [
      ["0", "Push"],
      ["2", "Pull"],
    ] as const) {
      const { dayId } = await addDay(trainer, draft.id, { weekId, dayIndex, title, notes: "" });
      const blockIds = [bench, squat, pullUp];
      for (const block of blockIds) await addBlock(trainer, draft.id, { dayId, ...block });
    }
  }
  const { copies } = await assignAndRun(trainer, draft.id, { memberIds: [member.id], startDate: "2026-11-02" });
  const id = copies[0]!.programId;
  for (const day of (await view(id)).weeks.flatMap((w) => w.days)) await groupBlocks(trainer, id, { blockIds: [day.blocks[0]!.id, day.blocks[1]!.id], groupKind: "superset" });
  const p = await view(id);
  const ref = (week: number, dayIndex: number): DayRef => {
    const w = p.weeks[week]!;
    const d = w.days.find((x) => x.dayIndex === dayIndex)!;
    return { weekId: w.id, dayId: d.id, blocks: d.blocks.map((b) => b.id) as DayRef["blocks"], groupKey: d.blocks[0]!.groupKey! };
  };
  await insertWorkoutFor(member.id, ref(0, 0).dayId, "2026-11-02");
  await startWorkout(member, { dayId: ref(1, 0).dayId });
  return { id, weeks: p.weeks.map((w) => w.id), finished: ref(0, 0), underWay: ref(1, 0), untrained: [ref(0, 2), ref(1, 2)] as const };
}

/** What the member trained: each trained day as it is, with its week's position. */
const trainedPart = (p: ProgramView) => p.weeks.flatMap((w) => w.days.filter((d) => d.trained).map((d) => ({ position: w.position, ...d })));
const untrainedPart = (p: ProgramView) => p.weeks.flatMap((w) => w.days.filter((d) => !d.trained));

type DayEdit = (programId: string, day: DayRef) => Promise<unknown>;

/** Every edit that changes a day or its exercises. */
const dayEdits: Array<[string, DayEdit]> = [
  ["update-day", (id, d) => updateDay(trainer, id, { dayId: d.dayId, title: "Renamed", notes: "" })],
  ["move-day", (id, d) => moveDay(trainer, id, { dayId: d.dayId, dayIndex: "5" })],
  ["remove-day", (id, d) => removeDay(trainer, id, { dayId: d.dayId })],
  ["add-block", (id, d) => addBlock(trainer, id, { dayId: d.dayId, ...squat })],
  ["update-block", (id, d) => updateBlock(trainer, id, { blockId: d.blocks[2], ...pullUp, sets: "5" })],
  ["remove-block", (id, d) => removeBlock(trainer, id, { blockId: d.blocks[2] })],
  ["move-block", (id, d) => moveBlock(trainer, id, { blockId: d.blocks[2], position: "1" })],
  ["group-blocks", (id, d) => groupBlocks(trainer, id, { blockIds: [d.blocks[1], d.blocks[2]], groupKind: "circuit" })],
  ["ungroup-blocks", (id, d) => ungroupBlocks(trainer, id, { groupKey: d.groupKey })],
];

describe("a trained day stays as the member did it", () => {
  it.each(dayEdits)("%s of a day with a finished or an under-way workout is refused (409) and changes nothing; of an untrained day it goes through", async (_intent, edit) => {
    const copy = await membersCopy();
    for (const trained of [copy.finished, copy.underWay]) {
      const before = await view(copy.id);
      const error = await refusal(edit(copy.id, trained));
      expect([error.status, error.message]).toEqual([409, DAY_TRAINED]);
      expect(await view(copy.id)).toEqual(before);
    }
    const before = await view(copy.id);
    for (const untrained of copy.untrained) await edit(copy.id, untrained);
    const after = await view(copy.id);
    expect(untrainedPart(after)).not.toEqual(untrainedPart(before));
    expect(trainedPart(after)).toEqual(trainedPart(before));
  });

  it("remove-week is refused for a trained week and goes through for an untrained one", async () => {
    const copy = await membersCopy();
    const before = await view(copy.id);
    for (const weekId of copy.weeks.slice(0, 2)) {
      const error = await refusal(removeWeek(trainer, copy.id, { weekId }));
      expect([error.status, error.message]).toEqual([409, WEEK_TRAINED]);
    }
    expect(await view(copy.id)).toEqual(before);
    await removeWeek(trainer, copy.id, { weekId: copy.weeks[2] });
    expect((await view(copy.id)).weeks.map((w) => w.position)).toEqual([0, 1]);
  });

  it("duplicate-week is refused when a later week is trained (its dates would move), and goes through when none is", async () => {
    const copy = await membersCopy();
    const before = await view(copy.id);
    const error = await refusal(duplicateWeek(trainer, copy.id, { weekId: copy.weeks[0] }));
    expect([error.status, error.message]).toEqual([409, LATER_WEEK_TRAINED]);
    expect(await view(copy.id)).toEqual(before);
    // Week 2 is trained itself, but only the untrained week 3 moves down.
    expect(await duplicateWeek(trainer, copy.id, { weekId: copy.weeks[1] })).toEqual({ position: 2 });
    const after = await view(copy.id);
    expect(after.weeks.map((w) => [w.position, w.trained, w.days.map((d) => d.title)])).toEqual([
      [0, true, ["Push", "Pull"]],
      [1, true, ["Push", "Pull"]],
      [2, false, ["Push", "Pull"]],
      [3, false, []],
    ]);
    expect(trainedPart(after)).toEqual(trainedPart(before));
  });

  it("what leaves trained days alone stays allowed: a day in a rest slot of a trained week, a copy of a trained day, the program's details, 'update from template'", async () => {
    const copy = await membersCopy();
    const before = await view(copy.id);
    await addDay(trainer, copy.id, { weekId: copy.underWay.weekId, dayIndex: "4", title: "Legs" });
    expect(await duplicateDay(trainer, copy.id, { dayId: copy.finished.dayId })).toEqual({ dayIndex: 1 });
    await updateProgramDetails(trainer, copy.id, { name: "Strength Base (Mo)", description: "" });
    await updateCopyFromSource(trainer, copy.id);
    expect(trainedPart(await view(copy.id))).toEqual(trainedPart(before));
  });

  it("the builder's read says which days are trained, since when, and whether a workout was finished", async () => {
    const copy = await membersCopy();
    const days = (await view(copy.id)).weeks.flatMap((w) => w.days.map((d) => [d.id, d.trained]));
    expect(days).toEqual([
      [copy.finished.dayId, { on: "2026-11-02", finished: true }],
      [copy.untrained[0].dayId, null],
      [copy.underWay.dayId, { on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), finished: false }],
      [copy.untrained[1].dayId, null],
    ]);
  });
});

describe("a workout started while staff edit the day", () => {
  /**
   * Each round the member starts the day's workout while the coach renames the day and
   * removes its last exercise. Whoever comes second on the program's lock sees the first:
   * either the edit is refused and the workout follows the day as it was, or the edit went
   * first and the workout follows the edited day. Never both through with the old day.
   */
  it("meets the edit on the program's lock: the edit is refused, or the workout starts from the edited day", async () => {
    const copy = await membersCopy();
    // One workout at a time: the one under way goes first.
    const [underWay] = await getDb().select({ id: workout.id }).from(workout).where(eq(workout.programDayId, copy.underWay.dayId));
    await discardWorkout(member, underWay!.id);
    const day = copy.untrained[1];
    const rounds = 12;
    for (let round = 0; round < rounds; round++) {
      const title = `Pull ${round}`;
      await updateDay(trainer, copy.id, { dayId: day.dayId, title, notes: "" });
      const [started, renamed, removed] = await Promise.allSettled([
        startWorkout(member, { dayId: day.dayId }),
        updateDay(trainer, copy.id, { dayId: day.dayId, title: `${title} renamed`, notes: "" }),
        removeBlock(trainer, copy.id, { blockId: day.blocks[2] }),
      ]);
      if (started.status === "rejected") throw started.reason;
      for (const edit of [renamed, removed]) if (edit.status === "rejected") expect(edit.reason).toMatchObject({ status: 409, message: DAY_TRAINED });
      const [w] = await getDb().select({ title: workout.title }).from(workout).where(eq(workout.id, started.value.workoutId));
      const blocks = (await getDb().select({ blockId: workoutExercise.blockId }).from(workoutExercise).where(eq(workoutExercise.workoutId, started.value.workoutId))).map((e) => e.blockId);
      expect(w!.title).toBe(renamed.status === "fulfilled" ? `${title} renamed` : title);
      expect(blocks.includes(day.blocks[2])).toBe(removed.status === "rejected");
      // Put the day back as it was for the next round.
      await discardWorkout(member, started.value.workoutId);
      if (removed.status === "fulfilled") day.blocks[2] = (await addBlock(trainer, copy.id, { dayId: day.dayId, ...pullUp })).blockId;
    }
  });
});
