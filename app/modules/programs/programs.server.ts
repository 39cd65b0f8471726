import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { ensureCan } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { program, programWeek } from "~/db/schema/programs";
import { AppError } from "~/lib/app-error";
import { copyWeeks } from "./program-copy.server";
import { loadProgram, PROGRAM_NOT_FOUND, type Actor, type ProgramView } from "./program-read.server";
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

async function copyProgram(actor: Actor, from: ProgramView, values: { isTemplate: boolean; name: string }): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  await getDb().transaction(async (tx) => {
    await tx.insert(program).values({ id, name: values.name, description: from.description, isTemplate: values.isTemplate, sourceId: from.id, createdById: actor.id });
    await copyWeeks(tx, id, from.weeks, (week) => week.position);
  });
  return { id };
}

async function requireProgram(id: unknown): Promise<ProgramView> {
  const found = typeof id === "string" && id !== "" ? await loadProgram(getDb(), id) : null;
  if (!found) throw new AppError(404, PROGRAM_NOT_FOUND);
  return found;
}

/** A template made from a program (a copy: later edits of either leave the other as it is). */
export async function saveAsTemplate(actor: Actor, programId: unknown): Promise<{ id: string }> {
  ensureCan(actor, "programs", "write");
  const from = await requireProgram(programId);
  return copyProgram(actor, from, { isTemplate: true, name: from.name });
}

/** A coach's program started from a template (a copy, to change and assign). */
export async function startFromTemplate(actor: Actor, templateId: unknown): Promise<{ id: string }> {
  ensureCan(actor, "programs", "write");
  const from = await requireProgram(templateId);
  if (from.kind !== "template") throw new AppError(400, NOT_A_TEMPLATE);
  return copyProgram(actor, from, { isTemplate: false, name: from.name });
}
