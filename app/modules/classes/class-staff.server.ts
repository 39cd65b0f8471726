/**
 * What the staff side of group classes shares (decisions 0105-0108): the class-row lock
 * every write takes first (decision 0100; waitlist.server.ts has it and the spots taken),
 * the staff who can coach, and the e-mail a member gets when staff cancel or change a class they are in.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { classBooking, classType, groupClass, type BookingStatus } from "~/db/schema/classes";
import { AppError } from "~/lib/app-error";
import { formatLongDate } from "~/lib/dates";
import { defineJob, enqueueJobs } from "~/lib/jobs.server";
import { sendMail } from "~/lib/mail.server";
import { formatClassTime } from "~/lib/class-time";
import { toZonedParts } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { lockClass } from "./waitlist.server";

export type Actor = Pick<SessionUser, "id" | "role" | "email">;

export const CLASS_NOT_FOUND = "Class not found";
export const CLASS_IN_PAST = "This class has already started: past classes cannot be changed.";
export const CLASS_CANCELLED = "This class is cancelled: it cannot be changed.";
export const NOT_A_COACH = "Please choose a coach from the list";

/** Rows a change or a cancellation is told to. */
export const TOLD_STATUSES = ["booked", "offered", "waitlisted"] as const satisfies readonly BookingStatus[];

export async function siteTimeZone(): Promise<string> {
  return (await getSiteSettings()).timeZone;
}

export const personName = (u: { name: string; email: string }) => u.name.trim() || u.email;

/** Takes the class row's lock (FOR UPDATE, waitlist.server.ts) in the caller's transaction; 404 when there is none. */
export async function lockExistingClass(tx: Db, classId: string) {
  const row = await lockClass(tx, classId);
  if (!row) throw new AppError(404, CLASS_NOT_FOUND);
  return row;
}

/** A class staff may still change: scheduled and not started. */
export function ensureChangeable(row: { status: string; startsAt: Date }, now: Date): void {
  if (row.startsAt.getTime() <= now.getTime()) throw new AppError(409, CLASS_IN_PAST);
  if (row.status !== "scheduled") throw new AppError(409, CLASS_CANCELLED);
}

/** Trainers and administrators who are not deactivated: who may coach a class. */
export async function listCoaches() {
  const rows = await getDb()
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(and(inArray(user.role, ["trainer", "admin"]), eq(user.banned, false)))
    .orderBy(asc(user.name), asc(user.email))
    .limit(200);
  return rows.map((r) => ({ id: r.id, name: personName(r) }));
}

/** "" → no coach; otherwise a trainer or administrator, else a 400 on the coach field. */
export async function coachOrNull(coachId: string): Promise<string | null> {
  if (coachId === "") return null;
  const [coach] = await getDb()
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, coachId), inArray(user.role, ["trainer", "admin"]), eq(user.banned, false)));
  if (!coach) throw new AppError(400, "", { fieldErrors: { coachId: NOT_A_COACH } });
  return coach.id;
}

const noticePayload = z.object({
  classId: z.string(),
  memberId: z.string(),
  notice: z.enum(["cancelled", "changed"]),
  revision: z.number().int(),
  waiting: z.boolean(),
});
type Notice = z.infer<typeof noticePayload>;

/**
 * Enqueues, in the caller's transaction, one e-mail per member told about a class at
 * this revision; the key makes a second enqueue of the same notice do nothing.
 */
export async function enqueueClassNotices(tx: Db, classId: string, revision: number, notice: Notice["notice"], members: ReadonlyArray<{ memberId: string; status: string }>): Promise<number> {
  const jobs = members.map((m) => ({
    payload: { classId, memberId: m.memberId, notice, revision, waiting: m.status === "waitlisted" },
    key: `classes.notice:${classId}:${m.memberId}:${revision}`,
  }));
  return (await enqueueJobs(tx, classNoticeJob, jobs)).length;
}

/** The live rows of a class that a change or a cancellation is told to. */
export async function liveMembers(tx: Db, classId: string) {
  return tx
    .select({ id: classBooking.id, memberId: classBooking.memberId, status: classBooking.status })
    .from(classBooking)
    .where(and(eq(classBooking.classId, classId), inArray(classBooking.status, [...TOLD_STATUSES])));
}

async function sendClassNotice({ classId, memberId, notice, revision, waiting }: Notice): Promise<void> {
  const db = getDb();
  const [row] = await db
    .select({ typeName: classType.name, startsAt: groupClass.startsAt, durationMinutes: groupClass.durationMinutes, location: groupClass.location, coachId: groupClass.coachId, revision: groupClass.revision })
    .from(groupClass)
    .innerJoin(classType, eq(classType.id, groupClass.classTypeId))
    .where(eq(groupClass.id, classId));
  // A later change sends its own e-mail with the newer details.
  if (!row || row.revision !== revision) return;
  const [member] = await db.select({ name: user.name, email: user.email }).from(user).where(and(eq(user.id, memberId), eq(user.banned, false)));
  if (!member) return;
  const [coachRow] = row.coachId ? await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, row.coachId)) : [];
  const timeZone = await siteTimeZone();
  const { date, time: hhmm } = toZonedParts(row.startsAt, timeZone);
  const time = formatClassTime(hhmm);
  const when = `${formatLongDate(date)} at ${time} (${timeZone})`;
  const details = [`Class: ${row.typeName}`, `When: ${when}`, `Duration: ${row.durationMinutes} minutes`, row.location ? `Room: ${row.location}` : null, coachRow ? `Coach: ${personName(coachRow)}` : null].filter((l) => l !== null);
  const greeting = `Hello ${personName(member)},`;
  const mail =
    notice === "cancelled"
      ? {
          subject: `Class cancelled: ${row.typeName}, ${formatLongDate(date)} ${time}`,
          text: [greeting, "", waiting ? "A class whose waitlist you were on has been cancelled." : "A class you booked has been cancelled. Your place is released; there is nothing you need to do.", "", ...details].join("\n"),
        }
      : {
          subject: `Class changed: ${row.typeName}, ${formatLongDate(date)} ${time}`,
          text: [greeting, "", waiting ? "A class whose waitlist you are on has changed. You keep your place in the queue. The class now is:" : "A class you booked has changed. Your place is kept. The class now is:", "", ...details].join("\n"),
        };
  await sendMail({ to: member.email, ...mail });
}

/** One member's e-mail about a cancelled or changed class: sent at once, retried five times. */
export const classNoticeJob = defineJob({
  kind: "classes.staff-notice",
  payload: noticePayload,
  run: (payload) => sendClassNotice(payload),
});
