/**
 * A member's copy of an assigned program, made in steps of a few hundred exercises (decision 0051):
 * on PGlite's one connection a copy of the largest program in one transaction holds every
 * other request for half a second; a step holds them for a few tens of milliseconds, and
 * between steps the job lets the requests that came meanwhile be answered. The copy stays
 * hidden (archived) until it is whole, and it is the source as it stood at one moment: an
 * edit of the source while the copy is made (its `updated_at` moves) starts the copy again.
 */
import crypto from "node:crypto";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { getDatabase, getDb, type Db } from "~/db/client.server";
import { yieldToRequests } from "~/lib/requests-in-flight.server";
import { user } from "~/db/schema/auth";
import { program, programAssignment, programWeek } from "~/db/schema/programs";
import { copyWeeks } from "./program-copy.server";
import { ensureWithinLimits } from "./program-limits.server";
import { personName } from "./program-read.server";

/**
 * Exercises copied per transaction, about: whole weeks are copied together up to this many
 * (a full week is 7 × 30; one step is at least a week). About 20-40 ms a step on PGlite.
 */
export const BLOCKS_PER_STEP = 300;
/** Edits of the source while its copy is made start it again this many times, then the job fails (and is retried later). */
const ATTEMPTS_WHILE_EDITED = 3;

export interface AssignedCopy {
  programId: string;
  member: { id: string; name: string; email: string };
  name: string;
  startDate: string;
}

/** Why an assignment's copy for a member is not made: the job ends, nothing to retry. */
export type NoCopy = "source gone" | "not a member";

/**
 * On PGlite's one connection every query of another request queues behind a step, and a
 * page sends several one after another; and PGlite answers within the same turn of the
 * event loop, so steps that simply followed each other would not let the server even read
 * a request that arrived meanwhile (another member's page p50 122 ms, p99 445 ms during a
 * 200-member assignment, against 27 and 41 ms before). After each step the copy yields to
 * the requests in flight, waiting at most this many times as long as the step held the
 * connection (`npm run bench -- --only programs`, docs/performance.md). With nobody
 * waiting the steps follow each other. PostgreSQL's pool runs requests beside the copy,
 * and its driver waits on a socket: no pause there.
 */
const MOST_WAIT_PER_STEP = 10;

/** Runs one step in a transaction, then (on PGlite) yields to the requests in flight: returns the step's result. */
async function step<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  let started = 0;
  const result = await getDb().transaction(async (tx) => {
    started = performance.now();
    return work(tx);
  });
  if (getDatabase().kind === "postgres") return result;
  // From the first statement to the end of the commit, which on PGlite writes the step's pages.
  const held = performance.now() - started;
  await yieldToRequests(MOST_WAIT_PER_STEP * held);
  return result;
}

interface Start {
  programId: string;
  sourceId: string;
  /** The source's `updated_at` when the copy started: every step checks it has not moved. */
  version: number;
  /** The source's weeks in order, in steps of about BLOCKS_PER_STEP exercises (at least one step). */
  steps: string[][];
}

/** Whole weeks in order, grouped so that a group holds at most BLOCKS_PER_STEP exercises (or one week); at least one group. */
export function stepsOf(weeks: ReadonlyArray<{ id: string; blocks: number }>): string[][] {
  const steps: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const week of weeks) {
    if (current.length && size + week.blocks > BLOCKS_PER_STEP) {
      steps.push(current);
      current = [];
      size = 0;
    }
    current.push(week.id);
    size += week.blocks;
  }
  steps.push(current);
  return steps;
}

/** The source's row, share-locked (an edit waits for this step), if it is not archived. */
async function lockSource(tx: Db, sourceId: string) {
  const [source] = await tx
    .select({ updatedAt: program.updatedAt })
    .from(program)
    .where(and(eq(program.id, sourceId), isNull(program.archivedAt)))
    .for("share");
  return source;
}

/**
 * The first step: checks the assignment, its source and the member; finds the copy made
 * already, or removes an unfinished one (its run stopped) and starts a new, hidden one.
 */
