/**
 * What the programs tests stand on beside the built-in exercises (every test database has
 * the catalogue): a workout on a program day (the workouts module writes those for real).
 */
import crypto from "node:crypto";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { workout } from "~/db/schema/workouts";
import { runDueJobs } from "~/jobs.server";
import { assignedCopies, assignProgram } from "./program-assignment.server";

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
