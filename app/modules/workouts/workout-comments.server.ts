import crypto from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { workout, workoutComment } from "~/db/schema/workouts";
import { AppError } from "~/lib/app-error";
import { getBusinessName } from "~/lib/business-name.server";
import { formatLongDate } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { sendMail } from "~/lib/mail.server";
import { todayIn } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { requireMemberAccount } from "~/modules/users/member-account.server";
import { commentSchema, type CommentView } from "./workout-comments.schema";

/**
 * Coaches' comments on finished workouts: staff write them (the member is e-mailed), the
 * member reads those on their own workouts. Another member's workout is not found.
 */

type Actor = Pick<SessionUser, "id" | "role" | "name" | "email">;

export const WORKOUT_NOT_FOUND = "Workout not found";
export const NOT_FINISHED = "This workout is not finished yet: comment on it once the member has finished it.";

/** Where the member sees one of their workouts (the member's workout screen). */
export const memberWorkoutPath = (workoutId: string) => `/members/workouts/${encodeURIComponent(workoutId)}`;

const nameOf = (u: { name: string; email: string }) => u.name.trim() || u.email;

/** The comments of these workouts, oldest first, grouped by workout. */
export async function commentsOf(workoutIds: readonly string[]): Promise<Map<string, CommentView[]>> {
  const byWorkout = new Map<string, CommentView[]>();
  if (workoutIds.length === 0) return byWorkout;
  const [{ timeZone }, rows] = await Promise.all([
    getSiteSettings(),
    getDb()
      .select({ id: workoutComment.id, workoutId: workoutComment.workoutId, body: workoutComment.body, createdAt: workoutComment.createdAt, name: user.name, email: user.email })
      .from(workoutComment)
      .leftJoin(user, eq(user.id, workoutComment.authorId))
      .where(inArray(workoutComment.workoutId, [...workoutIds]))
      .orderBy(asc(workoutComment.createdAt), asc(workoutComment.id)),
  ]);
  for (const r of rows) {
    const view: CommentView = { id: r.id, authorName: r.email === null ? null : nameOf({ name: r.name ?? "", email: r.email }), body: r.body, postedOn: todayIn(timeZone, r.createdAt) };
    const list = byWorkout.get(r.workoutId);
    if (list) list.push(view);
    else byWorkout.set(r.workoutId, [view]);
  }
  return byWorkout;
}

async function mailMember(to: { email: string; name: string }, coach: string, done: { id: string; title: string; performedOn: string }, body: string): Promise<boolean> {
  try {
    const businessName = await getBusinessName();
    await sendMail({
      to: to.email,
      subject: `${coach} commented on your workout: ${done.title}`,
      text: [
        `Hello ${to.name},`,
        "",
        `${coach}, your coach at ${businessName}, commented on your workout "${done.title}" of ${formatLongDate(done.performedOn)}:`,
        "",
        ...body.split("\n").map((line) => `  ${line}`),
        "",
        "See the workout and the comment:",
        `${getEnv().BASE_URL}${memberWorkoutPath(done.id)}`,
        "",
        businessName,
      ].join("\n"),
    });
    return true;
  } catch (error) {
    getLogger().error({ err: error instanceof Error ? error.message : String(error) }, "could not e-mail a member about a comment on their workout");
    return false;
  }
}

/**
 * A trainer's or administrator's comment on a member's finished workout: 1-2000
 * characters (trimmed). Not a member (a staff account, an unknown id), an unknown workout,
 * or not this member's: 404; not finished: 409. The member is e-mailed
 * (a failed e-mail is logged; the comment stays). Answers the comment and whether the
 * e-mail went.
 */
export async function commentOnWorkout(actor: Actor, memberId: string, workoutId: unknown, input: unknown): Promise<{ comment: CommentView; mailed: boolean; memberName: string }> {
  ensureCan(actor, "memberTraining", "comment");
  const { body } = commentSchema.parse(input);
  const id = typeof workoutId === "string" ? workoutId : "";
  const owner = await requireMemberAccount(memberId);
  const [done] = id
    ? await getDb()
        .select({ id: workout.id, title: workout.title, performedOn: workout.performedOn, finishedAt: workout.finishedAt })
        .from(workout)
        .where(and(eq(workout.id, id), eq(workout.userId, owner.id)))
    : [];
  if (!done) throw new AppError(404, WORKOUT_NOT_FOUND);
  if (!done.finishedAt) throw new AppError(409, NOT_FINISHED);
  const [row] = await getDb().insert(workoutComment).values({ id: crypto.randomUUID(), workoutId: done.id, authorId: actor.id, body }).returning();
  const coach = nameOf(actor);
  const member = { email: owner.email, name: nameOf(owner) };
  const mailed = await mailMember(member, coach, done, body);
  const { timeZone } = await getSiteSettings();
  return { comment: { id: row!.id, authorName: coach, body, postedOn: todayIn(timeZone, row!.createdAt) }, mailed, memberName: member.name };
}

/** The comments on one of the acting member's own workouts; anyone else's (or none) is 'Workout not found'. */
export async function listCommentsForOwnWorkout(actor: Pick<SessionUser, "id" | "role">, workoutId: unknown): Promise<CommentView[]> {
  ensureCan(actor, "memberArea", "view");
  const id = typeof workoutId === "string" ? workoutId : "";
  const [own] = id ? await getDb().select({ id: workout.id }).from(workout).where(and(eq(workout.id, id), eq(workout.userId, actor.id))) : [];
  if (!own) throw new AppError(404, WORKOUT_NOT_FOUND);
  return (await commentsOf([own.id])).get(own.id) ?? [];
}
