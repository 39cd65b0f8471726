/**
 * What the programs tests stand on beside the built-in exercises (every test database has
 * the catalogue): a workout on a program day (the workouts module writes those for real).
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { programWeek } from "~/db/schema/programs";
import { workout } from "~/db/schema/workouts";
import { runDueJobs } from "~/jobs.server";
import { assignedCopies, assignProgram } from "./program-assignment.server";
import { addDay, addWeek } from "./program-structure.server";
import { createProgram } from "./programs.server";

/** A workout the member did for a day of their program (what makes its week 'trained'). */
export async function insertWorkoutFor(userId: string, programDayId: string, performedOn = "2026-01-05"): Promise<string> {
  const id = crypto.randomUUID();
  await getDb().insert(workout).values({ id, userId, programDayId, title: "Done", performedOn, finishedAt: new Date() });
  return id;
}

/**
 * Assigns and runs the jobs it started (what the server's worker does a moment later):
 * each member's copy in the order the form named them, and their e-mails sent.
 */
export async function assignAndRun(actor: SessionUser, programId: string, form: { memberIds: string[]; startDate: string }) {
  const request = await assignProgram(actor, programId, form);
  await runDueJobs();
  const byMember = new Map((await assignedCopies(request.id)).map((c) => [c.memberId, c]));
  const copies = [...new Set(form.memberIds)].flatMap((memberId) => byMember.get(memberId) ?? []);
  return { ...request, copies };
}

/** Exercises a week of programOf holds: three days of 30 (a day's most). */
export const WEEK_BLOCKS = 90;

/** A program of `weeks` weeks by `coach`, each with three days titled `title` of 30 exercises each. */
export async function programOf(coach: SessionUser, weeks: number, title: string): Promise<string> {
  const { id } = await createProgram(coach, { name: `Steps ${weeks}`, description: "" });
  for (let i = 1; i < weeks; i++) await addWeek(coach, id);
  const rows = await getDb().select({ id: programWeek.id }).from(programWeek).where(eq(programWeek.programId, id));
  for (const week of rows) for (const dayIndex of ["0", "2", "4"]) await addDay(coach, id, { weekId: week.id, dayIndex, title });
  await getDb().execute(sql`
    insert into program_blocks (id, day_id, position, exercise_id, sets)
    select gen_random_uuid()::text, d.id, g, 'bench-press', 3 from program_days d, generate_series(0, ${WEEK_BLOCKS / 3 - 1}::int) g
    where d.program_id = ${id}`);
  return id;
}
