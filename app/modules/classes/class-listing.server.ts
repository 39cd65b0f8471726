/**
 * What the Group Classes page shows (decision 0103): the class types and the weekly
 * timetable from the database, and the classes of the coming days (made from the
 * timetable first) with the spots left. A member also sees their own place in each. The
 * visitor's page is the same for everyone and is kept by the public page cache; a
 * member's is drawn per request (a session cookie skips the cache).
 */
import { and, asc, count, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { classBooking, classSlot, classType, groupClass, type BookingStatus } from "~/db/schema/classes";
import { formatClassTime } from "~/lib/class-time";
import { todayIn, toZonedParts } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { makeClasses } from "./class-dates.server";
import { getClassBookingSettings } from "./class-settings.server";
import { LIVE, settleOverdueOffers, TAKING_A_SPOT } from "./waitlist.server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export interface ClassTypeCardView {
  name: string;
  duration: string;
  intensity: string;
  maxParticipants: number;
  description: string;
}

export interface TimetableRowView {
  /** The timetable row: a member's 'Book' leads to its next dated class. */
  id: string;
  day: string;
  time: string;
  className: string;
  /** The row's coach, "" when none is set. */
  coachName: string;
}

export interface OwnPlace {
  status: BookingStatus;
  /** On the waitlist: 1 = next. */
  position: number | null;
  /** An offer's deadline, HH:mm in the site's zone, and its date. */
  offerDeadline: { date: string; time: string } | null;
}

export interface UpcomingClassView {
  id: string;
  className: string;
  /** yyyy-mm-dd and HH:mm in the site's zone. */
  date: string;
  time: string;
  startsAt: string;
  durationMinutes: number;
  location: string;
  /** The class's coach, "" when none is set. */
  coachName: string;
  /** The timetable row it was made from; null for an extra class. */
  slotId: string | null;
  capacity: number;
  spotsLeft: number;
  waiting: number;
  cancelled: boolean;
  /** A cancel now would be a late cancel (inside the cut-off). */
  insideCutoff: boolean;
  mine: OwnPlace | null;
}

/** 360 → "6:00 AM", 1140 → "7:00 PM" (the spec's timetable shows 12-hour times). */
function twelveHourTime(minute: number): string {
  return formatClassTime(`${Math.floor(minute / 60)}:${minute % 60}`);
}

const coachOf = (r: { coachName: string | null; coachEmail: string | null }) => (r.coachEmail ? r.coachName?.trim() || r.coachEmail : "");

/** The class types (not archived) in their order, as the cards show them. */
export async function listClassTypeCards(): Promise<ClassTypeCardView[]> {
  const rows = await getDb().select().from(classType).where(isNull(classType.archivedAt)).orderBy(asc(classType.position), asc(classType.name));
  return rows.map((t) => ({ name: t.name, duration: `${t.durationMinutes} min`, intensity: t.intensity, maxParticipants: t.capacity, description: t.description }));
}

/** The weekly timetable (rows not archived), Monday first as the spec lists it. */
export async function listTimetable(): Promise<TimetableRowView[]> {
  const rows = await getDb()
    .select({ id: classSlot.id, weekday: classSlot.weekday, startMinute: classSlot.startMinute, className: classType.name, coachName: user.name, coachEmail: user.email })
    .from(classSlot)
    .innerJoin(classType, eq(classType.id, classSlot.classTypeId))
    .leftJoin(user, eq(user.id, classSlot.coachId))
    .where(isNull(classSlot.archivedAt));
  return rows
    .sort((a, b) => (a.weekday + 6) % 7 - (b.weekday + 6) % 7 || a.startMinute - b.startMinute)
    .map((r) => ({ id: r.id, day: WEEKDAYS[r.weekday]!, time: twelveHourTime(r.startMinute), className: r.className, coachName: coachOf(r) }));
}

/**
 * The classes from now to the booking horizon, made from the timetable first, with the
 * spots left; for a member, their own place in each. Offers past their deadline are
 * passed on before the counts are read.
 */
