/**
 * The program builder's rules on the real database (PGlite, and PostgreSQL in the
 * PostgreSQL pass): programs, weeks, day slots, blocks, groups, order, templates, and
 * every refusal leaving the program as it was.
 */
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { program } from "~/db/schema/programs";
import { AppError } from "~/lib/app-error";
import { createUserWithPassword } from "~/modules/users/users.server";
import { getProgramWeek, listPrograms, listTemplates, loadProgram, PROGRAM_NOT_FOUND, type ProgramView } from "./program-read.server";
import {
  addBlock,
  addDay,
  addWeek,
  BLOCK_NOT_FOUND,
  DAY_NOT_FOUND,
  duplicateDay,
  duplicateWeek,
  EXERCISE_NOT_FOUND,
  GROUP_ONE_DAY,
  groupBlocks,
  moveBlock,
  moveDay,
  removeBlock,
  removeDay,
  removeWeek,
  slotTaken,
  ungroupBlocks,
  updateBlock,
  updateDay,
  WEEK_FULL,
  WEEK_NOT_FOUND,
} from "./program-structure.server";
import { createProgram, NOT_A_TEMPLATE, saveAsTemplate, startFromTemplate, updateProgramDetails } from "./programs.server";
import { insertWorkoutFor } from "./programs.test-support";
import { DAY_TRAINED, WEEK_TRAINED } from "./trained-days.server";

let trainer: SessionUser;
let admin: SessionUser;
let member: SessionUser;

const asActor = (u: { id: string; email: string; name: string }, role: SessionUser["role"]): SessionUser => ({ id: u.id, email: u.email, name: u.name, role, profileComplete: true, weightUnit: "kg" });

beforeAll(async () => {
  trainer = asActor(await createUserWithPassword({ name: "Tara Trainer", email: "trainer@programs.test", password: "trainer-password", role: "trainer" }), "trainer");
  admin = asActor(await createUserWithPassword({ name: "Ada Admin", email: "admin@programs.test", password: "admin-password", role: "admin" }), "admin");
  member = asActor(await createUserWithPassword({ name: "Mo Member", email: "member@programs.test", password: "member-password", role: "member" }), "member");
});

beforeEach(async () => {
  await getDb().delete(program);
});

const view = async (id: string) => (await loadProgram(getDb(), id))!;
const shape = (p: ProgramView) => p.weeks.map((w) => ({ position: w.position, days: w.days.map((d) => ({ dayIndex: d.dayIndex, title: d.title, blocks: d.blocks.map((b) => b.exerciseName) })) }));

const bench = { exerciseId: "bench-press", sets: "3", reps: "8-12", loadKind: "none" };
const squat = { exerciseId: "squat", sets: "5", reps: "5", loadKind: "percent_1rm", loadValue: "75" };
const pullUp = { exerciseId: "pull-up", sets: "3", reps: "6-10", loadKind: "rir", loadValue: "2" };

async function expectRefused(work: Promise<unknown>, status: number, message: string | Record<string, string>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.status).toBe(status);
  if (typeof message === "string") expect(appError.message).toBe(message);
  else expect(appError.fieldErrors).toMatchObject(message);
}

/** A program with one week and a day (Mon: Push) holding bench, squat and pull-ups. */
async function pushDay() {
  const { id } = await createProgram(trainer, { name: "Strength Base", description: "Three days a week" });
  const weekId = (await view(id)).weeks[0]!.id;
  const { dayId } = await addDay(trainer, id, { weekId, dayIndex: "0", title: "Push", notes: "" });
  const a = (await addBlock(trainer, id, { dayId, ...bench })).blockId;
  const b = (await addBlock(trainer, id, { dayId, ...squat })).blockId;
  const c = (await addBlock(trainer, id, { dayId, ...pullUp })).blockId;
  return { id, weekId, dayId, blocks: [a, b, c] as const };
}

