/**
 * One-off changes to one dated class (decision 0107): cancel, move (date and time),
 * another coach or room, and extra classes. Each takes the class row's lock first and
 * does its checks and writes in one transaction; the members' e-mails are jobs enqueued
 * in that transaction, once per member and class revision.
 */
import crypto from "node:crypto";
import { and, asc, count, eq, gt, inArray, isNotNull, isNull } from "drizzle-orm";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { classBooking, classSlot, classType, groupClass } from "~/db/schema/classes";
import { AppError } from "~/lib/app-error";
import { returnCredit } from "~/modules/billing/entitlements.server";
import { addDays, todayIn, toZonedParts, zonedToUtc } from "~/lib/time-zone";
import { classChangeSchema, extraClassSchema, WEEKS_SHOWN } from "./classes.schema";
import { coachOrNull, enqueueClassNotices, ensureChangeable, liveMembers, lockExistingClass, siteTimeZone, type Actor } from "./class-staff.server";
import { announcePublicContentChangeIn } from "~/lib/site-changes.server";

export const IN_THE_FUTURE = "Please choose a date and time in the future";
export const TYPE_NOT_ACTIVE = "Please choose a class type from the list";
export const MAX_UPCOMING_EXTRA = 200;
export const TOO_MANY_EXTRA = `There can be at most ${MAX_UPCOMING_EXTRA} upcoming extra classes.`;

export const WITHIN_WEEKS_SHOWN = `Please choose a date within ${WEEKS_SHOWN} weeks from today`;

type ClassRow = typeof groupClass.$inferSelect;

/** A class is dated within the weeks the staff's list reaches (its last week ends 6 days after it starts), so it can be found again. */
function ensureWithinWeeksShown(date: string, timeZone: string, now: Date): void {
  if (date > addDays(todayIn(timeZone, now), WEEKS_SHOWN * 7 + 6)) throw new AppError(400, "", { fieldErrors: { date: WITHIN_WEEKS_SHOWN } });
}

/**
 * Cancels a class whose row the caller holds locked: every live place (booked, offered,
 * waiting) is released with it, so nothing is left to promote, each credit spent on one
 * is given back, and each of those members gets one e-mail. Returns how many were told.
 */
export async function cancelLockedClass(tx: Db, row: ClassRow, now: Date): Promise<number> {
  const revision = row.revision + 1;
  await tx.update(groupClass).set({ status: "cancelled", cancelledAt: now, revision, updatedAt: now }).where(eq(groupClass.id, row.id));
  const told = await liveMembers(tx, row.id);
  if (told.length > 0) {
    await tx
      .update(classBooking)
      .set({ status: "cancelled", cancelledAt: now, offerExpiresAt: null, updatedAt: now })
      .where(inArray(classBooking.id, told.map((t) => t.id)));
  }
  // Nobody pays for a class the coach called off: every credit comes back, a late cancel's kept one too.
  const lateCancels = await tx.select({ id: classBooking.id }).from(classBooking).where(and(eq(classBooking.classId, row.id), eq(classBooking.status, "late_cancelled")));
  await returnCredit(tx, { classBookingId: [...told, ...lateCancels].map((b) => b.id), now });
  await enqueueClassNotices(tx, row.id, revision, "cancelled", told);
  return told.length;
}

/** Staff cancel one upcoming class. Cancelling it again changes nothing and e-mails nobody. */
export async function cancelClass(actor: Actor, classId: string): Promise<{ alreadyCancelled: boolean; told: number }> {
  ensureCan(actor, "groupClasses", "changeClass");
  const now = new Date();
  const result = await getDb().transaction(async (tx) => {
    const row = await lockExistingClass(tx, classId);
    if (row.status === "cancelled") return { alreadyCancelled: true, told: 0 };
    ensureChangeable(row, now);
    return { alreadyCancelled: false, told: await cancelLockedClass(tx, row, now) };
  });
  if (!result.alreadyCancelled) await recordAudit({ action: "class.cancelled", actor, target: { type: "class", id: classId }, summary: `Cancelled a class (${result.told} members told)` });
  return result;
}

/**
 * Moves one upcoming class, or gives it another coach or room. The class is marked as
 * changed (timetable edits leave it alone from now on) and its booked members are
 * e-mailed. Nothing changed: nothing written, nobody e-mailed.
 */
