/**
 * The waitlist (decision 0102): a freed spot goes to the member who asked first
 * (`queued_at`). Outside the cancellation cut-off a promoted member is booked; inside it
 * the spot is offered and held for the confirmation window, after which the offer lapses
 * and passes on. Lapsing runs on the job store (one job per offer, at its deadline) and
 * is also done, under the same lock, whenever the class is booked or read with an offer
 * overdue. The e-mails are jobs too, enqueued in the transaction that promotes, so they go
 * if and only if the promotion committed.
 */
import crypto from "node:crypto";
import { and, asc, count, eq, inArray, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { classBooking, classType, groupClass, type BookingStatus } from "~/db/schema/classes";
import { formatLongDate } from "~/lib/dates";
import { getBusinessName } from "~/lib/business-name.server";
import { getEnv } from "~/lib/env.server";
import { defineJob, enqueueJob } from "~/lib/jobs.server";
import { sendMail } from "~/lib/mail.server";
import { announcePublicContentChangeIn } from "~/lib/site-changes.server";
import { formatClassTime } from "~/lib/class-time";
import { toZonedParts } from "~/lib/time-zone";
import { returnCredit } from "~/modules/billing/entitlements.server";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { getClassBookingSettings } from "./class-settings.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The statuses that hold one of the class's spots. */
export const TAKING_A_SPOT: BookingStatus[] = ["booked", "offered", "attended", "no_show"];
/** A member's live place in a class: at most one (the partial unique index). */
export const LIVE: BookingStatus[] = [...TAKING_A_SPOT, "waitlisted"];

export interface Promotion {
  bookingId: string;
  memberId: string;
  status: "booked" | "offered";
  offerExpiresAt: Date | null;
}

/**
 * Locks the class row (the lock every booking, cancel, promotion, lapse and staff change of
 * one class takes first) and returns it. Whatever the transaction then changes, the
 * visitors' Group Classes page may show it: every process's page cache empties when it
 * commits (nothing is announced if it is refused and rolls back).
 */
export async function lockClass(tx: Db, classId: string) {
  const [row] = await tx.select().from(groupClass).where(eq(groupClass.id, classId)).for("update");
  if (row) await announcePublicContentChangeIn(tx);
  return row ?? null;
}

/** Spots the class's rows take now. */
export async function spotsTaken(tx: Db, classId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(classBooking)
    .where(and(eq(classBooking.classId, classId), inArray(classBooking.status, TAKING_A_SPOT)));
  return row?.n ?? 0;
}

/**
 * Fills every free spot of the class from its waitlist, first come first served, inside
 * the caller's transaction: call it after anything that frees or adds spots (a cancel, a
 * lapsed offer, staff raising the capacity). Takes the class row lock first (again, if
 * the caller holds it already). A cancelled or started class promotes nobody. Inside the
 * cut-off a promotion is an offer held until `now` + the confirmation window (or the
 * class's start, if sooner), with a job to pass it on then. Returns the promotions.
 */
export async function promoteWaitlist(tx: Db, classId: string, now: Date = new Date()): Promise<Promotion[]> {
  const theClass = await lockClass(tx, classId);
  if (!theClass || theClass.status === "cancelled" || theClass.startsAt.getTime() <= now.getTime()) return [];
  const free = theClass.capacity - (await spotsTaken(tx, classId));
  if (free <= 0) return [];
  const waiting = await tx
    .select({ id: classBooking.id, memberId: classBooking.memberId })
    .from(classBooking)
    .where(and(eq(classBooking.classId, classId), eq(classBooking.status, "waitlisted")))
    .orderBy(asc(classBooking.queuedAt), asc(classBooking.id))
    .limit(free);
  if (waiting.length === 0) return [];
  const settings = await getClassBookingSettings(tx);
  const insideCutoff = theClass.startsAt.getTime() - now.getTime() <= settings.cancelCutoffHours * HOUR;
  const offerExpiresAt = insideCutoff ? new Date(Math.min(now.getTime() + settings.offerWindowMinutes * MINUTE, theClass.startsAt.getTime())) : null;
  const status = insideCutoff ? "offered" : "booked";
  await tx
    .update(classBooking)
    .set({ status, offerExpiresAt, updatedAt: now })
    .where(inArray(classBooking.id, waiting.map((w) => w.id)));
  const promotions = waiting.map((w) => ({ bookingId: w.id, memberId: w.memberId, status, offerExpiresAt }) satisfies Promotion);
  for (const p of promotions) {
    await enqueueJob(tx, placeMailJob, { bookingId: p.bookingId, kind: p.status }, { key: `classes.place-mail:${p.bookingId}:${p.status}` });
    if (p.offerExpiresAt) await enqueueJob(tx, lapseOffersJob, { classId }, { runAt: p.offerExpiresAt, key: `classes.lapse-offers:${p.bookingId}` });
  }
  return promotions;
}

/**
 * Inside the caller's transaction, with the class locked: every offer of the class past
 * its deadline lapses, and the spots go on down the waitlist. Returns how many lapsed.
 */
export async function lapseExpiredOffers(tx: Db, classId: string, now: Date = new Date()): Promise<number> {
  await lockClass(tx, classId);
  const lapsed = await tx
    .update(classBooking)
    .set({ status: "offer_lapsed", cancelledAt: now, updatedAt: now })
    .where(and(eq(classBooking.classId, classId), eq(classBooking.status, "offered"), lte(classBooking.offerExpiresAt, now)))
    .returning({ id: classBooking.id });
  if (lapsed.length > 0) {
    await returnCredit(tx, { classBookingId: lapsed.map((l) => l.id), now });
    await promoteWaitlist(tx, classId, now);
  }
  return lapsed.length;
}

/**
 * A waiting place holds its credit (decision 0139) until it gets the spot or is given up;
 * a place still waiting when the class starts never will, so its credit comes back then.
 * Enqueued in the transaction that spends a credit on a waiting place (one job per class
 * and start); a class moved later runs it again at its new start.
 */
export async function returnWaitingCreditsAtStart(tx: Db, theClass: { id: string; startsAt: Date }): Promise<void> {
  await enqueueJob(tx, returnWaitingCreditsJob, { classId: theClass.id }, { runAt: theClass.startsAt, key: `classes.return-waiting-credits:${theClass.id}:${theClass.startsAt.toISOString()}` });
}

export const returnWaitingCreditsJob = defineJob({
  kind: "classes.return-waiting-credits",
  payload: z.object({ classId: z.string() }),
  retryDelayMs: () => MINUTE,
  run: async ({ classId }, { now }) => {
    await getDb().transaction(async (tx) => {
      const theClass = await lockClass(tx, classId);
      if (!theClass) return;
      if (theClass.status !== "cancelled" && theClass.startsAt.getTime() > now.getTime()) return returnWaitingCreditsAtStart(tx, theClass);
      const waiting = await tx
        .select({ id: classBooking.id })
        .from(classBooking)
        .where(and(eq(classBooking.classId, classId), eq(classBooking.status, "waitlisted")));
      await returnCredit(tx, { classBookingId: waiting.map((w) => w.id), now });
    });
  },
});

/** Classes among these with an offer past its deadline (a cheap read before any lock). */
export async function classesWithOverdueOffers(classIds: string[], now: Date): Promise<string[]> {
  if (classIds.length === 0) return [];
  const rows = await getDb()
    .selectDistinct({ classId: classBooking.classId })
    .from(classBooking)
    .where(and(inArray(classBooking.classId, classIds), eq(classBooking.status, "offered"), lte(classBooking.offerExpiresAt, now)));
  return rows.map((r) => r.classId);
}

/** Lapses the overdue offers of these classes, one transaction per class (the lazy check of a page read). */
export async function settleOverdueOffers(classIds: string[], now: Date): Promise<void> {
  for (const classId of await classesWithOverdueOffers(classIds, now)) {
    await getDb().transaction((tx) => lapseExpiredOffers(tx, classId, now));
  }
}

export const lapseOffersJob = defineJob({
  kind: "classes.lapse-offers",
  payload: z.object({ classId: z.string() }),
  retryDelayMs: () => MINUTE,
  run: async ({ classId }, { now }) => {
    await getDb().transaction((tx) => lapseExpiredOffers(tx, classId, now));
  },
});

// ---------------------------------------------------------------- e-mails

const placeMailPayload = z.object({ bookingId: z.string(), kind: z.enum(["booked", "offered"]) });

export const placeMailJob = defineJob({
  kind: "classes.place-mail",
  payload: placeMailPayload,
  run: (payload, { now }) => sendPlaceMail(payload, now),
});

/** The member's own page of classes, where the place is confirmed or cancelled. */
export const classesPath = (classId: string) => `/services/group-classes#class-${classId}`;

/** 'You're booked' or 'Confirm your place by …', sent only while the place is still in that state. */
async function sendPlaceMail({ bookingId, kind }: z.infer<typeof placeMailPayload>, now: Date): Promise<void> {
  const [row] = await getDb()
    .select({
      status: classBooking.status,
      offerExpiresAt: classBooking.offerExpiresAt,
      classId: groupClass.id,
      startsAt: groupClass.startsAt,
      durationMinutes: groupClass.durationMinutes,
      location: groupClass.location,
      typeName: classType.name,
      email: user.email,
      name: user.name,
    })
    .from(classBooking)
    .innerJoin(groupClass, eq(groupClass.id, classBooking.classId))
    .innerJoin(classType, eq(classType.id, groupClass.classTypeId))
    .innerJoin(user, eq(user.id, classBooking.memberId))
    .where(eq(classBooking.id, bookingId));
  if (!row || row.status !== kind) return;
  if (kind === "offered" && (!row.offerExpiresAt || row.offerExpiresAt <= now)) return;
  const [{ timeZone }, businessName] = await Promise.all([getSiteSettings(), getBusinessName()]);
  const start = toZonedParts(row.startsAt, timeZone);
  const when = `${formatLongDate(start.date)} at ${formatClassTime(start.time)} (${row.durationMinutes} minutes)`;
  const link = `${getEnv().BASE_URL}${classesPath(row.classId)}`;
  const hello = `Hello ${row.name.trim() || row.email},`;
  const where = row.location ? [`Where: ${row.location}`] : [];
  if (kind === "booked") {
    await sendMail({
      to: row.email,
      subject: `A place opened up: you're booked into ${row.typeName} on ${formatLongDate(start.date)} at ${formatClassTime(start.time)}`,
      text: [hello, "", `A place opened up in ${row.typeName} and you were next on the waitlist, so you're booked in.`, "", `When: ${when}`, ...where, "", "Can't make it after all? Cancel here so the next person gets the spot:", link, "", businessName].join("\n"),
    });
    return;
  }
  const deadline = toZonedParts(row.offerExpiresAt!, timeZone);
  await sendMail({
    to: row.email,
    subject: `Confirm your place in ${row.typeName} by ${formatClassTime(deadline.time)}`,
    text: [
      hello,
      "",
      `A place opened up in ${row.typeName} and you are next on the waitlist. The class starts soon, so the place is held for you until ${formatClassTime(deadline.time)} on ${formatLongDate(deadline.date)} (${timeZone.replace(/_/g, " ")} time).`,
      "",
      `When: ${when}`,
      ...where,
      "",
      "Confirm (or decline) here; if you don't, the place goes to the next person waiting:",
      link,
      "",
      businessName,
    ].join("\n"),
  });
}

/** Stable sort key of arrival: the database's clock at the moment the class lock was held (microseconds, never tied in practice). */
export const arrivalNow = sql`clock_timestamp()`;

export const newBookingId = () => crypto.randomUUID();