describe("programs", () => {
  it("a trainer creates a program with its first week, renames and describes it; it is listed", async () => {
    const { id } = await createProgram(trainer, { name: "  Strength Base ", description: "" });
    await updateProgramDetails(trainer, id, { name: "Strength Base II", description: "Twelve weeks" });
    const p = await getProgramWeek(admin, id, {});
    expect(p).toMatchObject({ name: "Strength Base II", description: "Twelve weeks", kind: "program", memberId: null, startDate: null });
    expect(p.weeks).toHaveLength(1);
    expect((await listPrograms(trainer)).map((x) => x.name)).toEqual(["Strength Base II"]);
    expect(await listTemplates(trainer)).toEqual([]);
  });

  it("refuses a program without a name, and changes nothing", async () => {
    await expect(createProgram(trainer, { name: " " })).rejects.toThrow(ZodError);
    const { id } = await createProgram(trainer, { name: "Kept" });
    await expect(updateProgramDetails(trainer, id, { name: "" })).rejects.toThrow("Please enter the program name");
    expect((await view(id)).name).toBe("Kept");
  });

  it("refuses members: they may not read, write or list programs", async () => {
    const { id } = await createProgram(trainer, { name: "Staff only" });
    for (const work of [createProgram(member, { name: "Mine" }), getProgramWeek(member, id, {}), listPrograms(member), listTemplates(member), addWeek(member, id), updateProgramDetails(member, id, { name: "Mine" })]) {
      await expectRefused(work, 403, "You do not have permission to do that.");
    }
    expect((await view(id)).name).toBe("Staff only");
  });

  it("answers 'not found' for a program that is not there", async () => {
    await expectRefused(getProgramWeek(trainer, "no-such-program", {}), 404, PROGRAM_NOT_FOUND);
    await expectRefused(addWeek(trainer, "no-such-program"), 404, PROGRAM_NOT_FOUND);
  });

  it("reads a whole program in a fixed number of queries, however many blocks it has", async () => {
    const { id, weekId } = await pushDay();
    const { dayId } = await addDay(trainer, id, { weekId, dayIndex: "2", title: "Pull", notes: "" });
    for (let i = 0; i < 8; i++) await addBlock(trainer, id, { dayId, ...pullUp });
    await duplicateWeek(trainer, id, { weekId });
    const db = getDb();
    let queries = 0;
    const counting = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value === "function" && ["select", "selectDistinct"].includes(String(key))) {
          return (...args: unknown[]) => {
            queries += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value;
      },
    });
    const p = await loadProgram(counting, id);
    expect(p!.weeks.flatMap((w) => w.days.flatMap((d) => d.blocks))).toHaveLength(22);
    expect(queries).toBe(5);
  });
});

describe("weeks", () => {
  it("adds weeks at the end, duplicates a week right after it and removes one, keeping positions in order", async () => {
    const { id, weekId } = await pushDay();
    await addWeek(trainer, id);
    await duplicateWeek(trainer, id, { weekId });
    expect(shape(await view(id))).toEqual([
      { position: 0, days: [{ dayIndex: 0, title: "Push", blocks: ["Bench Press", "Back Squat", "Pull-Up"] }] },
      { position: 1, days: [{ dayIndex: 0, title: "Push", blocks: ["Bench Press", "Back Squat", "Pull-Up"] }] },
      { position: 2, days: [] },
    ]);
    // The copy is its own: a change to the original leaves it alone.
    const before = await view(id);
    await updateDay(trainer, id, { dayId: before.weeks[0]!.days[0]!.id, title: "Push A", notes: "" });
    expect((await view(id)).weeks[1]!.days[0]!.title).toBe("Push");
    await removeWeek(trainer, id, { weekId });
    expect(shape(await view(id)).map((w) => w.position)).toEqual([0, 1]);
  });

  it("refuses a week of another program and a week that was trained", async () => {
    const { id, weekId, dayId } = await pushDay();
    const other = await createProgram(trainer, { name: "Other" });
    await expectRefused(removeWeek(trainer, other.id, { weekId }), 404, WEEK_NOT_FOUND);
    await expectRefused(duplicateWeek(trainer, other.id, { weekId }), 404, WEEK_NOT_FOUND);
    await insertWorkoutFor(member.id, dayId);
    await expectRefused(removeWeek(trainer, id, { weekId }), 409, WEEK_TRAINED);
    await expectRefused(removeDay(trainer, id, { dayId }), 409, DAY_TRAINED);
    expect((await view(id)).weeks[0]!.trained).toBe(true);
    expect((await view(id)).weeks[0]!.days).toHaveLength(1);
  });
});