export async function changeClass(actor: Actor, classId: string, input: unknown): Promise<{ changed: boolean; told: number }> {
  ensureCan(actor, "groupClasses", "changeClass");
  const form = classChangeSchema.parse(input);
  const coachId = await coachOrNull(form.coachId);
  const timeZone = await siteTimeZone();
  const startsAt = zonedToUtc(form.date, form.time, timeZone);
  const now = new Date();
  ensureWithinWeeksShown(form.date, timeZone, now);
  const result = await getDb().transaction(async (tx) => {
    const row = await lockExistingClass(tx, classId);
    ensureChangeable(row, now);
    if (startsAt.getTime() <= now.getTime()) throw new AppError(400, "", { fieldErrors: { time: IN_THE_FUTURE } });
    if (startsAt.getTime() === row.startsAt.getTime() && coachId === row.coachId && form.location === row.location) return { changed: false, told: 0 };
    const revision = row.revision + 1;
    await tx.update(groupClass).set({ startsAt, coachId, location: form.location, changedAt: now, revision, updatedAt: now }).where(eq(groupClass.id, classId));
    const told = await liveMembers(tx, classId);
    await enqueueClassNotices(tx, classId, revision, "changed", told);
    return { changed: true, told: told.length };
  });
  if (result.changed) {
    await recordAudit({ action: "class.changed", actor, target: { type: "class", id: classId }, summary: `Changed a class to ${form.date} ${form.time}${form.location ? `, ${form.location}` : ""} (${result.told} members told)` });
  }
  return result;
}

/**
 * The coach of an extra class left without one (decision 0122): the coach of the type's
 * first timetable row that has one, else the staff member adding it. A class never goes
 * out as 'No coach' while a coach exists.
 */
async function defaultCoach(tx: Db, classTypeId: string, actor: Actor): Promise<string> {
  const [row] = await tx
    .select({ coachId: classSlot.coachId })
    .from(classSlot)
    .where(and(eq(classSlot.classTypeId, classTypeId), isNull(classSlot.archivedAt), isNotNull(classSlot.coachId)))
    .orderBy(asc(classSlot.weekday), asc(classSlot.startMinute))
    .limit(1);
  return row?.coachId ?? actor.id;
}

/** Adds a class on one date that no timetable row makes, with a coach (chosen, else the default above). */
export async function addExtraClass(actor: Actor, input: unknown): Promise<{ id: string; date: string }> {
  ensureCan(actor, "groupClasses", "changeClass");
  const form = extraClassSchema.parse(input);
  const coachId = await coachOrNull(form.coachId);
  const timeZone = await siteTimeZone();
  const startsAt = zonedToUtc(form.date, form.time, timeZone);
  const now = new Date();
  ensureWithinWeeksShown(form.date, timeZone, now);
  if (startsAt.getTime() <= now.getTime()) throw new AppError(400, "", { fieldErrors: { time: IN_THE_FUTURE } });
  const id = crypto.randomUUID();
  const name = await getDb().transaction(async (tx) => {
    // The type's row keeps its capacity and duration steady until the class holds a copy.
    const [type] = await tx.select().from(classType).where(and(eq(classType.id, form.classTypeId), isNull(classType.archivedAt))).for("update");
    if (!type) throw new AppError(400, "", { fieldErrors: { classTypeId: TYPE_NOT_ACTIVE } });
    const [extra] = await tx.select({ n: count() }).from(groupClass).where(and(isNull(groupClass.slotId), gt(groupClass.startsAt, now)));
    if ((extra?.n ?? 0) >= MAX_UPCOMING_EXTRA) throw new AppError(409, TOO_MANY_EXTRA);
    await tx.insert(groupClass).values({ id, classTypeId: type.id, startsAt, durationMinutes: type.durationMinutes, capacity: type.capacity, coachId: coachId ?? (await defaultCoach(tx, type.id, actor)), location: form.location });
    await announcePublicContentChangeIn(tx);
    return type.name;
  });
  const { date, time } = toZonedParts(startsAt, timeZone);
  await recordAudit({ action: "class.created", actor, target: { type: "class", id }, summary: `Added an extra ${name} class on ${date} at ${time}` });
  return { id, date };
}