export async function listUpcomingClasses(viewer: Pick<SessionUser, "id" | "role"> | null, now: Date = new Date()): Promise<{ classes: UpcomingClassView[]; timeZone: string; bookAheadDays: number }> {
  const [{ timeZone }, settings] = await Promise.all([getSiteSettings(), getClassBookingSettings()]);
  await makeClasses(getDb(), { from: todayIn(timeZone, now), days: settings.bookAheadDays + 1, timeZone });
  const horizon = new Date(now.getTime() + settings.bookAheadDays * DAY);
  const inSpan = and(gt(groupClass.startsAt, now), lt(groupClass.startsAt, horizon));
  const ids = (await getDb().select({ id: groupClass.id }).from(groupClass).where(inSpan)).map((r) => r.id);
  await settleOverdueOffers(ids, now);
  const rows = await getDb()
    .select({
      id: groupClass.id,
      startsAt: groupClass.startsAt,
      durationMinutes: groupClass.durationMinutes,
      capacity: groupClass.capacity,
      location: groupClass.location,
      status: groupClass.status,
      className: classType.name,
      slotId: groupClass.slotId,
      coachName: user.name,
      coachEmail: user.email,
    })
    .from(groupClass)
    .innerJoin(classType, eq(classType.id, groupClass.classTypeId))
    .leftJoin(user, eq(user.id, groupClass.coachId))
    .where(inSpan)
    .orderBy(asc(groupClass.startsAt), asc(classType.position));
  if (rows.length === 0) return { classes: [], timeZone, bookAheadDays: settings.bookAheadDays };
  const classIds = rows.map((r) => r.id);
  const counts = await getDb()
    .select({ classId: classBooking.classId, status: classBooking.status, n: count() })
    .from(classBooking)
    .where(and(inArray(classBooking.classId, classIds), inArray(classBooking.status, LIVE)))
    .groupBy(classBooking.classId, classBooking.status);
  const taken = new Map<string, number>();
  const waiting = new Map<string, number>();
  for (const c of counts) {
    const into = c.status === "waitlisted" ? waiting : TAKING_A_SPOT.includes(c.status) ? taken : null;
    into?.set(c.classId, (into.get(c.classId) ?? 0) + c.n);
  }
  const mine = viewer?.role === "member" ? await ownPlaces(viewer.id, classIds, timeZone) : new Map<string, OwnPlace>();
  return {
    timeZone,
    bookAheadDays: settings.bookAheadDays,
    classes: rows.map((r) => {
      const { date, time } = toZonedParts(r.startsAt, timeZone);
      return {
        id: r.id,
        className: r.className,
        date,
        time,
        startsAt: r.startsAt.toISOString(),
        durationMinutes: r.durationMinutes,
        location: r.location,
        coachName: coachOf(r),
        slotId: r.slotId,
        capacity: r.capacity,
        spotsLeft: Math.max(0, r.capacity - (taken.get(r.id) ?? 0)),
        waiting: waiting.get(r.id) ?? 0,
        cancelled: r.status === "cancelled",
        insideCutoff: r.startsAt.getTime() - now.getTime() < settings.cancelCutoffHours * HOUR,
        mine: mine.get(r.id) ?? null,
      };
    }),
  };
}

function deadlineOf(at: Date, timeZone: string) {
  const { date, time } = toZonedParts(at, timeZone);
  return { date, time };
}

/** The member's live place in each of these classes, with the waitlist position. */
async function ownPlaces(memberId: string, classIds: string[], timeZone: string): Promise<Map<string, OwnPlace>> {
  const own = await getDb()
    .select({ id: classBooking.id, classId: classBooking.classId, status: classBooking.status, offerExpiresAt: classBooking.offerExpiresAt })
    .from(classBooking)
    .where(and(eq(classBooking.memberId, memberId), inArray(classBooking.classId, classIds), inArray(classBooking.status, LIVE)));
  const waitingIn = own.filter((b) => b.status === "waitlisted").map((b) => b.classId);
  const queues = waitingIn.length
    ? await getDb()
        .select({ id: classBooking.id, classId: classBooking.classId })
        .from(classBooking)
        .where(and(inArray(classBooking.classId, waitingIn), eq(classBooking.status, "waitlisted")))
        .orderBy(asc(classBooking.queuedAt), asc(classBooking.id))
    : [];
  const places = new Map<string, OwnPlace>();
  for (const b of own) {
    const queue = queues.filter((q) => q.classId === b.classId);
    places.set(b.classId, {
      status: b.status,
      position: b.status === "waitlisted" ? queue.findIndex((q) => q.id === b.id) + 1 : null,
      offerDeadline: b.status === "offered" && b.offerExpiresAt ? deadlineOf(b.offerExpiresAt, timeZone) : null,
    });
  }
  return places;
}
