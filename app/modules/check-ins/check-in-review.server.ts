import { and, count, desc, eq, lte, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { checkIn } from "~/db/schema/check-ins";
import { profile } from "~/db/schema/profiles";
import { fitnessGoal } from "~/db/schema/progress";
import { AppError } from "~/lib/app-error";
import { getBusinessName } from "~/lib/business-name.server";
import { formatLongDate } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { defineJob, enqueueJob } from "~/lib/jobs.server";
import { sendMail } from "~/lib/mail.server";
import { todayIn } from "~/lib/time-zone";
import type { WeightUnit } from "~/lib/units";
import { reminderGate, reminderFooter } from "~/modules/reminders/reminder-jobs.server";
import { unsubscribeHeaders } from "~/modules/reminders/reminder-settings.server";
import { photosOfCheckIns, type ProgressPhotoView } from "~/modules/progress-photos/progress-photos.server";
import { toShown } from "~/modules/progress/progress-units";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { requireMemberAccount, type MemberAccount } from "~/modules/users/member-account.server";
import { trainingBetween, type SpanTraining } from "~/modules/workouts/week-training.server";
import { trainingWindow } from "./check-in-week";
import { checkInRows, checkInStatusOf, toCheckInView, type CheckInStatus } from "./check-ins.server";
import { CHECK_IN_NOT_FOUND, checkInDaySchema, REPLY_TWICE, replySchema, type CheckInView } from "./check-ins.schema";

/**
 * The staff side of check-ins (decision 0068): a member's check-ins and their check-in day,
 * one check-in beside the weeks before it, the coach's reply (which marks it reviewed and
 * e-mails the member through the job store), and the summary the coach's one page per
 * member shows. Staff see every member (a solo coach's team); anyone who is not a member,
 * or a check-in under another member's address, is 'not found'.
 */

type Staff = Pick<SessionUser, "id" | "role" | "name" | "email" | "weightUnit">;

export const STAFF_PAGE_SIZE = 20;
/** The scales' small trends: this check-in and up to seven before it. */
export const TREND_WEEKS = 8;

/** Where the member reads a check-in and its reply. */
export const memberCheckInPath = (id: string) => `/members/check-ins/${encodeURIComponent(id)}`;
/** Where staff review one. */
export const staffCheckInPath = (memberId: string, id: string) => `/coach/members/${encodeURIComponent(memberId)}/check-ins/${encodeURIComponent(id)}`;

type Member = Omit<MemberAccount, "weightUnit">;

function memberOnly({ weightUnit: _unit, ...member }: MemberAccount): Member {
  return member;
}

export interface MemberCheckIns {
  member: Member;
  status: CheckInStatus;
  unit: WeightUnit;
  list: CheckInView[];
  page: number;
  pageCount: number;
  total: number;
}

/** /coach/members/:memberId/check-ins: the member's check-ins newest first, a page at a time, and their check-in day. */
export async function listMemberCheckInsForStaff(actor: Staff, memberId: string, query: { page: number }): Promise<MemberCheckIns> {
  ensureCan(actor, "checkIns", "reviewAny");
  const member = memberOnly(await requireMemberAccount(memberId));
  const { timeZone } = await getSiteSettings();
  const theirs = eq(checkIn.userId, member.id);
  const [[counted], status] = await Promise.all([getDb().select({ total: count() }).from(checkIn).where(theirs), checkInStatusOf(member.id, timeZone)]);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await checkInRows(getDb(), theirs)
    .orderBy(desc(checkIn.weekOf))
    .limit(STAFF_PAGE_SIZE)
    .offset((page - 1) * STAFF_PAGE_SIZE);
  return { member, status, unit: actor.weightUnit, list: rows.map((r) => toCheckInView(r, actor.weightUnit, timeZone)), page, pageCount, total };
}

export interface TrendPoint {
  weekOf: string;
  sleep: number;
  energy: number;
  stress: number;
  hunger: number;
  nutritionAdherence: number;
  weight: number | null;
}

export interface CheckInReview {
  member: Member;
  unit: WeightUnit;
  checkIn: CheckInView;
  /** This check-in and up to seven before it, oldest first. */
  trend: TrendPoint[];
  /** The check-in of the week before, if any (to read side by side). */
  previous: CheckInView | null;
  /** What the member aims for: the goal weight staff set (the viewer's unit), their profile's goals and their goals not completed. */
  goals: { goalWeight: number | null; profileGoals: string; active: Array<{ title: string; targetDate: string | null }> };
  training: SpanTraining;
  /** This check-in's photos, and those of the latest earlier check-in that has any. */
  photos: { current: ProgressPhotoView[]; earlier: { weekOf: string; photos: ProgressPhotoView[] } | null };
}

/** One check-in of the member beside the weeks before it. 404 for a check-in that is not this member's. */
export async function getCheckInReview(actor: Staff, memberId: string, checkInId: string): Promise<CheckInReview> {
  ensureCan(actor, "checkIns", "reviewAny");
  const member = memberOnly(await requireMemberAccount(memberId));
  const { timeZone } = await getSiteSettings();
  const db = getDb();
  const theirs = eq(checkIn.userId, member.id);
  const [row] = await checkInRows(db, and(theirs, eq(checkIn.id, checkInId)));
  if (!row) throw new AppError(404, CHECK_IN_NOT_FOUND);
  const unit = actor.weightUnit;
  const view = toCheckInView(row, unit, timeZone);
  const window = trainingWindow(view.weekOf);
  const [earlier, goals, profileRow, training] = await Promise.all([
    checkInRows(db, and(theirs, lte(checkIn.weekOf, view.weekOf), ne(checkIn.id, view.id)))
      .orderBy(desc(checkIn.weekOf))
      .limit(TREND_WEEKS - 1),
    db
      .select({ title: fitnessGoal.title, targetDate: fitnessGoal.targetDate })
      .from(fitnessGoal)
      .where(and(eq(fitnessGoal.userId, member.id), ne(fitnessGoal.status, "completed")))
      .orderBy(desc(fitnessGoal.createdAt))
      .limit(5),
    db.select({ goals: profile.goals, goalWeightKg: profile.goalWeightKg }).from(profile).where(eq(profile.userId, member.id)),
    trainingBetween(member.id, window.from, window.to, todayIn(timeZone)),
  ]);
  const goalWeightKg = profileRow[0]?.goalWeightKg ?? null;
  const before = earlier.map((r) => toCheckInView(r, unit, timeZone));
  // The photos of this week and the earlier weeks shown (one indexed read by check-in).
  const photosBy = await photosOfCheckIns([view.id, ...before.map((c) => c.id)]);
  const earlierWithPhotos = before.find((c) => (photosBy.get(c.id) ?? []).length > 0);
  const photos = { current: photosBy.get(view.id) ?? [], earlier: earlierWithPhotos ? { weekOf: earlierWithPhotos.weekOf, photos: photosBy.get(earlierWithPhotos.id)! } : null };
  const trend = [...before].reverse().concat(view).map((c) => ({ weekOf: c.weekOf, sleep: c.sleep, energy: c.energy, stress: c.stress, hunger: c.hunger, nutritionAdherence: c.nutritionAdherence, weight: c.weight }));
  return { member, unit, checkIn: view, trend, previous: before[0] ?? null, goals: { goalWeight: goalWeightKg === null ? null : toShown("weight", goalWeightKg, unit), profileGoals: profileRow[0]?.goals ?? "", active: goals }, training, photos };
}

/** The e-mail that tells the member their coach replied: sent by the job store after the reply commits. */
export const checkInReplyMailJob = defineJob({
  kind: "check-ins.reply-mail",
  payload: z.object({ checkInId: z.string() }),
  run: ({ checkInId }, { now }) => mailReply(checkInId, now),
});

/** The member's e-mail about the reply: unless 'Your coach's reply' is off in their reminders; in their quiet hours, when those end (decision 0089). */
async function mailReply(checkInId: string, now: Date): Promise<void> {
  const db = getDb();
  const [row] = await db
    .select({ id: checkIn.id, userId: checkIn.userId, weekOf: checkIn.weekOf, reply: checkIn.reply, reviewedAt: checkIn.reviewedAt, reviewedById: checkIn.reviewedById, email: user.email, name: user.name })
    .from(checkIn)
    .innerJoin(user, eq(user.id, checkIn.userId))
    .where(eq(checkIn.id, checkInId));
  // Deleted since, or not replied to: nothing to tell.
  if (!row?.reviewedAt) return;
  const gate = await reminderGate(row.userId, "coach-reply", now);
  if (!gate.send) {
    if (gate.reason === "quiet") await enqueueJob(db, checkInReplyMailJob, { checkInId }, { runAt: gate.until, key: `check-in-reply:${row.id}:after-quiet@${gate.until.toISOString()}` });
    return;
  }
  const [coachRow] = row.reviewedById ? await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, row.reviewedById)) : [];
  const businessName = await getBusinessName();
  const coach = coachRow ? coachRow.name.trim() || coachRow.email : `Your coach at ${businessName}`;
  const { url, headers } = unsubscribeHeaders(row.userId, "coach-reply");
  await sendMail({
    to: row.email,
    headers,
    subject: `${coach} replied to your check-in of ${formatLongDate(row.weekOf)}`,
    text: [
      `Hello ${row.name.trim() || row.email},`,
      "",
      `${coach}, your coach at ${businessName}, replied to your check-in of ${formatLongDate(row.weekOf)}:`,
      "",
      ...row.reply.split("\n").map((line) => `  ${line}`),
      "",
      "See your check-in and the reply:",
      `${getEnv().BASE_URL}${memberCheckInPath(row.id)}`,
      ...reminderFooter("coach-reply", url, businessName),
    ].join("\n"),
  });
}

