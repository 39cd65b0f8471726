/**
 * A member's own bookings (decision 0102): book (or join the waitlist of a full class),
 * cancel (a late cancel inside the cut-off, which still frees the spot), confirm or
 * decline an offered place. Only members book, and only for themselves: every function
 * acts on the acting member's own row. Each is ONE transaction that takes the class row
 * `FOR UPDATE` first (then, for a booking, the member's row, for the weekly limit and what
 * pays for the place), checks and writes; a refusal changes nothing. A place is paid for
 * by the member's package or a credit (decision 0139): spent when the place is taken,
 * given back when it is given up in time.
 */
import { and, count, eq, gte, inArray, lt } from "drizzle-orm";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { classBooking, classType, groupClass, type BookingStatus } from "~/db/schema/classes";
import { AppError } from "~/lib/app-error";
import { toZonedParts, weekAround } from "~/lib/time-zone";
import { getBillingSettings } from "~/modules/billing/billing-settings.server";
import { coverPlace, placeKeepsCredit, returnCredit } from "~/modules/billing/entitlements.server";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { classChoiceSchema } from "./class-bookings.schema";
import { getClassBookingSettings } from "./class-settings.server";
import { arrivalNow, lapseExpiredOffers, LIVE, lockClass, newBookingId, promoteWaitlist, returnWaitingCreditsAtStart, spotsTaken } from "./waitlist.server";

type Actor = Pick<SessionUser, "id" | "role" | "email">;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const SIGN_IN_TO_BOOK = "Please sign in to book a class.";
export const CLASS_NOT_FOUND = "Class not found";
export const CLASS_CANCELLED = "This class has been cancelled.";
export const CLASS_STARTED = "This class has already started.";
export const ALREADY_BOOKED = "You already have a place in this class.";
export const ALREADY_WAITING = "You are already on the waitlist for this class.";
export const OFFER_WAITING = "A place in this class is waiting for you: please confirm it.";
export const NO_BOOKING = "You have no booking in this class.";
export const NO_OFFER = "There is no place waiting for you to confirm in this class.";
/** Members one class's waitlist holds: past it, nobody is likely to get a place, and the roster lists it whole. */
export const MAX_WAITING = 100;
export const WAITLIST_FULL = "The waitlist for this class is full.";
/** Places one member may take in one class, counting those given up (decision 0117): the first and five re-books. */
export const MAX_PLACES_PER_CLASS = 6;
export const TOO_MANY_REBOOKS = `You have booked this class ${MAX_PLACES_PER_CLASS} times already, the most one member can. Please ask your coach if you still need a place.`;
export const notOpenYet = (days: number) => `Classes can be booked up to ${days} days ahead.`;
export const weeklyLimitReached = (limit: number) => `You can book ${limit} ${limit === 1 ? "class" : "classes"} a week, and you have reached that for this week.`;

export interface BookingOutcome {
  status: BookingStatus;
  /** Place on the waitlist (1 = next), for a waitlisted booking. */
  position: number | null;
  className: string;
  /** ISO instant of the class's start. */
  startsAt: string;
  /** The start's date (yyyy-mm-dd) and time (HH:mm) in the site's zone. */
  date: string;
  time: string;
}

function outcome(status: BookingStatus, position: number | null, className: string, startsAt: string, timeZone: string): BookingOutcome {
  const { date, time } = toZonedParts(startsAt, timeZone);
  return { status, position, className, startsAt, date, time };
}

/** Only a signed-in member books, cancels or confirms (staff manage rosters elsewhere). */
function requireMember(actor: Actor | null): Actor {
  if (!actor) throw new AppError(401, SIGN_IN_TO_BOOK, { title: "Sign in to book" });
  ensureCan(actor, "classBookings", "bookOwn");
  return actor;
}

function readClassId(input: unknown): string {
  return classChoiceSchema.parse(input).classId;
}

/** The class, locked, and still ahead: else the refusal (404 unknown, 409 cancelled or started). */
async function lockOpenClass(tx: Db, classId: string, now: Date) {
  const theClass = await lockClass(tx, classId);
  if (!theClass) throw new AppError(404, CLASS_NOT_FOUND);
  if (theClass.status === "cancelled") throw new AppError(409, CLASS_CANCELLED, { title: "Class cancelled" });
  if (theClass.startsAt.getTime() <= now.getTime()) throw new AppError(409, CLASS_STARTED, { title: "Too late" });
  return theClass;
}

async function classNameOf(tx: Db, classTypeId: string): Promise<string> {
  const [row] = await tx.select({ name: classType.name }).from(classType).where(eq(classType.id, classTypeId));
  return row?.name ?? "Class";
}

/** The member's live place in the class (at most one), if any. */
async function livePlace(tx: Db, classId: string, memberId: string) {
  const [row] = await tx
    .select()
    .from(classBooking)
    .where(and(eq(classBooking.classId, classId), eq(classBooking.memberId, memberId), inArray(classBooking.status, LIVE)));
  return row ?? null;
}

