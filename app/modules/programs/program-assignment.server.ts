import { and, eq, inArray, isNull } from "drizzle-orm";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan } from "~/auth/session.server";
import { getDatabase, getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { program, programWeek } from "~/db/schema/programs";
import { AppError } from "~/lib/app-error";
import { formatLongDate } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { sendMail } from "~/lib/mail.server";
import { getBusinessName } from "~/lib/business-name.server";
import { copyWeeks } from "./program-copy.server";
import { ensureWithinLimits } from "./program-limits.server";
import { personName, PROGRAM_NOT_FOUND, type Actor } from "./program-read.server";
import { copyProgram, requireProgram } from "./programs.server";
import { assignFormSchema } from "./programs.schema";
import { trainedDays } from "./trained-days.server";

export const CHOOSE_MEMBERS = "Please choose members from the list";
export const COPY_NOT_ASSIGNABLE = "This is a member's copy. Assign the program or template it came from.";
export const NOT_A_COPY = "Only a member's copy can be updated from its template.";
export const SOURCE_GONE = "The program this copy came from no longer exists.";
export const deactivatedMember = (name: string) => `${name}'s account is deactivated: a program cannot be assigned to it.`;

/** Where the member trains their program. */
export const WORKOUTS_PATH = "/members/workouts";

interface Member {
  id: string;
  name: string;
  email: string;
}

/** Every id a member who may train (not staff, not deactivated), else nothing is assigned. */
async function requireMembers(ids: readonly string[]): Promise<Member[]> {
  const rows = await getDb().select({ id: user.id, name: user.name, email: user.email, role: user.role, banned: user.banned }).from(user).where(inArray(user.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const members: Member[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || row.role !== "member") throw new AppError(400, "", { fieldErrors: { memberIds: CHOOSE_MEMBERS } });
    if (row.banned) throw new AppError(400, "", { fieldErrors: { memberIds: deactivatedMember(personName(row)) } });
    members.push({ id: row.id, name: personName(row), email: row.email });
  }
  return members;
}

async function mailNewProgram(member: Member, programName: string, startDate: string): Promise<boolean> {
  try {
    const businessName = await getBusinessName();
    await sendMail({
      to: member.email,
      subject: `A new program is ready: ${programName}`,
      text: [
        `Hello ${member.name},`,
        "",
        `Your coach at ${businessName} has a new training program ready for you: ${programName}.`,
        `It starts on ${formatLongDate(startDate)}.`,
        "",
        "See your workouts:",
        `${getEnv().BASE_URL}${WORKOUTS_PATH}`,
      ].join("\n"),
    });
    return true;
  } catch (error) {
    getLogger().error({ err: error instanceof Error ? error.message : String(error) }, "could not e-mail a member about a new program");
    return false;
  }
}

export interface Assignment {
  copies: Array<{ memberId: string; programId: string }>;
  mailed: number;
}

/**
 * On PGlite's one connection every query of another request queues behind a copy, and a
 * page sends several one after another: without a pause the next copy would be queued
 * before the page's next query, and the page would wait for every copy. Resting as long
 * as the copy took lets a page's queries all run in between, so it waits for one copy at
 * most (decision 0044). PostgreSQL's pool runs them beside the copy: no pause there.
 */
async function yieldToOtherRequests(copyMs: number): Promise<void> {
  if (getDatabase().kind === "postgres") return;
  await new Promise((resolve) => setTimeout(resolve, copyMs));
}

/**
 * Gives each chosen member their own copy of the program (or template) from `startDate`,
 * then an e-mail to each. Every member is checked before any copy is made, so a wrong one
 * assigns nothing. Each copy is set-based SQL in its own short transaction: on PGlite's one
 * connection other members' requests run between two copies instead of waiting for all
 * of them (decision 0044).
 */
export async function assignProgram(actor: Actor, programId: unknown, input: unknown): Promise<Assignment> {
  ensureCan(actor, "programs", "assign");
  const form = assignFormSchema.parse(input);
  const source = await requireProgram(programId);
  if (source.kind === "copy") throw new AppError(400, COPY_NOT_ASSIGNABLE);
  const members = await requireMembers([...new Set(form.memberIds)]);
  const copies: Assignment["copies"] = [];
  for (const member of members) {
    const started = performance.now();
    const { id } = await copyProgram(source.id, { name: source.name, description: source.description, memberId: member.id, startDate: form.startDate, createdById: actor.id });
    copies.push({ memberId: member.id, programId: id });
    await recordAudit({ action: "program.assigned", actor, target: { type: "program", id }, summary: `${source.name} assigned to ${member.name} from ${form.startDate}` });
    await yieldToOtherRequests(performance.now() - started);
  }
  let mailed = 0;
  for (const member of members) if (await mailNewProgram(member, source.name, form.startDate)) mailed += 1;
  return { copies, mailed };
}

/**
 * The coach's explicit 'Update from template' on a member's copy: every week not yet
 * trained (no workout for any of its days) is replaced by the source's week at the same
 * position; trained weeks stay exactly as they are (a week with a trained day is kept
 * whole: trained-days.server.ts says what is trained). Returns how many weeks were replaced
 * and kept.
 */
export async function updateCopyFromSource(actor: Actor, copyId: unknown): Promise<{ replaced: number; kept: number }> {
  ensureCan(actor, "programs", "assign");
  if (typeof copyId !== "string" || copyId === "") throw new AppError(404, PROGRAM_NOT_FOUND);
  const result = await getDb().transaction(async (tx) => {
    const [copy] = await tx
      .select({ id: program.id, name: program.name, memberId: program.memberId, sourceId: program.sourceId })
      .from(program)
      .where(and(eq(program.id, copyId), isNull(program.archivedAt)))
      .for("update");
    if (!copy) throw new AppError(404, PROGRAM_NOT_FOUND);
    if (!copy.memberId) throw new AppError(400, NOT_A_COPY);
    const [source] = copy.sourceId
      ? await tx
          .select({ id: program.id })
          .from(program)
          .where(and(eq(program.id, copy.sourceId), isNull(program.archivedAt)))
          .for("share")
      : [];
    if (!source) throw new AppError(409, SOURCE_GONE);
    const trained = new Set([...(await trainedDays(tx, copy.id)).values()].map((t) => t.weekId));
    const weeks = await tx.select({ id: programWeek.id, position: programWeek.position }).from(programWeek).where(eq(programWeek.programId, copy.id));
    const keptPositions = new Set(weeks.filter((w) => trained.has(w.id)).map((w) => w.position));
    const untrained = weeks.filter((w) => !trained.has(w.id)).map((w) => w.id);
    if (untrained.length) await tx.delete(programWeek).where(and(eq(programWeek.programId, copy.id), inArray(programWeek.id, untrained)));
    const sourceWeeks = await tx.select({ id: programWeek.id, position: programWeek.position }).from(programWeek).where(eq(programWeek.programId, source.id));
    const incoming = sourceWeeks.filter((w) => !keptPositions.has(w.position)).map((w) => w.id);
    await copyWeeks(tx, { from: source.id, to: copy.id, weekIds: incoming });
    await ensureWithinLimits(tx, copy.id);
    await tx.update(program).set({ updatedAt: new Date() }).where(eq(program.id, copy.id));
    return { name: copy.name, replaced: incoming.length, kept: keptPositions.size };
  });
  await recordAudit({ action: "program.updated_from_source", actor, target: { type: "program", id: copyId }, summary: `${result.name}: ${result.replaced} weeks updated from the template, ${result.kept} trained weeks kept` });
  return { replaced: result.replaced, kept: result.kept };
}
