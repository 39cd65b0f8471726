// @test-database any: the refusals of edits to trained days; the lock they take is tested on both databases by trained-days-races.server.test.ts.
/**
 * Nothing a member trained changes when staff edit their copy (decision 0043): every edit
 * that reaches a trained day (a workout finished or under way for it) is refused and
 * changes nothing, and the same edit of an untrained day goes through.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { program } from "~/db/schema/programs";
import { workout } from "~/db/schema/workouts";
import { AppError } from "~/lib/app-error";
import { createUserWithPassword } from "~/modules/users/users.server";
import { updateCopyFromSource } from "./program-assignment.server";
import type { ProgramView } from "./program-read.server";
import {
  addBlock,
  addDay,
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
import { updateProgramDetails } from "./programs.server";
import { DAY_TRAINED, LATER_WEEK_TRAINED, WEEK_TRAINED } from "./trained-days.server";
import { membersCopy, pullUp, squat, view, type DayRef } from "./trained-days.test-support";

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


async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
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
    const copy = await membersCopy(trainer, member);
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
    const copy = await membersCopy(trainer, member);
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
    const copy = await membersCopy(trainer, member);
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
    const copy = await membersCopy(trainer, member);
    const before = await view(copy.id);
    await addDay(trainer, copy.id, { weekId: copy.underWay.weekId, dayIndex: "4", title: "Legs" });
    expect(await duplicateDay(trainer, copy.id, { dayId: copy.finished.dayId })).toEqual({ dayIndex: 1 });
    await updateProgramDetails(trainer, copy.id, { name: "Strength Base (Mo)", description: "" });
    await updateCopyFromSource(trainer, copy.id);
    expect(trainedPart(await view(copy.id))).toEqual(trainedPart(before));
  });

  it("the builder's read says which days are trained, since when, and whether a workout was finished", async () => {
    const copy = await membersCopy(trainer, member);
    const days = (await view(copy.id)).weeks.flatMap((w) => w.days.map((d) => [d.id, d.trained]));
    expect(days).toEqual([
      [copy.finished.dayId, { on: "2026-11-02", finished: true }],
      [copy.untrained[0].dayId, null],
      [copy.underWay.dayId, { on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), finished: false }],
      [copy.untrained[1].dayId, null],
    ]);
  });
});