/**
 * The coach's reply to a check-in: stored, the check-in marked reviewed (the member can no
 * longer edit it), and the member's e-mail enqueued in the same transaction, under the
 * check-in's row lock (a member's edit at the same moment goes first or is refused). A
 * check-in already reviewed: 409; not this member's: 404.
 */
export async function replyToCheckIn(actor: Staff, memberId: string, checkInId: unknown, input: unknown): Promise<{ memberName: string }> {
  ensureCan(actor, "checkIns", "reviewAny");
  const { reply } = replySchema.parse(input);
  const member = await requireMemberAccount(memberId);
  const id = typeof checkInId === "string" ? checkInId : "";
  await getDb().transaction(async (tx) => {
    const [row] = id ? await tx.select({ id: checkIn.id, reviewedAt: checkIn.reviewedAt }).from(checkIn).where(and(eq(checkIn.id, id), eq(checkIn.userId, member.id))).for("update") : [];
    if (!row) throw new AppError(404, CHECK_IN_NOT_FOUND);
    if (row.reviewedAt) throw new AppError(409, REPLY_TWICE, { title: "Already reviewed" });
    await tx.update(checkIn).set({ reply, reviewedAt: new Date(), reviewedById: actor.id }).where(eq(checkIn.id, row.id));
    await enqueueJob(tx, checkInReplyMailJob, { checkInId: row.id }, { key: `check-in-reply:${row.id}` });
  });
  return { memberName: member.name.trim() || member.email };
}

