import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { fitnessGoal } from "~/db/schema/progress";
import { AppError } from "~/lib/app-error";
import { todayForSite } from "~/modules/settings/settings.server";
import { GOAL_NOT_FOUND, requireId } from "./progress-ids";
import { goalSchema } from "./progress.schema";

/** The member's own fitness goals: scoped by the acting user's id, like the entries. */

type Actor = Pick<SessionUser, "id" | "role">;

/** Set Goal. A goal created as completed is completed now. */
export async function setGoal(actor: Actor, input: unknown): Promise<{ id: string }> {
  ensureCan(actor, "memberArea", "view");
  const g = goalSchema({ today: await todayForSite() }).parse(input);
  const id = crypto.randomUUID();
  await getDb()
    .insert(fitnessGoal)
    .values({
      id,
      userId: actor.id,
      title: g.title,
      description: g.description,
      targetDate: g.targetDate,
      status: g.status,
      completedAt: g.status === "completed" ? new Date() : null,
    });
  return { id };
}

/**
 * Updates a goal: fields left out keep their value (a status change alone is an
 * update). Completing sets completedAt; leaving 'completed' clears it. A target date
 * already in the past may be kept, but not newly set.
 */
export async function updateGoal(actor: Actor, id: unknown, input: unknown): Promise<{ id: string }> {
  ensureCan(actor, "memberArea", "view");
  const goalId = requireId(id, GOAL_NOT_FOUND);
  const db = getDb();
  const own = and(eq(fitnessGoal.id, goalId), eq(fitnessGoal.userId, actor.id));
  const [existing] = await db.select().from(fitnessGoal).where(own);
  if (!existing) throw new AppError(404, GOAL_NOT_FOUND);
  const given = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const merged = {
    title: given.title ?? existing.title,
    description: given.description ?? existing.description,
    targetDate: given.targetDate ?? existing.targetDate ?? "",
    status: given.status ?? existing.status,
  };
  const g = goalSchema({ today: await todayForSite(), keepTargetDate: existing.targetDate }).parse(merged);
  const completedAt = g.status !== "completed" ? null : existing.status === "completed" ? existing.completedAt : new Date();
  await db
    .update(fitnessGoal)
    .set({ title: g.title, description: g.description, targetDate: g.targetDate, status: g.status, completedAt, updatedAt: new Date() })
    .where(own);
  return { id: goalId };
}

export async function deleteGoal(actor: Actor, id: unknown): Promise<{ id: string }> {
  ensureCan(actor, "memberArea", "view");
  const goalId = requireId(id, GOAL_NOT_FOUND);
  const deleted = await getDb()
    .delete(fitnessGoal)
    .where(and(eq(fitnessGoal.id, goalId), eq(fitnessGoal.userId, actor.id)))
    .returning({ id: fitnessGoal.id });
  if (!deleted.length) throw new AppError(404, GOAL_NOT_FOUND);
  return { id: goalId };
}