describe("day slots", () => {
  it("a slot without a day is a rest day; adding a day fills a slot; a taken slot is refused", async () => {
    const { id, weekId } = await pushDay();
    await expectRefused(addDay(trainer, id, { weekId, dayIndex: "0", title: "Legs" }), 409, slotTaken(0));
    await expect(addDay(trainer, id, { weekId, dayIndex: "7", title: "Legs" })).rejects.toThrow("Please choose a day of the week");
    await expect(addDay(trainer, id, { weekId, dayIndex: "3", title: "" })).rejects.toThrow("Please enter the day's title");
    await addDay(trainer, id, { weekId, dayIndex: "4", title: "Legs", notes: "Heavy" });
    expect((await view(id)).weeks[0]!.days.map((d) => [d.dayIndex, d.title, d.notes])).toEqual([
      [0, "Push", ""],
      [4, "Legs", "Heavy"],
    ]);
  });

  it("moves a day to a rest-day slot and refuses a taken one", async () => {
    const { id, weekId, dayId } = await pushDay();
    await addDay(trainer, id, { weekId, dayIndex: "2", title: "Pull" });
    await expectRefused(moveDay(trainer, id, { dayId, dayIndex: "2" }), 409, slotTaken(2));
    expect(await moveDay(trainer, id, { dayId, dayIndex: "5" })).toEqual({ dayIndex: 5 });
    expect((await view(id)).weeks[0]!.days.map((d) => [d.dayIndex, d.title])).toEqual([
      [2, "Pull"],
      [5, "Push"],
    ]);
  });

  it("duplicates a day with its exercises and groups into the next rest-day slot, and refuses a full week", async () => {
    const { id, weekId, dayId, blocks } = await pushDay();
    await groupBlocks(trainer, id, { blockIds: [blocks[0], blocks[1]], groupKind: "superset" });
    await addDay(trainer, id, { weekId, dayIndex: "1", title: "Taken" });
    expect(await duplicateDay(trainer, id, { dayId })).toEqual({ dayIndex: 2 });
    const week = (await view(id)).weeks[0]!;
    const copy = week.days.find((d) => d.dayIndex === 2)!;
    const original = week.days.find((d) => d.dayIndex === 0)!;
    expect(copy.blocks.map((b) => [b.exerciseName, b.groupKind])).toEqual([
      ["Bench Press", "superset"],
      ["Back Squat", "superset"],
      ["Pull-Up", null],
    ]);
    expect(copy.blocks[0]!.groupKey).not.toBe(original.blocks[0]!.groupKey);
    // Wraps round to the slots before it when the ones after are taken.
    for (const slot of [3, 4, 5, 6]) await addDay(trainer, id, { weekId, dayIndex: String(slot), title: `Day ${slot}` });
    await removeDay(trainer, id, { dayId: week.days.find((d) => d.dayIndex === 1)!.id });
    expect(await duplicateDay(trainer, id, { dayId: week.days.find((d) => d.dayIndex === 6)?.id ?? (await view(id)).weeks[0]!.days.at(-1)!.id })).toEqual({ dayIndex: 1 });
    await expectRefused(duplicateDay(trainer, id, { dayId }), 409, WEEK_FULL);
  });

  it("refuses a day of another program", async () => {
    const { dayId } = await pushDay();
    const other = await createProgram(trainer, { name: "Other" });
    await expectRefused(updateDay(trainer, other.id, { dayId, title: "Mine" }), 404, DAY_NOT_FOUND);
    await expectRefused(addBlock(trainer, other.id, { dayId, ...bench }), 404, DAY_NOT_FOUND);
  });
});

