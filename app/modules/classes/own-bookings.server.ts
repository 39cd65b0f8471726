/**
 * A member's own class places for their calendar, dashboard and calendar feed (decision
 * 0103): always the acting member's rows, never anyone else's.
 */
import { and, asc, eq, gt, gte, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { classBooking, classType, groupClass, type BookingStatus } from "~/db/schema/classes";
import { toZonedParts } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";

type Actor = Pick<SessionUser, "id" | "role">;

/** The places a member's calendar shows: booked, offered, waiting, and the outcome of past ones. */
export const SHOWN: BookingStatus[] = ["booked", "offered", "waitlisted", "attended", "no_show"];

export interface OwnClassPlace {
  bookingId: string;
  classId: string;
  className: string;
  /** ISO instant; yyyy-mm-dd and HH:mm in the site's zone. */
  startsAt: string;
  date: string;
  time: string;
  durationMinutes: number;
  location: string;
  /** The class's coach, "" when none is set. */
  coachName: string;
  status: BookingStatus;
  classCancelled: boolean;
  /** The class's change count: the calendar feed's SEQUENCE. */
  revision: number;
}

/** What both reads take of a place's class (joined to its type and, left, its coach). */
const classColumns = {
  classId: groupClass.id,
  className: classType.name,
  startsAt: groupClass.startsAt,
  durationMinutes: groupClass.durationMinutes,
  location: groupClass.location,
  classStatus: groupClass.status,
  revision: groupClass.revision,
  coachName: user.name,
  coachEmail: user.email,
};

/** The coach's name as a class shows it: the e-mail when the name is blank, "" without a coach. */
const coachNameOf = (row: { coachName: string | null; coachEmail: string | null }) => (row.coachEmail ? row.coachName?.trim() || row.coachEmail : "");

async function select(actor: Actor, where: SQL | undefined, limit?: number): Promise<OwnClassPlace[]> {
  ensureCan(actor, "memberArea", "view");
  const { timeZone } = await getSiteSettings();
  const query = getDb()
    .select({
      bookingId: classBooking.id,
      status: classBooking.status,
      ...classColumns,
    })
    .from(classBooking)
    .innerJoin(groupClass, eq(groupClass.id, classBooking.classId))
    .innerJoin(classType, eq(classType.id, groupClass.classTypeId))
    .leftJoin(user, eq(user.id, groupClass.coachId))
    .where(and(eq(classBooking.memberId, actor.id), where))
    .orderBy(asc(groupClass.startsAt), asc(classBooking.id));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map((r) => {
    const { date, time } = toZonedParts(r.startsAt, timeZone);
    return { bookingId: r.bookingId, classId: r.classId, className: r.className, startsAt: r.startsAt.toISOString(), date, time, durationMinutes: r.durationMinutes, location: r.location, coachName: coachNameOf(r), status: r.status, classCancelled: r.classStatus === "cancelled", revision: r.revision };
  });
}

/** The member's places in classes starting in [from, to). */
export function listOwnClassPlaces(actor: Actor, range: { from: Date; to: Date }): Promise<OwnClassPlace[]> {
  return select(actor, and(inArray(classBooking.status, SHOWN), gte(groupClass.startsAt, range.from), lt(groupClass.startsAt, range.to)));
}

/** The member's next places (booked, offered or waiting) in classes still ahead and not cancelled: the dashboard's list. */
export function listNextClassPlaces(actor: Actor, limit = 3, now: Date = new Date()): Promise<OwnClassPlace[]> {
  return select(actor, and(inArray(classBooking.status, ["booked", "offered", "waitlisted"]), gt(groupClass.startsAt, now), eq(groupClass.status, "scheduled")), Math.max(1, Math.min(limit, 20)));
}

/** A place the member gave up, or an offer that lapsed: history, once a newer place exists. */
const ENDED: BookingStatus[] = ["cancelled", "late_cancelled", "offer_lapsed"];

export interface FeedClassPlace extends OwnClassPlace {
  /** The member's places in the class the feed counts (all but waiting ones): the event's SEQUENCE grows with each. */
  placesInClass: number;
}

/**
 * The calendar feed's classes starting in [from, to): ONE place per class, however often
 * the member booked and cancelled it (at most `limit` classes): their current place (not a
 * waiting one), else their latest ended one, so a calendar app that showed the class marks
 * it cancelled. Waiting places are not in the feed.
 */
export async function listFeedClassPlaces(actor: Actor, range: { from: Date; to: Date }, limit: number): Promise<FeedClassPlace[]> {
  ensureCan(actor, "memberArea", "view");
  const { timeZone } = await getSiteSettings();
  const db = getDb();
  const inRange = db.select({ id: groupClass.id }).from(groupClass).where(and(gte(groupClass.startsAt, range.from), lt(groupClass.startsAt, range.to)));
  const ranked = db
    .select({
      bookingId: classBooking.id,
      classId: classBooking.classId,
      status: classBooking.status,
      rank: sql<number>`row_number() over (partition by ${classBooking.classId} order by ${inArray(classBooking.status, ENDED)}, ${classBooking.queuedAt} desc, ${classBooking.id} desc)`.as("rank"),
      places: sql<number>`count(*) over (partition by ${classBooking.classId})`.as("places"),
    })
    .from(classBooking)
    .where(and(eq(classBooking.memberId, actor.id), ne(classBooking.status, "waitlisted"), inArray(classBooking.classId, inRange)))
    .as("ranked");
  const rows = await db
    .select({
      bookingId: ranked.bookingId,
      status: ranked.status,
      places: ranked.places,
      ...classColumns,
    })
    .from(ranked)
    .innerJoin(groupClass, eq(groupClass.id, ranked.classId))
    .innerJoin(classType, eq(classType.id, groupClass.classTypeId))
    .leftJoin(user, eq(user.id, groupClass.coachId))
    .where(eq(ranked.rank, 1))
    .orderBy(asc(groupClass.startsAt), asc(groupClass.id))
    .limit(limit);
  return rows.map((r) => {
    const { date, time } = toZonedParts(r.startsAt, timeZone);
    return { bookingId: r.bookingId, classId: r.classId, className: r.className, startsAt: r.startsAt.toISOString(), date, time, durationMinutes: r.durationMinutes, location: r.location, coachName: coachNameOf(r), status: r.status, classCancelled: r.classStatus === "cancelled", revision: r.revision, placesInClass: Number(r.places) };
  });
}

/** A place the calendar feed shows as cancelled: the class was cancelled, or the member's place ended. */
export function isCancelledInFeed(place: Pick<OwnClassPlace, "status" | "classCancelled">): boolean {
  return place.classCancelled || place.status === "cancelled" || place.status === "late_cancelled" || place.status === "offer_lapsed";
}
