/**
 * What the programs tests stand on beside the built-in exercises (every test database has
 * the catalogue): a workout on a program day (the workouts module writes those for real).
 */
import crypto from "node:crypto";
import { getDb } from "~/db/client.server";
import { workout } from "~/db/schema/workouts";

/** A workout the member did for a day of their program (what makes its week 'trained'). */
export async function insertWorkoutFor(userId: string, programDayId: string, performedOn = "2026-01-05"): Promise<string> {
  const id = crypto.randomUUID();
  await getDb().insert(workout).values({ id, userId, programDayId, title: "Done", performedOn, finishedAt: new Date() });
  return id;
}
