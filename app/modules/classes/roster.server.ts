/**
 * The classes of a week and one class's roster for staff, and attendance marked at the
 * door (decision 0108): once the class has started, per booked member, under the
 * class row's lock.
 */
import { and, asc, eq, gte, inArray, lt, ne, notInArray, or, sql } from "drizzle-orm";
import { ensureCan } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { classBooking, classType, groupClass } from "~/db/schema/classes";
import { AppError } from "~/lib/app-error";
import { addDays, toZonedParts, todayIn, zonedToUtc } from "~/lib/time-zone";
import { getBillingSettings } from "~/modules/billing/billing-settings.server";
import { placeKeepsCredit, restoreCredit, returnCredit } from "~/modules/billing/entitlements.server";
import { makeClasses } from "./class-dates.server";
import { attendanceSchema, DOORS_OPEN_MINUTES, DURATION_MAX, type AttendanceMark } from "./classes.schema";
import { CLASS_NOT_FOUND, lockExistingClass, personName, siteTimeZone, type Actor } from "./class-staff.server";
import { LIVE, TAKING_A_SPOT } from "./waitlist.server";

export const NOT_STARTED = `Attendance can be marked from ${DOORS_OPEN_MINUTES} minutes before the class starts.`;
export const CANCELLED_CLASS = "This class was cancelled: there is no attendance to mark.";
export const BOOKING_NOT_FOUND = "Booking not found";
export const NOT_BOOKED = "Only members booked into the class can be marked.";
export const OTHER_PLACE = "This member holds another place in the class: mark that one.";
/** Marks may be changed: a coach corrects a mistake made at the door. */
const MARKABLE = ["booked", "attended", "no_show", "late_cancelled"] as const;

/** Whether the doors are open: from DOORS_OPEN_MINUTES before the start (409 before). */
export const doorsOpen = (startsAt: Date, now: Date) => startsAt.getTime() - DOORS_OPEN_MINUTES * 60_000 <= now.getTime();

function ensureDoorsOpen(startsAt: Date, now: Date): void {
  if (!doorsOpen(startsAt, now)) throw new AppError(409, NOT_STARTED);
}

/**
 * A week of classes from `week` weeks after today (the timetable's made first), with spots
 * taken and waiting. This week's also keeps a class that began before midnight and is still
 * under way: the coach at the door at 00:05 finds it (decision 0189).
 */
export async function listClassWeek(actor: Actor, week: number) {
  ensureCan(actor, "groupClasses", "view");
  const timeZone = await siteTimeZone();
  const from = addDays(todayIn(timeZone), week * 7);
  const fromUtc = zonedToUtc(from, "00:00", timeZone);
  const now = new Date();
  const db = getDb();
  if (week >= 0) await makeClasses(db, { from, days: 7, timeZone });
  const spots = sql<number>`count(*) filter (where ${inArray(classBooking.status, TAKING_A_SPOT)})`.mapWith(Number);
  const waiting = sql<number>`count(*) filter (where ${classBooking.status} = 'waitlisted')`.mapWith(Number);
  const offered = sql<number>`count(*) filter (where ${classBooking.status} = 'offered')`.mapWith(Number);
  const lateCancelled = sql<number>`count(*) filter (where ${classBooking.status} = 'late_cancelled')`.mapWith(Number);
  const rows = await db
    .select({
      id: groupClass.id,
      startsAt: groupClass.startsAt,
      durationMinutes: groupClass.durationMinutes,
      capacity: groupClass.capacity,
      location: groupClass.location,
      status: groupClass.status,
      changedAt: groupClass.changedAt,
      slotId: groupClass.slotId,
      typeName: classType.name,
      coachName: user.name,
      coachEmail: user.email,
      taken: spots,
      waiting,
      offered,
      lateCancelled,
    })
    .from(groupClass)
    .innerJoin(classType, eq(classType.id, groupClass.classTypeId))
    .leftJoin(user, eq(user.id, groupClass.coachId))
    // Current places and late cancels only: a class's given-up history is never read.
    .leftJoin(classBooking, and(eq(classBooking.classId, groupClass.id), inArray(classBooking.status, [...LIVE, "late_cancelled"])))
    .where(and(or(gte(groupClass.startsAt, fromUtc), week === 0 ? underWay(now) : undefined), lt(groupClass.startsAt, zonedToUtc(addDays(from, 7), "00:00", timeZone))))
    .groupBy(groupClass.id, classType.name, user.name, user.email)
    .orderBy(asc(groupClass.startsAt), asc(groupClass.id))
    .limit(500);
  return {
    from,
    to: addDays(from, 6),
    timeZone,
    classes: rows.map((r) => ({
      id: r.id,
      ...toZonedParts(r.startsAt, timeZone),
      durationMinutes: r.durationMinutes,
      typeName: r.typeName,
      coachName: r.coachEmail ? personName({ name: r.coachName ?? "", email: r.coachEmail }) : "",
      location: r.location,
      capacity: r.capacity,
      taken: r.taken,
      waiting: r.waiting,
      offered: r.offered,
      lateCancelled: r.lateCancelled,
      cancelled: r.status === "cancelled",
      changed: r.changedAt !== null,
      extra: r.slotId === null,
      past: r.startsAt <= now,
    })),
  };
}