/** Staff set the weekday a member checks in (0 Sunday … 6 Saturday); the profile row is made when missing. */
export async function setMemberCheckInDay(actor: Staff, memberId: string, input: unknown): Promise<{ checkInDay: number; memberName: string }> {
  ensureCan(actor, "coaching", "setCheckInDay");
  const { checkInDay } = checkInDaySchema.parse(input);
  const member = await requireMemberAccount(memberId);
  await getDb()
    .insert(profile)
    .values({ userId: member.id, checkInDay })
    .onConflictDoUpdate({ target: profile.userId, set: { checkInDay, updatedAt: new Date() } });
  return { checkInDay, memberName: member.name.trim() || member.email };
}

export interface MemberCheckInSummary {
  status: CheckInStatus;
  /** The newest check-ins, newest first. */
  latest: Array<{ id: string; weekOf: string; sentOn: string; reviewed: boolean; path: string }>;
  total: number;
}

/** For the coach's one page per member: this week's state and the newest check-ins with their status. */
export async function getMemberCheckInSummary(actor: Pick<SessionUser, "role">, memberId: string, limit = 5): Promise<MemberCheckInSummary> {
  ensureCan(actor, "checkIns", "reviewAny");
  const member = await requireMemberAccount(memberId);
  const { timeZone } = await getSiteSettings();
  // The newest few and how many in all, in one statement: the window counts every row of the member's before the limit.
  const [status, rows] = await Promise.all([
    checkInStatusOf(member.id, timeZone),
    getDb()
      .select({ id: checkIn.id, weekOf: checkIn.weekOf, submittedAt: checkIn.submittedAt, reviewedAt: checkIn.reviewedAt, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(checkIn)
      .where(eq(checkIn.userId, member.id))
      .orderBy(desc(checkIn.weekOf))
      .limit(Math.min(Math.max(1, limit), 20)),
  ]);
  return {
    status,
    latest: rows.map((r) => ({ id: r.id, weekOf: r.weekOf, sentOn: todayIn(timeZone, r.submittedAt), reviewed: r.reviewedAt !== null, path: staffCheckInPath(member.id, r.id) })),
    total: rows[0]?.total ?? 0,
  };
}
