import crypto from "node:crypto";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { analyzeChangedTables } from "~/db/statistics.server";
import { user } from "~/db/schema/auth";
import { program, programAssignment, programWeek } from "~/db/schema/programs";
import { AppError } from "~/lib/app-error";
import { formatLongDate } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { defineJob, enqueueJobs } from "~/lib/jobs.server";
import { getLogger } from "~/lib/logger.server";
import { sendMail } from "~/lib/mail.server";
import { getBusinessName } from "~/lib/business-name.server";
import { copyWeeks } from "./program-copy.server";
import { ensureWithinLimits } from "./program-limits.server";
import { personName, PROGRAM_NOT_FOUND, type Actor } from "./program-read.server";
import { makeAssignedCopy } from "./assigned-copy.server";
import { requireProgram } from "./programs.server";
import { assignFormSchema, FORM_OUT_OF_DATE } from "./programs.schema";
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

/** The member's e-mail that their copy is ready. Throws when it cannot be sent (the job retries). */
async function mailNewProgram(member: Member, programName: string, startDate: string): Promise<void> {
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
}

/**
 * One member's part of an assignment: their copy, then their e-mail. A failed e-mail is
 * retried with the copy already made (it is not made twice), so the member hears of it
 * as soon as their own copy is ready, not after everyone's.
 */
export const assignCopyJob = defineJob({
  kind: "programs.assign-copy",
  payload: z.object({ assignmentId: z.string(), memberId: z.string() }),
  run: async ({ assignmentId, memberId }) => {
    const copy = await makeAssignedCopy(assignmentId, memberId);
    if (typeof copy === "string") {
      getLogger().info({ assignmentId, memberId, reason: copy }, "an assigned copy was not made");
      return;
    }
    // An assignment to many members grows the program tables many times over in minutes:
    // the planner learns their size now, not at the next hourly ANALYZE (decision 0055), from
    // a quick sample (a full one holds PGlite's connection for a third of a second).
    await analyzeChangedTables(getDb(), { quick: true });
    await mailNewProgram(copy.member, copy.name, copy.startDate);
  },
});

const assignJobKey = (assignmentId: string, memberId: string) => `${assignCopyJob.kind}:${assignmentId}:${memberId}`;

export interface AssignmentRequest {
  /** The assignment's id (the form's token). */
  id: string;
  members: number;
  /** The same form was posted before: nothing new was started. */
  repeated: boolean;
}

/**
 * Assigns the program (or template) to the chosen members from `startDate`: each gets
 * their own copy and an e-mail, made in the background a member at a time (decision
 * 0051), so no request waits for them however large the program and however many the
 * members. Every member is checked first, so a wrong one starts nothing; the assignment
 * and its jobs are written in one transaction. The same form posted twice (its token)
 * starts it once.
 */
export async function assignProgram(actor: Actor, programId: unknown, input: unknown): Promise<AssignmentRequest> {
  ensureCan(actor, "programs", "assign");
  const form = assignFormSchema.parse(input);
  const source = await requireProgram(programId);
  if (source.kind === "copy") throw new AppError(400, COPY_NOT_ASSIGNABLE);
  const members = await requireMembers([...new Set(form.memberIds)]);
  const id = form.assignment ?? crypto.randomUUID();
  const started = await getDb().transaction(async (tx) => {
    // Refused now, not by each member's job: a program too large to copy (kept from growing while this commits).
    await tx.select({ id: program.id }).from(program).where(eq(program.id, source.id)).for("share");
    await ensureWithinLimits(tx, source.id);
    const [created] = await tx
      .insert(programAssignment)
      .values({ id, sourceId: source.id, startDate: form.startDate, memberCount: members.length, createdById: actor.id })
      .onConflictDoNothing()
      .returning({ id: programAssignment.id });
    if (!created) {
      const [earlier] = await tx.select({ sourceId: programAssignment.sourceId }).from(programAssignment).where(eq(programAssignment.id, id));
      if (earlier?.sourceId !== source.id) throw new AppError(409, FORM_OUT_OF_DATE);
      return false;
    }
    await enqueueJobs(
      tx,
      assignCopyJob,
      members.map((member) => ({ payload: { assignmentId: id, memberId: member.id }, key: assignJobKey(id, member.id) })),
    );
    return true;
  });
  if (started) {
    const to = members.length === 1 ? members[0]!.name : `${members.length} members`;
    await recordAudit({ action: "program.assigned", actor, target: { type: "program", id: source.id }, summary: `${source.name} assigned to ${to} from ${form.startDate}` });
  }
  return { id, members: members.length, repeated: !started };
}