/** Classes started and not yet ended at `now`; the start's lower bound (the longest class) keeps it on the start index. */
function underWay(now: Date) {
  return and(
    gte(groupClass.startsAt, new Date(now.getTime() - DURATION_MAX * 60_000)),
    lt(groupClass.startsAt, now),
    sql`${groupClass.startsAt} + make_interval(mins => ${groupClass.durationMinutes}) > ${now}`,
  );
}

/** Attended, no-show and late-cancel counts of members, over every class. */
export async function attendanceCounts(memberIds: string[]): Promise<Map<string, { attended: number; noShow: number; lateCancelled: number }>> {
  const counts = new Map<string, { attended: number; noShow: number; lateCancelled: number }>();
  if (memberIds.length === 0) return counts;
  const rows = await getDb()
    .select({
      memberId: classBooking.memberId,
      attended: sql<number>`count(*) filter (where ${classBooking.status} = 'attended')`.mapWith(Number),
      noShow: sql<number>`count(*) filter (where ${classBooking.status} = 'no_show')`.mapWith(Number),
      lateCancelled: sql<number>`count(*) filter (where ${classBooking.status} = 'late_cancelled')`.mapWith(Number),
    })
    .from(classBooking)
    .where(inArray(classBooking.memberId, memberIds))
    .groupBy(classBooking.memberId);
  for (const r of rows) counts.set(r.memberId, { attended: r.attended, noShow: r.noShow, lateCancelled: r.lateCancelled });
  return counts;
}

/** One member's class attendance, for the coach's page of that member. */
export async function getMemberClassAttendance(actor: Actor, memberId: string) {
  ensureCan(actor, "groupClasses", "view");
  return (await attendanceCounts([memberId])).get(memberId) ?? { attended: 0, noShow: 0, lateCancelled: 0 };
}

/**
 * The rows a roster lists: the current places, the late cancels, and (of a cancelled class)
 * the places its cancellation released. Places given up before the cut-off and lapsed
 * offers are history only: however many there are, they never crowd out a current place.
 */
function shownOnRoster(classCancelledAt: Date | null) {
  const current = inArray(classBooking.status, [...LIVE, "late_cancelled"]);
  return classCancelledAt ? or(current, and(eq(classBooking.status, "cancelled"), eq(classBooking.cancelledAt, classCancelledAt))) : current;
}

/** One class with who is booked, who waits (in order) and whose offer is pending. */
export async function getRoster(actor: Actor, classId: string) {
  ensureCan(actor, "groupClasses", "view");
  const db = getDb();
  const [row] = await db
    .select({ c: groupClass, typeName: classType.name, coachName: user.name, coachEmail: user.email })
    .from(groupClass)
    .innerJoin(classType, eq(classType.id, groupClass.classTypeId))
    .leftJoin(user, eq(user.id, groupClass.coachId))
    .where(eq(groupClass.id, classId));
  if (!row) throw new AppError(404, CLASS_NOT_FOUND);
  const bookings = await db
    .select({ id: classBooking.id, memberId: classBooking.memberId, status: classBooking.status, queuedAt: classBooking.queuedAt, offerExpiresAt: classBooking.offerExpiresAt, cancelledAt: classBooking.cancelledAt, name: user.name, email: user.email })
    .from(classBooking)
    .innerJoin(user, eq(user.id, classBooking.memberId))
    .where(and(eq(classBooking.classId, classId), shownOnRoster(row.c.cancelledAt)))
    .orderBy(asc(classBooking.queuedAt), asc(classBooking.id))
    .limit(1000);
  const counts = await attendanceCounts([...new Set(bookings.map((b) => b.memberId))]);
  const timeZone = await siteTimeZone();
  const now = Date.now();
  const c = row.c;
  const person = (b: (typeof bookings)[number]) => ({
    bookingId: b.id,
    memberId: b.memberId,
    name: personName(b),
    email: b.email,
    status: b.status,
    counts: counts.get(b.memberId) ?? { attended: 0, noShow: 0, lateCancelled: 0 },
  });
  const spots = new Set<string>(TAKING_A_SPOT);
  const withClass = (b: (typeof bookings)[number]) => c.cancelledAt !== null && b.cancelledAt?.getTime() === c.cancelledAt.getTime();
  return {
    id: c.id,
    typeName: row.typeName,
    ...toZonedParts(c.startsAt, timeZone),
    timeZone,
    durationMinutes: c.durationMinutes,
    capacity: c.capacity,
    location: c.location,
    coachId: c.coachId ?? "",
    coachName: row.coachEmail ? personName({ name: row.coachName ?? "", email: row.coachEmail }) : "",
    cancelled: c.status === "cancelled",
    changed: c.changedAt !== null,
    extra: c.slotId === null,
    started: c.startsAt.getTime() <= now,
    doorsOpen: doorsOpen(c.startsAt, new Date(now)),
    booked: bookings.filter((b) => spots.has(b.status) && b.status !== "offered").map(person),
    lateCancelled: bookings.filter((b) => b.status === "late_cancelled").map(person),
    offered: bookings.filter((b) => b.status === "offered").map((b) => ({ ...person(b), expires: b.offerExpiresAt ? toZonedParts(b.offerExpiresAt, timeZone) : null })),
    waiting: bookings.filter((b) => b.status === "waitlisted").map(person),
    /** Places the staff's cancellation released. */
    releasedWithClass: bookings.filter((b) => b.status === "cancelled" && withClass(b)).map(person),
  };
}