describe("blocks", () => {
  it("stores each block's targets: reps or a range, % of 1RM, RIR, weight in kg typed in lbs, time", async () => {
    const { id, dayId } = await pushDay();
    await addBlock(trainer, id, { dayId, exerciseId: "deadlift", sets: "1", reps: "3", loadKind: "weight", loadValue: "315", loadUnit: "lbs", restSeconds: "180", tempo: "2-0-1-0", notes: "Belt on" });
    await addBlock(trainer, id, { dayId, exerciseId: "plank", sets: "3", durationSeconds: "60", loadKind: "rpe", loadValue: "8", reps: "99" });
    const blocks = (await view(id)).weeks[0]!.days[0]!.blocks;
    expect(blocks.map((b) => [b.exerciseName, b.repsMin, b.repsMax, b.durationSeconds, b.loadKind])).toEqual([
      ["Bench Press", 8, 12, null, "none"],
      ["Back Squat", 5, 5, null, "percent_1rm"],
      ["Pull-Up", 6, 10, null, "rir"],
      ["Deadlift", 3, 3, null, "weight"],
      ["Plank", null, null, 60, "rpe"],
    ]);
    expect(blocks[3]!.loadValue).toBeCloseTo(142.88, 2);
    expect(blocks[3]).toMatchObject({ restSeconds: 180, tempo: "2-0-1-0", notes: "Belt on" });
  });

  it("refuses rest=0x10, an exponent or other digits instead of storing a number nobody typed, and keeps the day as it was", async () => {
    const { id, dayId } = await pushDay();
    for (const restSeconds of ["0x10", "1e1", "Infinity", "١٦"]) {
      await expect(addBlock(trainer, id, { dayId, ...bench, restSeconds })).rejects.toThrow("Rest must be a number of seconds");
    }
    await expect(addBlock(trainer, id, { dayId, ...bench, sets: "0x3" })).rejects.toThrow("Sets must be a whole number");
    expect((await view(id)).weeks[0]!.days[0]!.blocks).toHaveLength(3);
  });

  it("checks the form against the stored exercise's measure, not the one the browser sent", async () => {
    const { id, dayId } = await pushDay();
    // A plank is timed: reps alone are not enough, whatever 'measure' says.
    await expect(addBlock(trainer, id, { dayId, exerciseId: "plank", measure: "reps", sets: "3", reps: "10" })).rejects.toThrow("Time must be between 1 and 86400 seconds");
    await expect(addBlock(trainer, id, { dayId, exerciseId: "push-up", measure: "weight_reps", sets: "3", reps: "8", loadKind: "percent_1rm", loadValue: "70" })).rejects.toThrow(
      "Weight and % of 1RM need an exercise measured by weight and reps",
    );
    await expectRefused(addBlock(trainer, id, { dayId, exerciseId: "no-such-exercise", sets: "0", reps: "8" }), 400, { exerciseId: EXERCISE_NOT_FOUND, sets: "Sets must be between 1 and 20" });
    expect((await view(id)).weeks[0]!.days[0]!.blocks).toHaveLength(3);
  });

  it("edits and removes a block; a bad edit changes nothing", async () => {
    const { id, blocks } = await pushDay();
    await updateBlock(trainer, id, { blockId: blocks[0], ...bench, sets: "4", reps: "6" });
    await expect(updateBlock(trainer, id, { blockId: blocks[0], ...bench, reps: "6-" })).rejects.toThrow(ZodError);
    await removeBlock(trainer, id, { blockId: blocks[1] });
    const day = (await view(id)).weeks[0]!.days[0]!;
    expect(day.blocks.map((b) => [b.exerciseName, b.sets, b.repsMin, b.position])).toEqual([
      ["Bench Press", 4, 6, 0],
      ["Pull-Up", 3, 6, 1],
    ]);
    const other = await createProgram(trainer, { name: "Other" });
    await expectRefused(removeBlock(trainer, other.id, { blockId: blocks[0] }), 404, BLOCK_NOT_FOUND);
  });

  it("moves a block to a position, up and down, and refuses a position past the end", async () => {
    const { id, blocks } = await pushDay();
    const names = async () => (await view(id)).weeks[0]!.days[0]!.blocks.map((b) => b.exerciseName);
    expect(await moveBlock(trainer, id, { blockId: blocks[2], position: "1" })).toEqual({ position: 1, of: 3 });
    expect(await names()).toEqual(["Pull-Up", "Bench Press", "Back Squat"]);
    await moveBlock(trainer, id, { blockId: blocks[2], position: "2" });
    expect(await names()).toEqual(["Bench Press", "Pull-Up", "Back Squat"]);
    await expectRefused(moveBlock(trainer, id, { blockId: blocks[2], position: "4" }), 400, { position: "Please choose a position" });
    await expect(moveBlock(trainer, id, { blockId: blocks[2], position: "0" })).rejects.toThrow("Please choose a position");
    expect(await names()).toEqual(["Bench Press", "Pull-Up", "Back Squat"]);
  });
});

