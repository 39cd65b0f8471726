/**
 * A member's assigned copy made in steps (decision 0051): hidden until whole, the source as
 * it stood at one moment even when edited between two steps, and one copy however often
 * the job runs.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { program, programAssignment, programDay, programWeek } from "~/db/schema/programs";
import { createUserWithPassword } from "~/modules/users/users.server";
import { BLOCKS_PER_STEP, makeAssignedCopy, stepsOf } from "./assigned-copy.server";
import { assignmentProgress, assignProgram } from "./program-assignment.server";
import { listPrograms, loadProgram } from "./program-read.server";
import { programOf, WEEK_BLOCKS } from "./programs.test-support";
import { getTrainingPlan } from "~/modules/workouts/training-plan.server";

let trainer: SessionUser;
let member: { id: string; email: string; name: string };

beforeAll(async () => {
  const coach = await createUserWithPassword({ name: "Step Coach", email: "coach@steps.test", password: "trainer-password-1", role: "trainer" });
  trainer = { id: coach.id, email: coach.email, name: coach.name, role: "trainer", profileComplete: true, weightUnit: "kg" };
  member = await createUserWithPassword({ name: "Step Member", email: "member@steps.test", password: "member-password-1", role: "member" });
});

const titlesOf = async (programId: string) => (await getDb().select({ title: programDay.title }).from(programDay).where(eq(programDay.programId, programId))).map((d) => d.title);
const copiesOf = (assignmentId: string) => getDb().select({ id: program.id, hidden: program.archivedAt }).from(program).where(eq(program.assignmentId, assignmentId));

describe("a member's copy made in steps", () => {
  // Three steps: two of as many whole weeks as fit, and one more week.
  const perStep = Math.floor(BLOCKS_PER_STEP / WEEK_BLOCKS);
  const weeks = 2 * perStep + 1;

  it("groups whole weeks in order into steps of at most BLOCKS_PER_STEP exercises, a larger week alone", () => {
    const week = (id: string, blocks: number) => ({ id, blocks });
    expect(stepsOf([])).toEqual([[]]);
    expect(stepsOf([week("a", 0), week("b", 0)])).toEqual([["a", "b"]]);
    expect(stepsOf([week("a", 200), week("b", 100), week("c", 1), week("d", 210), week("e", 400), week("f", 10)])).toEqual([["a", "b"], ["c", "d"], ["e"], ["f"]]);
  });

  it("is hidden from the member and the coach until whole, and an unfinished one (its run stopped) is made again", async () => {
    const sourceId = await programOf(trainer, weeks, "Push");
    const { id: assignmentId } = await assignProgram(trainer, sourceId, { memberIds: [member.id], startDate: "2026-12-07" });
    // What a run that stopped after its first step leaves: the hidden copy with one week.
    const unfinished = crypto.randomUUID();
    await getDb()
      .insert(program)
      .values({ id: unfinished, name: "Steps", memberId: member.id, startDate: "2026-12-07", sourceId, assignmentId, archivedAt: new Date() });
    await getDb().insert(programWeek).values({ id: `${unfinished}-w`, programId: unfinished, position: 0 });
    expect((await listPrograms(trainer)).some((p) => p.id === unfinished)).toBe(false);
    expect(await loadProgram(getDb(), unfinished)).toBeNull();
    expect(await getTrainingPlan({ id: member.id }, "2026-12-08")).toBeNull();
    expect(await assignmentProgress(trainer, sourceId, [assignmentId])).toMatchObject([{ made: 0, underWay: true }]);

    const copy = await makeAssignedCopy(assignmentId, member.id);
    expect(copy).toMatchObject({ member: { id: member.id }, name: `Steps ${weeks}`, startDate: "2026-12-07" });
    expect(await copiesOf(assignmentId)).toEqual([{ id: (copy as { programId: string }).programId, hidden: null }]);
    expect(await titlesOf((copy as { programId: string }).programId)).toEqual(Array.from({ length: 3 * weeks }, () => "Push"));
    expect(await assignmentProgress(trainer, sourceId, [assignmentId])).toMatchObject([{ made: 1 }]);
  });

  it("copies the source as it stood at one moment: an edit between two steps starts the copy again", async () => {
    const sourceId = await programOf(trainer, weeks, "Before");
    const { id: assignmentId } = await assignProgram(trainer, sourceId, { memberIds: [member.id], startDate: "2026-12-07" });
    /**
     * Once the copy's first step is in (the copy has days), renames every day of the source
     * in one edit. On PGlite the job rests between steps, so the edit lands between two of
     * them; on PostgreSQL it may land after the last.
     */
    const editWhileCopying = async () => {
      for (;;) {
        const copied = await getDb()
          .select({ id: programDay.id })
          .from(programDay)
          .innerJoin(program, eq(program.id, programDay.programId))
          .where(eq(program.assignmentId, assignmentId));
        if (copied.length) break;
        // Let the copy's next step run.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await getDb().transaction(async (tx) => {
        await tx.update(programDay).set({ title: "After" }).where(eq(programDay.programId, sourceId));
        await tx.update(program).set({ updatedAt: sql`now() + interval '1 second'` }).where(eq(program.id, sourceId));
      });
    };
    const [copy] = await Promise.all([makeAssignedCopy(assignmentId, member.id), editWhileCopying()]);
    const programId = (copy as { programId: string }).programId;
    const titles = await titlesOf(programId);
    expect(titles).toHaveLength(3 * weeks);
    expect(new Set(titles).size, `one moment's titles, not a mix: ${titles.join(", ")}`).toBe(1);
    expect(await copiesOf(assignmentId)).toEqual([{ id: programId, hidden: null }]);
  });

  it("makes nothing for an assignment whose source is gone, and leaves no hidden copy behind", async () => {
    const sourceId = await programOf(trainer, 1, "Gone");
    const { id: assignmentId } = await assignProgram(trainer, sourceId, { memberIds: [member.id], startDate: "2026-12-07" });
    await getDb().update(program).set({ archivedAt: new Date() }).where(eq(program.id, sourceId));
    expect(await makeAssignedCopy(assignmentId, member.id)).toBe("source gone");
    expect(await copiesOf(assignmentId)).toEqual([]);
    await getDb().delete(programAssignment).where(eq(programAssignment.id, assignmentId));
    expect(await makeAssignedCopy(assignmentId, member.id)).toBe("source gone");
  });
});