/**
 * Refuses a new place once the member has taken MAX_PLACES_PER_CLASS in the class, given-up
 * ones included: book-and-cancel churn cannot grow the class's rows without end. Call it
 * inside the booking's transaction with the class row locked (one count across processes).
 */
export async function refuseBookingChurn(tx: Db, classId: string, memberId: string): Promise<void> {
  const [row] = await tx.select({ n: count() }).from(classBooking).where(and(eq(classBooking.classId, classId), eq(classBooking.memberId, memberId)));
  if ((row?.n ?? 0) >= MAX_PLACES_PER_CLASS) throw new AppError(409, TOO_MANY_REBOOKS, { title: "Booked too often" });
}

/** Places the member holds in classes of that week: booked, offered, waiting, attended or missed. */
async function placesInWeek(tx: Db, memberId: string, week: { from: Date; to: Date }): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(classBooking)
    .innerJoin(groupClass, eq(groupClass.id, classBooking.classId))
    .where(and(eq(classBooking.memberId, memberId), inArray(classBooking.status, LIVE), gte(groupClass.startsAt, week.from), lt(groupClass.startsAt, week.to)));
  return row?.n ?? 0;
}

async function waitlistPosition(tx: Db, classId: string, bookingId: string): Promise<number> {
  const waiting = await tx
    .select({ id: classBooking.id })
    .from(classBooking)
    .where(and(eq(classBooking.classId, classId), eq(classBooking.status, "waitlisted")))
    .orderBy(classBooking.queuedAt, classBooking.id);
  return waiting.findIndex((w) => w.id === bookingId) + 1;
}

/**
 * Books the member into a class, or onto its waitlist when it is full (or others wait
 * already). Refused: a visitor (401), staff (403), an unknown class (404), a cancelled or
 * started one, one further ahead than members may book, a second place, too many re-books,
 * the weekly limit, a full waitlist, a paused package, nothing to pay with when bookings
 * need payment (409).
 */
export async function bookClass(actor: Actor | null, input: unknown, now: Date = new Date()): Promise<BookingOutcome> {
  const member = requireMember(actor);
  const classId = readClassId(input);
  const { timeZone } = await getSiteSettings();
  const done = await getDb().transaction((tx) => takePlace(tx, member, classId, now, timeZone));
  const result = outcome(done.status, done.position, done.className, done.startsAt, timeZone);
  await recordAudit({
    action: done.status === "booked" ? "booking.created" : "booking.waitlisted",
    actor: member,
    target: { type: "class_booking", id: done.id },
    summary: `${done.status === "booked" ? "Booked" : "Joined the waitlist of"} ${done.className} on ${result.date} at ${result.time}`,
  });
  return result;
}

/**
 * The booking engine, inside the caller's transaction: the class row locked first, then
 * the member's row; every rule of a booking (open class, horizon, one place, weekly
 * limit, waitlist order and size, what pays for it). The member's door and the front desk (staff booking
 * or moving a member, front-desk.server.ts) both book through it.
 */
export async function takePlace(tx: Db, member: Pick<Actor, "id">, classId: string, now: Date, timeZone: string) {
  const theClass = await lockOpenClass(tx, classId, now);
  const settings = await getClassBookingSettings(tx);
  if (theClass.startsAt.getTime() > now.getTime() + settings.bookAheadDays * DAY) throw new AppError(409, notOpenYet(settings.bookAheadDays), { title: "Not open yet" });
  // Offers past their deadline pass on first, and any free spot goes to those already waiting: they asked first.
  await lapseExpiredOffers(tx, classId, now);
  await promoteWaitlist(tx, classId, now);
  // The member's row second: two bookings of theirs in other classes at once count each other.
  await tx.select({ id: user.id }).from(user).where(eq(user.id, member.id)).for("no key update");
  const mine = await livePlace(tx, classId, member.id);
  if (mine) throw new AppError(409, mine.status === "waitlisted" ? ALREADY_WAITING : mine.status === "offered" ? OFFER_WAITING : ALREADY_BOOKED, { title: "Already booked" });
  await refuseBookingChurn(tx, classId, member.id);
  if ((await placesInWeek(tx, member.id, weekAround(theClass.startsAt, timeZone))) >= settings.weeklyLimit) {
    throw new AppError(409, weeklyLimitReached(settings.weeklyLimit), { title: "Weekly limit reached" });
  }
  const [waiting] = await tx
    .select({ n: count() })
    .from(classBooking)
    .where(and(eq(classBooking.classId, classId), eq(classBooking.status, "waitlisted")));
  const full = (await spotsTaken(tx, classId)) >= theClass.capacity || (waiting?.n ?? 0) > 0;
  if (full && (waiting?.n ?? 0) >= MAX_WAITING) throw new AppError(409, WAITLIST_FULL, { title: "Waitlist full" });
  const id = newBookingId();
  const status = full ? "waitlisted" : "booked";
  await tx.insert(classBooking).values({ id, classId, memberId: member.id, status, queuedAt: arrivalNow, createdAt: now, updatedAt: now });
  // Paid for under the same locks (decision 0139): a waiting place holds its credit too, so a promotion never needs one.
  const cover = await coverPlace(tx, { memberId: member.id, kind: "class", startsAt: theClass.startsAt, classBookingId: id, now, timeZone });
  if (full && cover.by === "credit") await returnWaitingCreditsAtStart(tx, theClass);
  return {
    id,
    status,
    position: full ? await waitlistPosition(tx, classId, id) : null,
    className: await classNameOf(tx, theClass.classTypeId),
    startsAt: theClass.startsAt.toISOString(),
  } as const;
}