async function startCopy(assignmentId: string, memberId: string): Promise<{ done: AssignedCopy } | { start: Start; copy: AssignedCopy } | NoCopy> {
  return step(async (tx) => {
    const [assignment] = await tx
      .select({ sourceId: programAssignment.sourceId, startDate: programAssignment.startDate, createdById: programAssignment.createdById, name: program.name, description: program.description })
      .from(programAssignment)
      .innerJoin(program, and(eq(program.id, programAssignment.sourceId), isNull(program.archivedAt)))
      .where(eq(programAssignment.id, assignmentId));
    if (!assignment) return "source gone";
    const [member] = await tx
      .select({ id: user.id, name: user.name, email: user.email })
      .from(user)
      .where(and(eq(user.id, memberId), eq(user.role, "member"), eq(user.banned, false)));
    if (!member) return "not a member";
    const copy = (programId: string): AssignedCopy => ({ programId, member: { id: member.id, name: personName(member), email: member.email }, name: assignment.name, startDate: assignment.startDate });
    const [earlier] = await tx
      .select({ id: program.id, hidden: program.archivedAt })
      .from(program)
      .where(and(eq(program.assignmentId, assignmentId), eq(program.memberId, memberId)))
      .for("update");
    if (earlier && !earlier.hidden) return { done: copy(earlier.id) };
    if (earlier) await tx.delete(program).where(eq(program.id, earlier.id));
    const source = await lockSource(tx, assignment.sourceId);
    if (!source) return "source gone";
    await ensureWithinLimits(tx, assignment.sourceId);
    const [created] = await tx
      .insert(program)
      .values({
        id: crypto.randomUUID(),
        name: assignment.name,
        description: assignment.description,
        memberId,
        startDate: assignment.startDate,
        createdById: assignment.createdById,
        sourceId: assignment.sourceId,
        assignmentId,
        // Hidden from every page until it is whole (every read leaves archived programs out).
        archivedAt: new Date(),
      })
      .returning({ id: program.id });
    // Each week's exercises counted through the indexes of its days and their exercises (a join was planned as a scan of every program's exercises).
    const weeks = await tx
      .select({
        id: programWeek.id,
        // Written out: inside a sub-select drizzle leaves column names unqualified.
        blocks: sql<number>`(select count(*)::int from program_blocks where day_id = any(array(select id from program_days where week_id = program_weeks.id)))`,
      })
      .from(programWeek)
      .where(eq(programWeek.programId, assignment.sourceId))
      .orderBy(asc(programWeek.position));
    return { copy: copy(created!.id), start: { programId: created!.id, sourceId: assignment.sourceId, version: source.updatedAt.getTime(), steps: stepsOf(weeks.map((w) => ({ id: w.id, blocks: Number(w.blocks) }))) } };
  });
}

class SourceEdited extends Error {}

/** One step: these weeks into the hidden copy, if the source is as it was when the copy started. */
async function copyStep(start: Start, weekIds: readonly string[], last: boolean): Promise<void> {
  await step(async (tx) => {
    const source = await lockSource(tx, start.sourceId);
    if (source?.updatedAt.getTime() !== start.version) throw new SourceEdited();
    const [copy] = await tx
      .select({ id: program.id })
      .from(program)
      .where(and(eq(program.id, start.programId), isNotNull(program.archivedAt)))
      .for("update");
    // Removed by another run of the same job (this one's lease ended): that run makes it.
    if (!copy) throw new Error("This unfinished copy was removed by another run");
    await copyWeeks(tx, { from: start.sourceId, to: start.programId, weekIds });
    if (last) await tx.update(program).set({ archivedAt: null, updatedAt: new Date() }).where(eq(program.id, start.programId));
  });
}

/**
 * Makes the member's copy of the assignment, or finds it made (a run again after a stop,
 * or two runs at once, make one copy: the copy row is unique per assignment and member).
 */
export async function makeAssignedCopy(assignmentId: string, memberId: string): Promise<AssignedCopy | NoCopy> {
  for (let attempt = 1; ; attempt++) {
    const started = await startCopy(assignmentId, memberId);
    if (typeof started === "string") return started;
    if ("done" in started) return started.done;
    const { start, copy } = started;
    try {
      // The last step shows the copy.
      for (const [i, weekIds] of start.steps.entries()) await copyStep(start, weekIds, i === start.steps.length - 1);
      return copy;
    } catch (error) {
      if (!(error instanceof SourceEdited)) throw error;
      await getDb().delete(program).where(and(eq(program.id, start.programId), isNotNull(program.archivedAt)));
      if (attempt === ATTEMPTS_WHILE_EDITED) throw new Error("The program was edited while its copy was made, again and again", { cause: error });
    }
  }
}
