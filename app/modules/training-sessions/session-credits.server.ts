/**
 * What pays for a 1:1 session (decision 0139): the member's package when it includes
 * sessions that week, else a session credit, else (when bookings need payment) staff cannot
 * schedule it. Spent in the transaction that writes the session, under the member's row
 * lock; given back when the session is cancelled, by the member or by staff.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { coverPlace, returnCredit, type Cover } from "~/modules/billing/entitlements.server";

type SessionState = { memberId: string; status: string };
const live = (s: SessionState) => s.status !== "cancelled";

/** The member's row, locked: every check and spend of their credits runs behind it. */
export async function lockMember(tx: Db, memberId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, memberId)).for("no key update");
}

/** Covers a session just written (the member's row locked first); refused: 409 and nothing written. */
export function coverSession(tx: Db, session: { id: string; memberId: string; startsAt: Date }, timeZone: string, now: Date): Promise<Cover> {
  return coverPlace(tx, { memberId: session.memberId, kind: "session", startsAt: session.startsAt, trainingSessionId: session.id, now, timeZone });
}

/** A session cancelled: its credit (if one paid for it) comes back. */
export function returnSessionCredit(tx: Db, sessionId: string, now: Date): Promise<number> {
  return returnCredit(tx, { trainingSessionId: sessionId, now });
}

/**
 * After staff edit a session (its row locked): cancelled gives the credit back, scheduled
 * again covers it anew, given to another member moves what pays for it to them. A new date
 * keeps what paid for it.
 */
export async function resettleSession(tx: Db, session: { id: string; startsAt: Date }, before: SessionState, after: SessionState, timeZone: string, now: Date): Promise<void> {
  const otherMember = before.memberId !== after.memberId;
  if (live(before) && (!live(after) || otherMember)) await returnSessionCredit(tx, session.id, now);
  if (live(after) && (!live(before) || otherMember)) {
    await lockMember(tx, after.memberId);
    await coverSession(tx, { ...session, memberId: after.memberId }, timeZone, now);
  }
}
