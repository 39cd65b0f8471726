import { asc, count, eq, isNull } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { checkIn } from "~/db/schema/check-ins";
import { todayIn } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { calendarPage, utcRange } from "~/modules/training-sessions/calendar";
import { listTrainingSessions } from "~/modules/training-sessions/training-sessions.server";
import { listNeedsAttention } from "./attention.server";

/**
 * The staff's home (/coach): who needs the coach (attention.server.ts), then the
 * check-ins waiting for review, oldest first, and this week's sessions.
 */

type Actor = Pick<SessionUser, "id" | "role" | "email" | "weightUnit">;

/** Check-ins to review shown below the list (the rest are counted). */
export const CHECK_INS_SHOWN = 10;

export interface CheckInToReview {
  id: string;
  memberId: string;
  memberName: string;
  weekOf: string;
  submittedAt: string;
}

const waiting = isNull(checkIn.reviewedAt);

/** The oldest check-ins waiting for review, read in order off `check_ins_waiting_idx` (submitted, id): the first few rows, whatever the backlog. */
export function checkInsToReviewQuery() {
  return getDb()
    .select({ id: checkIn.id, memberId: checkIn.userId, memberName: user.name, memberEmail: user.email, weekOf: checkIn.weekOf, submittedAt: checkIn.submittedAt })
    .from(checkIn)
    .innerJoin(user, eq(user.id, checkIn.userId))
    .where(waiting)
    .orderBy(asc(checkIn.submittedAt), asc(checkIn.id))
    .limit(CHECK_INS_SHOWN);
}

/** The check-ins no coach has reviewed yet, oldest first, and how many there are. */
export async function listCheckInsToReview(actor: Actor): Promise<{ items: CheckInToReview[]; total: number }> {
  ensureCan(actor, "checkIns", "reviewAny");
  const [items, [counted]] = await Promise.all([checkInsToReviewQuery(), getDb().select({ total: count() }).from(checkIn).where(waiting)]);
  return {
    items: items.map((row) => ({ id: row.id, memberId: row.memberId, memberName: row.memberName || row.memberEmail, weekOf: row.weekOf, submittedAt: row.submittedAt.toISOString() })),
    total: counted?.total ?? 0,
  };
}

/** Everything /coach shows. */
export async function loadCoachHome(actor: Actor, { page }: { page: number }) {
  ensureCan(actor, "coaching", "view");
  const { timeZone } = await getSiteSettings();
  const today = todayIn(timeZone);
  const week = calendarPage("week", today);
  const [attention, checkIns, sessions] = await Promise.all([
    listNeedsAttention(actor, { page }),
    listCheckInsToReview(actor),
    listTrainingSessions(actor, utcRange(week.days[0]!, week.days.at(-1)!, timeZone)),
  ]);
  // What the list shows of each session, not the whole row: the page's data is encoded into every document.
  const shown = sessions.filter((s) => s.status !== "cancelled").map((s) => ({ id: s.id, date: s.date, time: s.time, type: s.type, memberId: s.memberId, memberName: s.memberName || s.memberEmail }));
  return { attention, checkIns, sessions: shown, today, timeZone, weekLabel: week.label };
}

export type CoachHome = Awaited<ReturnType<typeof loadCoachHome>>;
