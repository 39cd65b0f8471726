import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { exercise } from "~/db/schema/exercises";
import type * as tables from "~/db/schema/programs";
import { program, programBlock, programDay, programWeek } from "~/db/schema/programs";
import { AppError } from "~/lib/app-error";
import { containing } from "~/lib/like";
import { pickExercises, type ExerciseChoice } from "~/modules/exercises/exercises.server";
import type * as forms from "./programs.schema";
import { EXERCISE_CHOICES, MEMBER_CHOICES } from "./programs.schema";
import { trainedDays, type TrainedDay } from "./trained-days.server";

export type Actor = Pick<SessionUser, "id" | "role" | "email">;

// The browser-safe copies of the tables' value lists must stay the same lists.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const valueListsAgree: [Same<forms.LoadKind, tables.LoadKind>, Same<forms.GroupKind, tables.GroupKind>] = [true, true];

export const PROGRAM_NOT_FOUND = "Program not found";

/** The kind of a programs row, from its columns (schema/programs.ts). */
export type ProgramKind = "template" | "program" | "copy";

export interface BlockView {
  id: string;
  position: number;
  exerciseId: string;
  exerciseName: string;
  measure: forms.ExerciseMeasure;
  groupKey: string | null;
  groupKind: forms.GroupKind | null;
  sets: number;
  repsMin: number | null;
  repsMax: number | null;
  durationSeconds: number | null;
  distanceMeters: number | null;
  loadKind: forms.LoadKind;
  /** Kilograms for a weight; %, RPE or RIR otherwise. */
  loadValue: number | null;
  restSeconds: number | null;
  tempo: string;
  notes: string;
}

export interface DayView {
  id: string;
  dayIndex: number;
  title: string;
  notes: string;
  blocks: BlockView[];
  /** On a member's copy, once a workout exists for the day: it stays as the member did it (trained-days.server.ts). */
  trained: { on: string; finished: boolean } | null;
}

export interface WeekView {
  id: string;
  position: number;
  /** A workout was done for one of its days: it keeps its place, and 'update from the template' leaves it alone. */
  trained: boolean;
  days: DayView[];
}

export interface ProgramView {
  id: string;
  name: string;
  description: string;
  kind: ProgramKind;
  memberId: string | null;
  memberName: string | null;
  startDate: string | null;
  sourceId: string | null;
  sourceName: string | null;
  updatedAt: Date;
  weeks: WeekView[];
}

export function kindOf(row: { isTemplate: boolean; memberId: string | null }): ProgramKind {
  if (row.isTemplate) return "template";
  return row.memberId ? "copy" : "program";
}

export const personName = (u: { name: string; email: string }) => u.name.trim() || u.email;

const source = alias(program, "source");

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

type ProgramHeader = Omit<ProgramView, "weeks">;

/** Programs' own rows with their kind and the member's and the source's names (`db` may be a transaction). */
async function headerRows(db: Db, where: SQL | undefined, order: SQL[] = []): Promise<ProgramHeader[]> {
  const rows = await db
    .select({
      id: program.id,
      name: program.name,
      description: program.description,
      isTemplate: program.isTemplate,
      memberId: program.memberId,
      startDate: program.startDate,
      sourceId: program.sourceId,
      sourceName: source.name,
      updatedAt: program.updatedAt,
      memberFullName: user.name,
      memberEmail: user.email,
    })
    .from(program)
    .leftJoin(user, eq(user.id, program.memberId))
    .leftJoin(source, eq(source.id, program.sourceId))
    .where(where)
    .orderBy(...order);
  return rows.map(({ isTemplate, memberFullName, memberEmail, ...r }) => ({
    ...r,
    kind: kindOf({ isTemplate, memberId: r.memberId }),
    memberName: memberEmail !== null ? personName({ name: memberFullName ?? "", email: memberEmail }) : null,
  }));
}

function readDays(db: Db, where: SQL) {
  return db
    .select({ id: programDay.id, weekId: programDay.weekId, dayIndex: programDay.dayIndex, title: programDay.title, notes: programDay.notes })
    .from(programDay)
    .where(where)
    .orderBy(asc(programDay.dayIndex));
}

/**
 * Blocks with their exercises, of the days `days` picks (a condition on program_days). The
 * days are read first and their blocks through `program_blocks_day_idx` (= any): as a join,
 * PGlite (no statistics) planned a scan of every program's exercises.
 */
