/**
 * 'Delete my account': a member asks, an administrator decides (a coaching contract may need
 * settling first) and erases (erasure.server.ts). One open request per member, which they
 * can see and withdraw; the admin area lists them with a count.
 */
import { asc, count, eq } from "drizzle-orm";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { accountDeletionRequest } from "~/db/schema/member-data";
import { AppError } from "~/lib/app-error";

type Actor = Pick<SessionUser, "id" | "role" | "email">;

export const ALREADY_ASKED = "You have already asked to delete your account.";
export const NOTHING_TO_WITHDRAW = "There is no request to withdraw.";

export async function requestAccountDeletion(actor: Actor): Promise<void> {
  ensureCan(actor, "memberData", "requestDeletion");
  // The primary key holds one request per member, whatever arrives at once.
  const added = await getDb().insert(accountDeletionRequest).values({ userId: actor.id }).onConflictDoNothing().returning({ userId: accountDeletionRequest.userId });
  if (added.length === 0) throw new AppError(409, ALREADY_ASKED);
  await recordAudit({ action: "member.deletion_requested", actor, target: { type: "user", id: actor.id }, summary: `${actor.email} asked to delete their account` });
}

export async function withdrawAccountDeletion(actor: Actor): Promise<void> {
  ensureCan(actor, "memberData", "requestDeletion");
  const removed = await getDb().delete(accountDeletionRequest).where(eq(accountDeletionRequest.userId, actor.id)).returning({ userId: accountDeletionRequest.userId });
  if (removed.length === 0) throw new AppError(404, NOTHING_TO_WITHDRAW);
  await recordAudit({ action: "member.deletion_withdrawn", actor, target: { type: "user", id: actor.id }, summary: `${actor.email} withdrew their request to delete their account` });
}

/** The member's open request, if any. */
export async function ownDeletionRequest(actor: Pick<SessionUser, "id">): Promise<{ createdAt: Date } | null> {
  const [row] = await getDb().select({ createdAt: accountDeletionRequest.createdAt }).from(accountDeletionRequest).where(eq(accountDeletionRequest.userId, actor.id));
  return row ?? null;
}

/** The open requests the admin page lists at most: the oldest first, the rest once these are settled. */
export const DELETION_REQUESTS_SHOWN = 50;

/** The oldest open requests (administrators), and how many there are in all. */
export async function listDeletionRequests(actor: Pick<SessionUser, "role">) {
  ensureCan(actor, "memberData", "listDeletionRequests");
  const [requests, total] = await Promise.all([
    getDb()
      .select({ userId: user.id, name: user.name, email: user.email, role: user.role, createdAt: accountDeletionRequest.createdAt })
      .from(accountDeletionRequest)
      .innerJoin(user, eq(user.id, accountDeletionRequest.userId))
      .orderBy(asc(accountDeletionRequest.createdAt), asc(accountDeletionRequest.userId))
      .limit(DELETION_REQUESTS_SHOWN),
    countDeletionRequests(actor),
  ]);
  return { requests, total };
}

/** How many requests wait: the admin menu shows it. */
export async function countDeletionRequests(actor: Pick<SessionUser, "role">): Promise<number> {
  ensureCan(actor, "memberData", "listDeletionRequests");
  const [row] = await getDb().select({ n: count() }).from(accountDeletionRequest);
  return row?.n ?? 0;
}

/** The member an administrator exports or erases, with their open request (null when there is none). */
export async function memberForDataActions(actor: Pick<SessionUser, "role">, memberId: string) {
  ensureCan(actor, "memberData", "erase");
  const [row] = await getDb()
    .select({ id: user.id, name: user.name, email: user.email, role: user.role, requestedAt: accountDeletionRequest.createdAt })
    .from(user)
    .leftJoin(accountDeletionRequest, eq(accountDeletionRequest.userId, user.id))
    .where(eq(user.id, memberId));
  if (!row) throw new AppError(404, "User not found");
  return row;
}