/** The copies an assignment has made so far (whole ones), by member. */
export async function assignedCopies(assignmentId: string): Promise<Array<{ memberId: string; programId: string }>> {
  const rows = await getDb().select({ memberId: program.memberId, programId: program.id }).from(program).where(and(eq(program.assignmentId, assignmentId), isNull(program.archivedAt)));
  return rows.map((r) => ({ memberId: r.memberId!, programId: r.programId }));
}

export interface AssignmentProgress {
  id: string;
  startDate: string;
  memberCount: number;
  /** Copies made so far (whole: a copy being made is hidden until it is). */
  made: number;
  /** Some of its members' copies are still to be made, or their e-mails being sent (their jobs have not ended). */
  underWay: boolean;
  /** Members whose copy is made but whose e-mail could not be sent yet: their jobs send it again. */
  mailsWaiting: number;
}

/** Recent assignments of a program this many at most (the builder shows those under way). */
const RECENT_ASSIGNMENTS = 10;

/**
 * The latest assignments of a program and how far each is: copies made, whether any is
 * still to be made or its e-mail being sent, and how many members' e-mails wait to be sent
 * again (a look at the unfinished jobs only: a copy made whose e-mail failed is not 'under
 * way', decision 0051).
 * `ids` narrows them to those a page is following.
 */
export async function assignmentProgress(actor: Actor, programId: string, ids?: readonly string[]): Promise<AssignmentProgress[]> {
  ensureCan(actor, "programs", "assign");
  if (ids && ids.length === 0) return [];
  // Written out: inside a sub-select drizzle leaves column names unqualified, and "id" would be the job's.
  const made = sql<number>`(select count(*) from programs where programs.assignment_id = program_assignments.id and programs.archived_at is null)`;
  const unfinishedJobs = sql`jobs where jobs.status in ('pending', 'running') and jobs.kind = ${assignCopyJob.kind} and jobs.payload ->> 'assignmentId' = program_assignments.id`;
  const copyMade = sql`exists (select 1 from programs where programs.assignment_id = program_assignments.id and programs.member_id = jobs.payload ->> 'memberId' and programs.archived_at is null)`;
  // A running job whose copy is made is sending its e-mail: still under way. A pending one
  // whose copy is made failed to send it and waits for its retry.
  const underWay = sql<boolean>`exists (select 1 from ${unfinishedJobs} and (jobs.status = 'running' or not ${copyMade}))`;
  const mailsWaiting = sql<number>`(select count(*) from ${unfinishedJobs} and jobs.status = 'pending' and ${copyMade})`;
  const rows = await getDb()
    .select({ id: programAssignment.id, startDate: programAssignment.startDate, memberCount: programAssignment.memberCount, made, underWay, mailsWaiting })
    .from(programAssignment)
    .where(and(eq(programAssignment.sourceId, programId), ids ? inArray(programAssignment.id, [...ids]) : undefined))
    .orderBy(desc(programAssignment.createdAt))
    .limit(RECENT_ASSIGNMENTS);
  return rows.map((r) => ({ ...r, made: Number(r.made), underWay: Boolean(r.underWay), mailsWaiting: Number(r.mailsWaiting) }));
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