/** Marks one booked member attended, no-show or late cancel; a mark may be corrected later. */
export async function markAttendance(actor: Actor, classId: string, input: unknown, now: Date = new Date()): Promise<{ name: string; mark: AttendanceMark }> {
  ensureCan(actor, "groupClasses", "markAttendance");
  const form = attendanceSchema.parse(input);
  return getDb().transaction(async (tx) => {
    const c = await lockExistingClass(tx, classId);
    if (c.status === "cancelled") throw new AppError(409, CANCELLED_CLASS);
    ensureDoorsOpen(c.startsAt, now);
    const [booking] = await tx
      .select({ id: classBooking.id, memberId: classBooking.memberId, status: classBooking.status, name: user.name, email: user.email })
      .from(classBooking)
      .innerJoin(user, eq(user.id, classBooking.memberId))
      .where(and(eq(classBooking.id, form.bookingId), eq(classBooking.classId, classId)));
    if (!booking) throw new AppError(404, BOOKING_NOT_FOUND);
    if (!(MARKABLE as readonly string[]).includes(booking.status)) throw new AppError(409, NOT_BOOKED);
    if (booking.status === "late_cancelled" && form.mark !== "late_cancelled") {
      // A late cancel is no live place: the member may hold a newer one in the class (one live place each).
      const [other] = await tx
        .select({ id: classBooking.id })
        .from(classBooking)
        .where(and(eq(classBooking.classId, classId), eq(classBooking.memberId, booking.memberId), ne(classBooking.id, booking.id), notInArray(classBooking.status, ["cancelled", "late_cancelled", "offer_lapsed"])));
      if (other) throw new AppError(409, OTHER_PLACE);
    }
    await tx
      .update(classBooking)
      .set({ status: form.mark, markedById: actor.id, cancelledAt: form.mark === "late_cancelled" ? now : null, updatedAt: now })
      .where(eq(classBooking.id, booking.id));
    // A no-show or a late cancel keeps its credit or gives it back (settings); correcting such a mark spends it again.
    if (placeKeepsCredit(form.mark, await getBillingSettings(tx))) await restoreCredit(tx, { classBookingId: booking.id, memberId: booking.memberId });
    else await returnCredit(tx, { classBookingId: booking.id, now });
    return { name: personName(booking), mark: form.mark };
  });
}

/**
 * 'Mark everyone attended': every place still plain booked becomes attended, in one
 * statement under the class row's lock; places already marked (no-show, late cancel)
 * keep their mark, and offers, the waitlist and cancelled places are not touched.
 */
export async function markEveryoneAttended(actor: Actor, classId: string, now: Date = new Date()): Promise<{ marked: number }> {
  ensureCan(actor, "groupClasses", "markAttendance");
  return getDb().transaction(async (tx) => {
    const c = await lockExistingClass(tx, classId);
    if (c.status === "cancelled") throw new AppError(409, CANCELLED_CLASS);
    ensureDoorsOpen(c.startsAt, now);
    const marked = await tx
      .update(classBooking)
      .set({ status: "attended", markedById: actor.id, updatedAt: now })
      .where(and(eq(classBooking.classId, classId), eq(classBooking.status, "booked")))
      .returning({ id: classBooking.id });
    return { marked: marked.length };
  });
}
