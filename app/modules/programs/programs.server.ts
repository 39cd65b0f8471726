import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { ensureCan } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { program, programWeek } from "~/db/schema/programs";
import { AppError } from "~/lib/app-error";
import { copyWeeks } from "./program-copy.server";
import { ensureWithinLimits } from "./program-limits.server";
import { kindOf, PROGRAM_NOT_FOUND, type Actor } from "./program-read.server";
import { programDetailsSchema } from "./programs.schema";

export const NOT_A_TEMPLATE = "Only a template can start a program. Choose one from Templates.";

/**
 * Runs `change` on one program in a transaction, the program's row locked so that two
 * edits of the same program take turns (positions stay 0..n-1). Refuses a program that is
 * not there; marks the program changed.
 */
export async function editProgram<T>(actor: Actor, programId: unknown, change: (tx: Db, row: { id: string; memberId: string | null; isTemplate: boolean }) => Promise<T>): Promise<T> {
  ensureCan(actor, "programs", "write");
  if (typeof programId !== "string" || programId === "") throw new AppError(404, PROGRAM_NOT_FOUND);
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ id: program.id, memberId: program.memberId, isTemplate: program.isTemplate })
      .from(program)
      .where(and(eq(program.id, programId), isNull(program.archivedAt)))
      .for("update");
    if (!row) throw new AppError(404, PROGRAM_NOT_FOUND);
    const result = await change(tx, row);
    await tx.update(program).set({ updatedAt: new Date() }).where(eq(program.id, row.id));
    return result;
  });
}

/** An edit that adds to a program (weeks, days, exercises): refused, with nothing changed, when the program would outgrow its limits. */
export async function growProgram<T>(actor: Actor, programId: unknown, change: (tx: Db, row: { id: string; memberId: string | null; isTemplate: boolean }) => Promise<T>): Promise<T> {
  return editProgram(actor, programId, async (tx, row) => {
    const result = await change(tx, row);
    await ensureWithinLimits(tx, row.id);
    return result;
  });
}

/** A new, empty coach's program with its first week. */
export async function createProgram(actor: Actor, input: unknown): Promise<{ id: string }> {
  ensureCan(actor, "programs", "write");
  const details = programDetailsSchema.parse(input);
  const id = crypto.randomUUID();
  await getDb().transaction(async (tx) => {
    await tx.insert(program).values({ id, name: details.name, description: details.description, createdById: actor.id });
    await tx.insert(programWeek).values({ id: crypto.randomUUID(), programId: id, position: 0 });
  });
  return { id };
}

/** Renames a program or changes its description. */
export async function updateProgramDetails(actor: Actor, programId: unknown, input: unknown): Promise<void> {
  const details = programDetailsSchema.parse(input);
  await editProgram(actor, programId, async (tx, row) => {
    await tx.update(program).set({ name: details.name, description: details.description }).where(eq(program.id, row.id));
  });
}

interface ProgramRow {
  id: string;
  name: string;
  description: string;
  kind: ReturnType<typeof kindOf>;
}

/** A coach's program, a template or a member's copy, not archived: else 404. */
export async function requireProgram(id: unknown): Promise<ProgramRow> {
  const [row] =
    typeof id === "string" && id !== ""
      ? await getDb()
          .select({ id: program.id, name: program.name, description: program.description, isTemplate: program.isTemplate, memberId: program.memberId })
          .from(program)
          .where(and(eq(program.id, id), isNull(program.archivedAt)))
      : [];
  if (!row) throw new AppError(404, PROGRAM_NOT_FOUND);
  return { id: row.id, name: row.name, description: row.description, kind: kindOf(row) };
}

/**
 * A new program (a template, a coach's program or a member's copy) holding a copy of all
 * of `from`'s weeks, in one transaction with `from` locked for sharing (an edit of it waits).
 * Refused when `from` is larger than a program may be.
 */
export async function copyProgram(from: string, values: Omit<typeof program.$inferInsert, "id" | "sourceId">): Promise<{ id: string }> {
  return getDb().transaction(async (tx) => {
    const [source] = await tx.select({ id: program.id }).from(program).where(and(eq(program.id, from), isNull(program.archivedAt))).for("share");
    if (!source) throw new AppError(404, PROGRAM_NOT_FOUND);
    // A copy is as large as its source: checking the source refuses before anything is written.
    await ensureWithinLimits(tx, from);
    const [created] = await tx
      .insert(program)
      .values({ ...values, id: sql`gen_random_uuid()::text`, sourceId: from })
      .returning({ id: program.id });
    await copyWeeks(tx, { from, to: created!.id });
    return { id: created!.id };
  });
}

/** A template made from a program (a copy: later edits of either leave the other as it is). */
export async function saveAsTemplate(actor: Actor, programId: unknown): Promise<{ id: string }> {
  ensureCan(actor, "programs", "write");
  const from = await requireProgram(programId);
  return copyProgram(from.id, { name: from.name, description: from.description, isTemplate: true, createdById: actor.id });
}

/** A coach's program started from a template (a copy, to change and assign). */
export async function startFromTemplate(actor: Actor, templateId: unknown): Promise<{ id: string }> {
  ensureCan(actor, "programs", "write");
  const from = await requireProgram(templateId);
  if (from.kind !== "template") throw new AppError(400, NOT_A_TEMPLATE);
  return copyProgram(from.id, { name: from.name, description: from.description, isTemplate: false, createdById: actor.id });
}
