import crypto from "node:crypto";
import { and, asc, eq, gt, inArray, max, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { exercise } from "~/db/schema/exercises";
import { programBlock, programDay, programWeek } from "~/db/schema/programs";
import { AppError } from "~/lib/app-error";
import { copyDayBlocks, copyWeeks } from "./program-copy.server";
import type { Actor } from "./program-read.server";
import { editProgram, growProgram } from "./programs.server";
import { blockFormSchema, blockPositionSchema, blockTargets, dayFormSchema, daySlotSchema, groupFormSchema, weekdayLabel } from "./programs.schema";
import { DAYS_PER_WEEK } from "./program-sizes";
import { DAY_TRAINED, LATER_WEEK_TRAINED, refuseTrained, WEEK_TRAINED } from "./trained-days.server";

/**
 * The builder's edits: weeks, days (one per day slot 0-6 of a week; a slot without a
 * day is a rest day), blocks, their groups and their order. Each edit is one transaction
 * on the locked program (editProgram; growProgram for those that add, which checks the
 * program's limits), and every id must belong to that program. On a member's copy nothing
 * the member trained changes: each edit that would change a day, its exercises or a week's
 * place goes through `refuseTrained` (trained-days.server.ts).
 */

export const WEEK_NOT_FOUND = "Week not found";
export const DAY_NOT_FOUND = "Day not found";
export const BLOCK_NOT_FOUND = "Exercise not found in this program";
export const EXERCISE_NOT_FOUND = "Please choose an exercise from the list";
export const GROUP_ONE_DAY = "Grouped exercises must be on the same day.";
export const slotTaken = (dayIndex: number) => `${weekdayLabel(dayIndex)} already holds a workout. Move or remove that one first.`;
export const WEEK_FULL = "This week has no rest day left to copy the day into.";

const idOf = (value: unknown) => (typeof value === "string" ? value : "");

async function requireWeek(tx: Db, programId: string, weekId: unknown) {
  const [week] = await tx
    .select({ id: programWeek.id, position: programWeek.position })
    .from(programWeek)
    .where(and(eq(programWeek.id, idOf(weekId)), eq(programWeek.programId, programId)));
  if (!week) throw new AppError(404, WEEK_NOT_FOUND);
  return week;
}

async function requireDay(tx: Db, programId: string, dayId: unknown) {
  const [day] = await tx
    .select({ id: programDay.id, weekId: programDay.weekId, dayIndex: programDay.dayIndex, title: programDay.title, notes: programDay.notes })
    .from(programDay)
    .where(and(eq(programDay.id, idOf(dayId)), eq(programDay.programId, programId)));
  if (!day) throw new AppError(404, DAY_NOT_FOUND);
  return day;
}

/** A day the edit may change: of this program, and not trained. */
async function requireEditableDay(tx: Db, programId: string, dayId: unknown) {
  const day = await requireDay(tx, programId, dayId);
  await refuseTrained(tx, { days: [day.id] }, DAY_TRAINED);
  return day;
}

/**
 * The blocks of a program, through its days' index (= any): as a join with program_days,
 * PGlite (no statistics) planned a scan of every program's exercises.
 */
function ofProgram(programId: string) {
  return sql`${programBlock.dayId} = any(array(select id from program_days where program_id = ${programId}))`;
}

/** A block the edit may change: of this program, on a day not trained. */
async function requireEditableBlock(tx: Db, programId: string, blockId: unknown) {
  const [block] = await tx
    .select({ id: programBlock.id, dayId: programBlock.dayId, groupKey: programBlock.groupKey })
    .from(programBlock)
    .where(and(eq(programBlock.id, idOf(blockId)), ofProgram(programId)));
  if (!block) throw new AppError(404, BLOCK_NOT_FOUND);
  await refuseTrained(tx, { days: [block.dayId] }, DAY_TRAINED);
  return block;
}

async function takenSlots(tx: Db, weekId: string): Promise<Set<number>> {
  const rows = await tx.select({ dayIndex: programDay.dayIndex }).from(programDay).where(eq(programDay.weekId, weekId));
  return new Set(rows.map((r) => r.dayIndex));
}

/** Positions 0..n-1 in the order given. */
async function renumberWeeks(tx: Db, programId: string): Promise<void> {
  const weeks = await tx.select({ id: programWeek.id }).from(programWeek).where(eq(programWeek.programId, programId)).orderBy(asc(programWeek.position));
  for (const [position, week] of weeks.entries()) await tx.update(programWeek).set({ position }).where(eq(programWeek.id, week.id));
}

async function blocksOfDay(tx: Db, dayId: string) {
  return tx
    .select({ id: programBlock.id, groupKey: programBlock.groupKey })
    .from(programBlock)
    .where(eq(programBlock.dayId, dayId))
    .orderBy(asc(programBlock.position), asc(programBlock.id));
}

async function writeBlockOrder(tx: Db, ids: readonly string[]): Promise<void> {
  for (const [position, id] of ids.entries()) await tx.update(programBlock).set({ position }).where(eq(programBlock.id, id));
}

/** A group left with fewer than two exercises is no group. */
async function dissolveLoneGroups(tx: Db, dayId: string): Promise<void> {
  const blocks = await blocksOfDay(tx, dayId);
  const sizes = new Map<string, number>();
  for (const b of blocks) if (b.groupKey) sizes.set(b.groupKey, (sizes.get(b.groupKey) ?? 0) + 1);
  const lone = [...sizes].filter(([, size]) => size < 2).map(([key]) => key);
  if (lone.length) await tx.update(programBlock).set({ groupKey: null, groupKind: null }).where(and(eq(programBlock.dayId, dayId), inArray(programBlock.groupKey, lone)));
}

// ---------------------------------------------------------------- weeks

export async function addWeek(actor: Actor, programId: unknown): Promise<{ weekId: string; position: number }> {
  return growProgram(actor, programId, async (tx, row) => {
    const [{ last } = { last: null }] = await tx.select({ last: max(programWeek.position) }).from(programWeek).where(eq(programWeek.programId, row.id));
    const position = last === null ? 0 : last + 1;
    const weekId = crypto.randomUUID();
    await tx.insert(programWeek).values({ id: weekId, programId: row.id, position });
    return { weekId, position };
  });
}

export async function removeWeek(actor: Actor, programId: unknown, input: { weekId?: unknown }): Promise<void> {
  await editProgram(actor, programId, async (tx, row) => {
    const week = await requireWeek(tx, row.id, input.weekId);
    await refuseTrained(tx, { weeks: [week.id] }, WEEK_TRAINED);
    await tx.delete(programWeek).where(eq(programWeek.id, week.id));
    // A member's weeks are offsets from their start date: the weeks after keep their dates.
    // (Only a copy is ever trained, so closing up never moves a trained week.)
    if (!row.memberId) await renumberWeeks(tx, row.id);
  });
}

/**
 * A copy of the week right after it; the weeks after move down one, so none of them may be
 * trained (their dates would move). The week copied stays as it is, trained or not.
 */
export async function duplicateWeek(actor: Actor, programId: unknown, input: { weekId?: unknown }): Promise<{ position: number }> {
  return growProgram(actor, programId, async (tx, row) => {
    const week = await requireWeek(tx, row.id, input.weekId);
    const later = await tx.select({ id: programWeek.id }).from(programWeek).where(and(eq(programWeek.programId, row.id), gt(programWeek.position, week.position)));
    await refuseTrained(tx, { weeks: later.map((w) => w.id) }, LATER_WEEK_TRAINED);
    await tx
      .update(programWeek)
      .set({ position: sql`${programWeek.position} + 1` })
      .where(and(eq(programWeek.programId, row.id), gt(programWeek.position, week.position)));
    await copyWeeks(tx, { from: row.id, to: row.id, weekIds: [week.id], shift: 1 });
    return { position: week.position + 1 };
  });
}

// ---------------------------------------------------------------- days

/** A training day in a rest-day slot of a week (of a trained week too: a rest slot holds nothing trained). */
export async function addDay(actor: Actor, programId: unknown, input: { weekId?: unknown; dayIndex?: unknown; title?: unknown; notes?: unknown }): Promise<{ dayId: string }> {
  const { dayIndex } = daySlotSchema.parse(input);
  const form = dayFormSchema.parse(input);
  return growProgram(actor, programId, async (tx, row) => {
    const week = await requireWeek(tx, row.id, input.weekId);
    if ((await takenSlots(tx, week.id)).has(dayIndex)) throw new AppError(409, slotTaken(dayIndex));
    const dayId = crypto.randomUUID();
    await tx.insert(programDay).values({ id: dayId, programId: row.id, weekId: week.id, dayIndex, title: form.title, notes: form.notes });
    return { dayId };
  });
}

export async function updateDay(actor: Actor, programId: unknown, input: { dayId?: unknown; title?: unknown; notes?: unknown }): Promise<void> {
  const form = dayFormSchema.parse(input);
  await editProgram(actor, programId, async (tx, row) => {
    const day = await requireEditableDay(tx, row.id, input.dayId);
    await tx.update(programDay).set({ title: form.title, notes: form.notes }).where(eq(programDay.id, day.id));
  });
}

/** The slot becomes a rest day again. */
export async function removeDay(actor: Actor, programId: unknown, input: { dayId?: unknown }): Promise<void> {
  await editProgram(actor, programId, async (tx, row) => {
    const day = await requireEditableDay(tx, row.id, input.dayId);
    await tx.delete(programDay).where(eq(programDay.id, day.id));
  });
}

/** The day to another slot of its week (a trained day keeps its date); a slot that holds a day is refused. */
export async function moveDay(actor: Actor, programId: unknown, input: { dayId?: unknown; dayIndex?: unknown }): Promise<{ dayIndex: number }> {
  const { dayIndex } = daySlotSchema.parse(input);
  return editProgram(actor, programId, async (tx, row) => {
    const day = await requireEditableDay(tx, row.id, input.dayId);
    if (day.dayIndex === dayIndex) return { dayIndex };
    if ((await takenSlots(tx, day.weekId)).has(dayIndex)) throw new AppError(409, slotTaken(dayIndex));
    await tx.update(programDay).set({ dayIndex }).where(eq(programDay.id, day.id));
    return { dayIndex };
  });
}

/**
 * A copy of the day (its exercises and groups) in the next rest-day slot of the same week
 * after it, else the first one before it; a week without a rest day is refused. The day
 * copied is only read, so a trained one may be copied.
 */
export async function duplicateDay(actor: Actor, programId: unknown, input: { dayId?: unknown }): Promise<{ dayIndex: number }> {
  return growProgram(actor, programId, async (tx, row) => {
    const day = await requireDay(tx, row.id, input.dayId);
    const taken = await takenSlots(tx, day.weekId);
    const slots = Array.from({ length: DAYS_PER_WEEK }, (_, i) => i);
    const free = [...slots.filter((slot) => slot > day.dayIndex), ...slots.filter((slot) => slot < day.dayIndex)].find((slot) => !taken.has(slot));
    if (free === undefined) throw new AppError(409, WEEK_FULL);
    const dayId = crypto.randomUUID();
    await tx.insert(programDay).values({ id: dayId, programId: row.id, weekId: day.weekId, dayIndex: free, title: day.title, notes: day.notes });
    await copyDayBlocks(tx, { from: day.id, to: dayId });
    return { dayIndex: free };
  });
}

// ---------------------------------------------------------------- blocks

/** The form's values checked against the chosen exercise's own measure (never the browser's word for it). */
async function checkedTargets(tx: Db, input: Record<string, unknown>) {
  const exerciseId = idOf(input.exerciseId);
  const [chosen] = exerciseId ? await tx.select({ id: exercise.id, measure: exercise.measure }).from(exercise).where(eq(exercise.id, exerciseId)) : [];
  if (!chosen) {
    // The other fields' messages too, when there are any.
    const rest = blockFormSchema.safeParse({ ...input, measure: "weight_reps" });
    const fieldErrors: Record<string, string> = {};
    if (!rest.success) for (const issue of rest.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    throw new AppError(400, "", { fieldErrors: { ...fieldErrors, exerciseId: EXERCISE_NOT_FOUND } });
  }
  return blockTargets(blockFormSchema.parse({ ...input, measure: chosen.measure }));
}

export async function addBlock(actor: Actor, programId: unknown, input: Record<string, unknown>): Promise<{ blockId: string }> {
  return growProgram(actor, programId, async (tx, row) => {
    const day = await requireEditableDay(tx, row.id, input.dayId);
    const targets = await checkedTargets(tx, input);
    const [{ last } = { last: null }] = await tx.select({ last: max(programBlock.position) }).from(programBlock).where(eq(programBlock.dayId, day.id));
    const position = last === null ? 0 : last + 1;
    const blockId = crypto.randomUUID();
    await tx.insert(programBlock).values({ id: blockId, dayId: day.id, position, ...targets });
    return { blockId };
  });
}

export async function updateBlock(actor: Actor, programId: unknown, input: Record<string, unknown>): Promise<void> {
  await editProgram(actor, programId, async (tx, row) => {
    const block = await requireEditableBlock(tx, row.id, input.blockId);
    const targets = await checkedTargets(tx, input);
    await tx.update(programBlock).set(targets).where(eq(programBlock.id, block.id));
  });
}

export async function removeBlock(actor: Actor, programId: unknown, input: { blockId?: unknown }): Promise<void> {
  await editProgram(actor, programId, async (tx, row) => {
    const block = await requireEditableBlock(tx, row.id, input.blockId);
    await tx.delete(programBlock).where(eq(programBlock.id, block.id));
    await writeBlockOrder(tx, (await blocksOfDay(tx, block.dayId)).map((b) => b.id));
    await dissolveLoneGroups(tx, block.dayId);
  });
}

/** The block to `position` (1 is the top) within its day; the others close up around it. */
export async function moveBlock(actor: Actor, programId: unknown, input: { blockId?: unknown; position?: unknown }): Promise<{ position: number; of: number }> {
  const { position } = blockPositionSchema.parse(input);
  return editProgram(actor, programId, async (tx, row) => {
    const block = await requireEditableBlock(tx, row.id, input.blockId);
    const ids = (await blocksOfDay(tx, block.dayId)).map((b) => b.id).filter((id) => id !== block.id);
    if (position > ids.length + 1) throw new AppError(400, "", { fieldErrors: { position: "Please choose a position" } });
    ids.splice(position - 1, 0, block.id);
    await writeBlockOrder(tx, ids);
    return { position, of: ids.length };
  });
}

/**
 * Two or more blocks of one day become a superset or a circuit: they follow one another
 * from the first one's place. A block taken from another group leaves it (a group left
 * with one exercise is dissolved).
 */
export async function groupBlocks(actor: Actor, programId: unknown, input: Record<string, unknown>): Promise<{ groupKey: string }> {
  const form = groupFormSchema.parse(input);
  const wanted = [...new Set(form.blockIds)];
  if (wanted.length < 2) throw new AppError(400, "", { fieldErrors: { blockIds: "Select two or more exercises to group" } });
  return editProgram(actor, programId, async (tx, row) => {
    const found = await tx
      .select({ id: programBlock.id, dayId: programBlock.dayId })
      .from(programBlock)
      .where(and(inArray(programBlock.id, wanted), ofProgram(row.id)));
    if (found.length !== wanted.length) throw new AppError(404, BLOCK_NOT_FOUND);
    const dayIds = new Set(found.map((b) => b.dayId));
    if (dayIds.size !== 1) throw new AppError(400, GROUP_ONE_DAY);
    const dayId = found[0]!.dayId;
    await refuseTrained(tx, { days: [dayId] }, DAY_TRAINED);
    const groupKey = crypto.randomUUID();
    await tx.update(programBlock).set({ groupKey, groupKind: form.groupKind }).where(inArray(programBlock.id, wanted));
    const order = (await blocksOfDay(tx, dayId)).map((b) => b.id);
    const members = order.filter((id) => wanted.includes(id));
    const first = order.indexOf(members[0]!);
    const others = order.filter((id) => !wanted.includes(id));
    const before = others.filter((id) => order.indexOf(id) < first);
    await writeBlockOrder(tx, [...before, ...members, ...others.slice(before.length)]);
    await dissolveLoneGroups(tx, dayId);
    return { groupKey };
  });
}

export async function ungroupBlocks(actor: Actor, programId: unknown, input: { groupKey?: unknown }): Promise<void> {
  await editProgram(actor, programId, async (tx, row) => {
    const grouped = await tx
      .select({ id: programBlock.id, dayId: programBlock.dayId })
      .from(programBlock)
      .where(and(eq(programBlock.groupKey, idOf(input.groupKey)), ofProgram(row.id)));
    if (grouped.length === 0) throw new AppError(404, BLOCK_NOT_FOUND);
    await refuseTrained(tx, { days: [...new Set(grouped.map((b) => b.dayId))] }, DAY_TRAINED);
    await tx
      .update(programBlock)
      .set({ groupKey: null, groupKind: null })
      .where(inArray(programBlock.id, grouped.map((b) => b.id)));
  });
}