function readBlocks(db: Db, days: SQL) {
  return db
    .select({
      id: programBlock.id,
      dayId: programBlock.dayId,
      position: programBlock.position,
      exerciseId: programBlock.exerciseId,
      exerciseName: exercise.name,
      measure: exercise.measure,
      groupKey: programBlock.groupKey,
      groupKind: programBlock.groupKind,
      sets: programBlock.sets,
      repsMin: programBlock.repsMin,
      repsMax: programBlock.repsMax,
      durationSeconds: programBlock.durationSeconds,
      distanceMeters: programBlock.distanceMeters,
      loadKind: programBlock.loadKind,
      loadValue: programBlock.loadValue,
      restSeconds: programBlock.restSeconds,
      tempo: programBlock.tempo,
      notes: programBlock.notes,
    })
    .from(programBlock)
    .innerJoin(exercise, eq(exercise.id, programBlock.exerciseId))
    .where(sql`${programBlock.dayId} = any(array(select id from program_days where ${days}))`)
    .orderBy(asc(programBlock.position));
}

type DayRow = Awaited<ReturnType<typeof readDays>>[number];
type BlockRow = Awaited<ReturnType<typeof readBlocks>>[number];

function dayViews(days: readonly DayRow[], blocks: readonly BlockRow[], trained: ReadonlyMap<string, TrainedDay>): DayView[] {
  const blocksOf = groupBy(blocks, (b) => b.dayId);
  return days.map((d) => {
    const lock = trained.get(d.id);
    return {
      id: d.id,
      dayIndex: d.dayIndex,
      title: d.title,
      notes: d.notes,
      blocks: (blocksOf.get(d.id) ?? []).map(({ dayId: _dayId, ...b }) => b),
      trained: lock ? { on: lock.on, finished: lock.finished } : null,
    };
  });
}

/**
 * A whole program in five queries whatever its size: the program (with member and source
 * names), its weeks, which days were trained, its days, its blocks with their exercises.
 * `db` may be a transaction. The builder reads one week at a time (loadProgramWeek).
 */
export async function loadProgram(db: Db, id: string): Promise<ProgramView | null> {
  const [row] = await headerRows(db, and(eq(program.id, id), isNull(program.archivedAt)));
  if (!row) return null;
  const [weeks, trained, days, blocks] = await Promise.all([
    db.select({ id: programWeek.id, position: programWeek.position }).from(programWeek).where(eq(programWeek.programId, id)).orderBy(asc(programWeek.position)),
    trainedDays(db, id),
    readDays(db, eq(programDay.programId, id)),
    readBlocks(db, eq(programDay.programId, id)),
  ]);
  const daysOf = groupBy(days, (d) => d.weekId);
  const trainedWeeks = new Set([...trained.values()].map((t) => t.weekId));
  return {
    ...row,
    weeks: weeks.map((w) => ({ id: w.id, position: w.position, trained: trainedWeeks.has(w.id), days: dayViews(daysOf.get(w.id) ?? [], blocks, trained) })),
  };
}

/** A week in the builder's week navigator: what it holds, without its days. */
export interface WeekSummary {
  id: string;
  position: number;
  trained: boolean;
  days: number;
  blocks: number;
}

/** The builder's page: the program, every week's summary, and the one week open. */
export interface ProgramWeekView extends ProgramHeader {
  weeks: WeekSummary[];
  /** The open week with its days and blocks (null for a program without weeks). */
  week: WeekView | null;
}

/** Which week the builder opens: the one holding `block` or `day`, else week `number` (1 is the first), else the nearest one after it, else the last. */
export interface WeekChoice {
  number?: number;
  block?: string;
  day?: string;
}

async function weekOf(db: Db, programId: string, choice: WeekChoice): Promise<string | null> {
  if (choice.block && choice.block !== "new") {
    const [row] = await db
      .select({ weekId: programDay.weekId })
      .from(programBlock)
      .innerJoin(programDay, eq(programDay.id, programBlock.dayId))
      .where(and(eq(programBlock.id, choice.block), eq(programDay.programId, programId)));
    if (row) return row.weekId;
  }
  if (choice.day) {
    const [row] = await db
      .select({ weekId: programDay.weekId })
      .from(programDay)
      .where(and(eq(programDay.id, choice.day), eq(programDay.programId, programId)));
    if (row) return row.weekId;
  }
  return null;
}

/**
 * The builder's read (decision 0044): the program's row, a summary of each week (one
 * aggregate), and the days and blocks of the chosen week only, so the page's size is one
 * week's whatever the program's length.
 */