/**
 * Gives up the member's place: leaves the waitlist, declines an offer (it passes on), or
 * cancels a booking: before the cut-off a cancel, after it a late cancel; either way the
 * spot goes to the first person waiting. A class that started (or was cancelled) keeps
 * its bookings as they are (409).
 */
export function cancelClassBooking(actor: Actor | null, input: unknown, now: Date = new Date()): Promise<BookingOutcome> {
  return giveUpPlace(actor, input, now, false);
}

/** Declines a place offered from the waitlist: it passes on at once. Without an offer waiting: 409. */
export function declineClassOffer(actor: Actor | null, input: unknown, now: Date = new Date()): Promise<BookingOutcome> {
  return giveUpPlace(actor, input, now, true);
}

async function giveUpPlace(actor: Actor | null, input: unknown, now: Date, onlyAnOffer: boolean): Promise<BookingOutcome> {
  const member = requireMember(actor);
  const classId = readClassId(input);
  const done = await getDb().transaction((tx) => releasePlace(tx, member, classId, now, { onlyAnOffer, lateInsideCutoff: true }));
  await recordAudit({
    action: "booking.cancelled",
    actor: member,
    target: { type: "class_booking", id: done.id },
    summary: `${done.was === "waitlisted" ? "Left the waitlist of" : done.was === "offered" ? "Declined a place in" : done.status === "late_cancelled" ? "Late-cancelled" : "Cancelled"} ${done.className}`,
  });
  return outcome(done.status, null, done.className, done.startsAt, (await getSiteSettings()).timeZone);
}

/**
 * The engine's cancel, inside the caller's transaction under the class row's lock: a
 * waiting place is left, an offer declined (it passes on), a booking cancelled and the
 * spot promoted. The member's door counts a cancel inside the cut-off as late
 * (`lateInsideCutoff`); the front desk only when staff say so (decision 0120). The
 * place's credit comes back, but for a late cancel when the settings keep it.
 */
export async function releasePlace(tx: Db, member: Pick<Actor, "id">, classId: string, now: Date, how: { onlyAnOffer: boolean; lateInsideCutoff: boolean }) {
  const theClass = await lockOpenClass(tx, classId, now);
  await lapseExpiredOffers(tx, classId, now);
  const mine = await livePlace(tx, classId, member.id);
  if (how.onlyAnOffer && mine?.status !== "offered") throw new AppError(409, NO_OFFER, { title: "No place to decline" });
  if (!mine) throw new AppError(404, NO_BOOKING);
  const settings = await getClassBookingSettings(tx);
  const late = how.lateInsideCutoff && theClass.startsAt.getTime() - now.getTime() < settings.cancelCutoffHours * HOUR;
  const status: BookingStatus = mine.status === "waitlisted" ? "cancelled" : mine.status === "offered" ? "offer_lapsed" : late ? "late_cancelled" : "cancelled";
  await tx.update(classBooking).set({ status, cancelledAt: now, offerExpiresAt: null, updatedAt: now }).where(eq(classBooking.id, mine.id));
  if (!placeKeepsCredit(status, await getBillingSettings(tx))) await returnCredit(tx, { classBookingId: mine.id, now });
  if (mine.status !== "waitlisted") await promoteWaitlist(tx, classId, now);
  return { id: mine.id, was: mine.status, status, className: await classNameOf(tx, theClass.classTypeId), startsAt: theClass.startsAt.toISOString() };
}

/** Takes the place offered from the waitlist, before its deadline (after it, the offer has passed on: 409). */
export async function confirmClassOffer(actor: Actor | null, input: unknown, now: Date = new Date()): Promise<BookingOutcome> {
  const member = requireMember(actor);
  const classId = readClassId(input);
  const done = await getDb().transaction(async (tx) => {
    const theClass = await lockOpenClass(tx, classId, now);
    await lapseExpiredOffers(tx, classId, now);
    const mine = await livePlace(tx, classId, member.id);
    if (!mine || mine.status !== "offered") throw new AppError(409, NO_OFFER, { title: "No place to confirm" });
    await tx.update(classBooking).set({ status: "booked", offerExpiresAt: null, updatedAt: now }).where(eq(classBooking.id, mine.id));
    return { id: mine.id, className: await classNameOf(tx, theClass.classTypeId), startsAt: theClass.startsAt.toISOString() };
  });
  await recordAudit({ action: "booking.created", actor: member, target: { type: "class_booking", id: done.id }, summary: `Confirmed a place in ${done.className}` });
  return outcome("booked", null, done.className, done.startsAt, (await getSiteSettings()).timeZone);
}
