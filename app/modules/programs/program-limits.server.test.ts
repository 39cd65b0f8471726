/**
 * A program's limits (decision 0044) hold at every door that grows one: the builder's
 * additions and duplications, templates, programs started from them, assignment and
 * 'update from the template'. A refusal is a 409 with the limit's words, and nothing is
 * written. Set-based SQL (copies, the check itself) runs on both databases.
 */
import { count, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { program, programBlock, programDay, programWeek } from "~/db/schema/programs";
import { AppError } from "~/lib/app-error";
import { createUserWithPassword } from "~/modules/users/users.server";
import { insertLargestProgram } from "./largest-program.fixture";
import { updateCopyFromSource } from "./program-assignment.server";
import { TOO_MANY_BLOCKS, TOO_MANY_PROGRAM_BLOCKS, TOO_MANY_WEEKS } from "./program-limits.server";
import { addBlock, addDay, addWeek, duplicateDay, duplicateWeek } from "./program-structure.server";
import { createProgram, saveAsTemplate, startFromTemplate } from "./programs.server";
import { MAX_BLOCKS_PER_DAY } from "./program-sizes";
import { assignAndRun } from "./programs.test-support";

let trainer: SessionUser;
let memberId = "";

beforeAll(async () => {
  const made = await createUserWithPassword({ name: "Lima Trainer", email: "trainer@limits.test", password: "trainer-password-1", role: "trainer" });
  trainer = { id: made.id, email: made.email, name: made.name, role: "trainer", profileComplete: true, weightUnit: "kg" };
  memberId = (await createUserWithPassword({ name: "Lima Member", email: "member@limits.test", password: "member-password-1", role: "member" })).id;
});

beforeEach(async () => {
  await getDb().delete(program);
});

/** Every row of every program: what a refused door must leave as it was. */
async function rows() {
  const db = getDb();
  const [[programs], [weeks], [days], [blocks]] = await Promise.all([
    db.select({ n: count() }).from(program),
    db.select({ n: count() }).from(programWeek),
    db.select({ n: count() }).from(programDay),
    db.select({ n: count() }).from(programBlock),
  ]);
  return { programs: programs!.n, weeks: weeks!.n, days: days!.n, blocks: blocks!.n };
}

async function expectRefusedUnchanged(work: () => Promise<unknown>, message: string) {
  const before = await rows();
  const error = await work().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status: 409, message });
  expect(await rows()).toEqual(before);
}

/** One exercise more than a program may hold, as a program made before the limits could have. */
async function overgrow(programId: string) {
  await getDb().execute(sql`insert into program_days (id, program_id, week_id, day_index, title) values (${`${programId}-late`}, ${programId}, ${`${programId}-w40`}, 0, 'Late')`);
  await getDb().execute(sql`insert into program_blocks (id, day_id, position, exercise_id, sets, reps_min, reps_max) values (${`${programId}-late`}, ${`${programId}-late`}, 0, 'squat', 3, 5, 5)`);
}

describe("a program's limits", () => {
  it("refuses a week past the last one allowed, by adding or duplicating, changing nothing", async () => {
    const id = await insertLargestProgram("largest", trainer.id);
    await expectRefusedUnchanged(() => addWeek(trainer, id), TOO_MANY_WEEKS);
    await expectRefusedUnchanged(() => duplicateWeek(trainer, id, { weekId: `${id}-w51` }), TOO_MANY_WEEKS);
  });

  it("refuses an exercise past a day's limit and past the program's, by adding or duplicating a day, changing nothing", async () => {
    const id = await insertLargestProgram("largest", trainer.id);
    await expectRefusedUnchanged(() => addBlock(trainer, id, { dayId: `${id}-d0`, exerciseId: "squat", sets: "3", reps: "5" }), TOO_MANY_BLOCKS);
    const { dayId } = await addDay(trainer, id, { weekId: `${id}-w30`, dayIndex: "2", title: "Extra" });
    await expectRefusedUnchanged(() => addBlock(trainer, id, { dayId, exerciseId: "squat", sets: "3", reps: "5" }), TOO_MANY_PROGRAM_BLOCKS);
    await expectRefusedUnchanged(() => duplicateDay(trainer, id, { dayId: `${id}-d98` }), TOO_MANY_PROGRAM_BLOCKS);
  });

  it("a day takes exercises up to its limit and refuses the next one", async () => {
    const { id } = await createProgram(trainer, { name: "Day" });
    const [week] = await getDb().select({ id: programWeek.id }).from(programWeek).where(eq(programWeek.programId, id));
    const { dayId } = await addDay(trainer, id, { weekId: week!.id, dayIndex: "0", title: "Long day" });
    for (let i = 0; i < MAX_BLOCKS_PER_DAY; i++) await addBlock(trainer, id, { dayId, exerciseId: "squat", sets: "3", reps: "5" });
    await expectRefusedUnchanged(() => addBlock(trainer, id, { dayId, exerciseId: "squat", sets: "3", reps: "5" }), TOO_MANY_BLOCKS);
  });

  it("refuses to copy a program larger than allowed: as a template, a program from a template, a member's copy, an update from the template", async () => {
    const id = await insertLargestProgram("too-large", trainer.id);
    await overgrow(id);
    await expectRefusedUnchanged(() => saveAsTemplate(trainer, id), TOO_MANY_PROGRAM_BLOCKS);
    await expectRefusedUnchanged(() => assignAndRun(trainer, id, { memberIds: [memberId], startDate: "2026-12-07" }), TOO_MANY_PROGRAM_BLOCKS);
    await getDb().update(program).set({ isTemplate: true }).where(eq(program.id, id));
    await expectRefusedUnchanged(() => startFromTemplate(trainer, id), TOO_MANY_PROGRAM_BLOCKS);

    // A copy made while its template was within the limits; the template grew past them since.
    const template = await insertLargestProgram("template", trainer.id);
    await getDb().update(program).set({ isTemplate: true }).where(eq(program.id, template));
    const { copies } = await assignAndRun(trainer, template, { memberIds: [memberId], startDate: "2026-12-07" });
    await overgrow(template);
    await expectRefusedUnchanged(() => updateCopyFromSource(trainer, copies[0]!.programId), TOO_MANY_PROGRAM_BLOCKS);
  });
});