export async function loadProgramWeek(db: Db, id: string, choice: WeekChoice): Promise<ProgramWeekView | null> {
  const [row] = await headerRows(db, and(eq(program.id, id), isNull(program.archivedAt)));
  if (!row) return null;
  const [weeks, named, trained] = await Promise.all([
    // Each week's days and exercises counted through their indexes (as joins, PGlite planned a scan of every program's days).
    db
      .select({
        id: programWeek.id,
        position: programWeek.position,
        // Written out: inside a sub-select drizzle leaves column names unqualified.
        days: sql<number>`(select count(*)::int from program_days where week_id = program_weeks.id)`,
        blocks: sql<number>`(select count(*)::int from program_blocks where day_id = any(array(select id from program_days where week_id = program_weeks.id)))`,
      })
      .from(programWeek)
      .where(eq(programWeek.programId, id))
      .orderBy(asc(programWeek.position)),
    weekOf(db, id, choice),
    trainedDays(db, id),
  ]);
  const trainedWeeks = new Set([...trained.values()].map((t) => t.weekId));
  const wanted = (choice.number ?? 1) - 1;
  const open = weeks.find((w) => w.id === named) ?? weeks.find((w) => w.position >= wanted) ?? weeks.at(-1);
  if (!open) return { ...row, weeks: [], week: null };
  const [days, blocks] = await Promise.all([readDays(db, eq(programDay.weekId, open.id)), readBlocks(db, eq(programDay.weekId, open.id))]);
  return {
    ...row,
    weeks: weeks.map((w) => ({ ...w, days: Number(w.days), blocks: Number(w.blocks), trained: trainedWeeks.has(w.id) })),
    week: { id: open.id, position: open.position, trained: trainedWeeks.has(open.id), days: dayViews(days, blocks, trained) },
  };
}

/** The builder's page for a staff reader. */
export async function getProgramWeek(actor: Actor, id: string, choice: WeekChoice): Promise<ProgramWeekView> {
  ensureCan(actor, "programs", "view");
  const found = await loadProgramWeek(getDb(), id, choice);
  if (!found) throw new AppError(404, PROGRAM_NOT_FOUND);
  return found;
}

/** A program in the lists: its own row, without the weeks. */
export type ProgramListItem = ProgramHeader;

async function listWhere(templates: boolean): Promise<ProgramListItem[]> {
  return headerRows(getDb(), and(eq(program.isTemplate, templates), isNull(program.archivedAt)), [desc(program.updatedAt), asc(program.name)]);
}

/** The coach's programs and the members' copies (newest change first). */
export async function listPrograms(actor: Actor): Promise<ProgramListItem[]> {
  ensureCan(actor, "programs", "view");
  return listWhere(false);
}

export async function listTemplates(actor: Actor): Promise<ProgramListItem[]> {
  ensureCan(actor, "programs", "view");
  return listWhere(true);
}

/** What a picker lists (decision 0054): the first matches of a search, capped. */
export interface Choices<T> {
  choices: T[];
  /** More match than are listed. */
  more: boolean;
}

/** The best matches of the search, the exercise already chosen first when it is not among them. */
export type ExerciseOptions = Choices<ExerciseChoice>;

/** The block form's picker: the library's search for `q` (best match first), at most EXERCISE_CHOICES, and the block's own exercise. */
export async function listExerciseOptions(actor: Actor, q = "", chosenId?: string): Promise<ExerciseOptions> {
  ensureCan(actor, "programs", "write");
  const found = await pickExercises(q, EXERCISE_CHOICES + 1);
  const choices = found.slice(0, EXERCISE_CHOICES);
  if (chosenId && !choices.some((c) => c.id === chosenId)) {
    const [chosen] = await getDb().select({ id: exercise.id, name: exercise.name, measure: exercise.measure }).from(exercise).where(eq(exercise.id, chosenId));
    if (chosen) choices.unshift(chosen);
  }
  return { choices, more: found.length > EXERCISE_CHOICES };
}

export interface MemberOption {
  id: string;
  name: string;
  email: string;
}

/** The members whose name or e-mail address contains the search, by name. */
export type MemberOptions = Choices<MemberOption>;

/** Members a program can be assigned to (members, not deactivated) whose name or address contains `q`: at most MEMBER_CHOICES. */
export async function listAssignableMembers(actor: Actor, q = ""): Promise<MemberOptions> {
  ensureCan(actor, "programs", "assign");
  const rows = await getDb()
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(and(eq(user.role, "member"), eq(user.banned, false), q ? or(ilike(user.name, containing(q)), ilike(user.email, containing(q))) : undefined))
    .orderBy(asc(user.name), asc(user.email))
    .limit(MEMBER_CHOICES + 1);
  return { choices: rows.slice(0, MEMBER_CHOICES).map((r) => ({ id: r.id, name: personName(r), email: r.email })), more: rows.length > MEMBER_CHOICES };
}