describe("groups", () => {
  it("groups blocks as a superset next to one another, ungroups them, and dissolves a group left with one", async () => {
    const { id, blocks } = await pushDay();
    const { groupKey } = await groupBlocks(trainer, id, { blockIds: [blocks[0], blocks[2]], groupKind: "superset" });
    let day = (await view(id)).weeks[0]!.days[0]!;
    expect(day.blocks.map((b) => [b.exerciseName, b.groupKind, b.groupKey === groupKey])).toEqual([
      ["Bench Press", "superset", true],
      ["Pull-Up", "superset", true],
      ["Back Squat", null, false],
    ]);
    await ungroupBlocks(trainer, id, { groupKey });
    day = (await view(id)).weeks[0]!.days[0]!;
    expect(day.blocks.every((b) => b.groupKey === null && b.groupKind === null)).toBe(true);
    await groupBlocks(trainer, id, { blockIds: [...blocks], groupKind: "circuit" });
    await removeBlock(trainer, id, { blockId: blocks[0] });
    await removeBlock(trainer, id, { blockId: blocks[1] });
    day = (await view(id)).weeks[0]!.days[0]!;
    expect(day.blocks.map((b) => [b.exerciseName, b.groupKind])).toEqual([["Pull-Up", null]]);
  });

  it("refuses fewer than two blocks, blocks of two days, and blocks of another program", async () => {
    const { id, weekId, blocks } = await pushDay();
    await expect(groupBlocks(trainer, id, { blockIds: blocks[0], groupKind: "superset" })).rejects.toThrow("Select two or more exercises to group");
    await expectRefused(groupBlocks(trainer, id, { blockIds: [blocks[0], blocks[0]], groupKind: "superset" }), 400, { blockIds: "Select two or more exercises to group" });
    await expect(groupBlocks(trainer, id, { blockIds: [blocks[0], blocks[1]], groupKind: "giant" })).rejects.toThrow("Please choose superset or circuit");
    const { dayId: otherDay } = await addDay(trainer, id, { weekId, dayIndex: "3", title: "Legs" });
    const { blockId } = await addBlock(trainer, id, { dayId: otherDay, ...squat });
    await expectRefused(groupBlocks(trainer, id, { blockIds: [blocks[0], blockId], groupKind: "superset" }), 400, GROUP_ONE_DAY);
    const other = await createProgram(trainer, { name: "Other" });
    await expectRefused(groupBlocks(trainer, other.id, { blockIds: [blocks[0], blocks[1]], groupKind: "superset" }), 404, BLOCK_NOT_FOUND);
    await expectRefused(ungroupBlocks(trainer, id, { groupKey: "no-such-group" }), 404, BLOCK_NOT_FOUND);
    expect((await view(id)).weeks.flatMap((w) => w.days.flatMap((d) => d.blocks)).every((b) => b.groupKey === null)).toBe(true);
  });
});

describe("templates", () => {
  it("saves a program as a template and starts a new program from it: copies that later edits never touch", async () => {
    const { id, blocks } = await pushDay();
    const template = await saveAsTemplate(trainer, id);
    await updateBlock(trainer, id, { blockId: blocks[0], ...bench, sets: "9" });
    const started = await startFromTemplate(admin, template.id);
    const t = await view(template.id);
    expect(t).toMatchObject({ kind: "template", name: "Strength Base", sourceId: id });
    expect(t.weeks[0]!.days[0]!.blocks[0]!.sets).toBe(3);
    const s = await view(started.id);
    expect(s).toMatchObject({ kind: "program", sourceId: template.id, sourceName: "Strength Base" });
    expect(shape(s)).toEqual(shape(t));
    expect((await listTemplates(trainer)).map((p) => p.id)).toEqual([template.id]);
    expect((await listPrograms(trainer)).map((p) => p.id).sort()).toEqual([id, started.id].sort());
  });

  it("refuses to start a program from something that is not a template, and members", async () => {
    const { id } = await pushDay();
    await expectRefused(startFromTemplate(trainer, id), 400, NOT_A_TEMPLATE);
    await expectRefused(startFromTemplate(trainer, "no-such-template"), 404, PROGRAM_NOT_FOUND);
    await expectRefused(saveAsTemplate(member, id), 403, "You do not have permission to do that.");
    expect(await listTemplates(trainer)).toEqual([]);
    expect((await getDb().select({ id: program.id }).from(program).where(eq(program.isTemplate, true))).length).toBe(0);
  });
});
