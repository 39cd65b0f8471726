/**
 * The front desk (decision 0120): staff book a member into a class, move a member's place
 * to another class, or cancel it, from the class's roster. Every step goes through the
 * booking engine the member's own door uses (`takePlace`, `releasePlace` in
 * bookings.server.ts), in one transaction under the class row's lock, so capacity, the
 * waitlist, the horizon and the weekly limit hold the same. A staff cancel is never a
 * late cancel unless staff tick it (and the class is inside the cut-off); a move is never late.
 * What pays for the place is the engine's too (decision 0139): a move gives back the old
 * place's credit and covers the new place, in the same transaction.
 */
import { and, asc, eq, gt, inArray, lt, ne } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { classType, groupClass } from "~/db/schema/classes";
import { AppError } from "~/lib/app-error";
import { toZonedParts } from "~/lib/time-zone";
import { BILLING_PAGE, MEMBER_PLAN_PAUSED, NO_CLASS_COVER, PLAN_PAUSED } from "~/modules/billing/entitlements.server";
import { ALREADY_BOOKED, ALREADY_WAITING, NO_BOOKING, OFFER_WAITING, releasePlace, takePlace } from "./bookings.server";
import { getClassBookingSettings } from "./class-settings.server";
import { personName, siteTimeZone, type Actor } from "./class-staff.server";
import { lockClass } from "./waitlist.server";

const DAY = 86_400_000;
/** Members the picker lists, by name; a desk with more members types the first letters in the list. */
export const MAX_PICKER_MEMBERS = 500;
/** Classes a place can be moved to: the upcoming ones within the booking horizon. */
const MAX_MOVE_TARGETS = 200;

export const NOT_A_MEMBER = "Please choose a member from the list";
export const SAME_CLASS = "Choose another class: the member is already in this one.";
export const MOVE_WOULD_WAIT = "The other class is full: the member keeps their place here. Book them onto its waitlist instead.";

const id = (message: string) => z.string({ message }).trim().min(1, message).max(100, message);
const deskBookSchema = z.object({ memberId: id(NOT_A_MEMBER) });
const deskCancelSchema = z.object({ memberId: id(NOT_A_MEMBER), late: z.literal("on").optional() });
const deskMoveSchema = z.object({ memberId: id(NOT_A_MEMBER), toClassId: id("Please choose the class to move to") });

/** The engine speaks to the member ("You already have…"); at the desk it is said of them. */
const SAID_OF_THE_MEMBER: Record<string, string> = {
  [ALREADY_BOOKED]: "This member already has a place in this class.",
  [ALREADY_WAITING]: "This member is already on the waitlist for this class.",
  [OFFER_WAITING]: "A place in this class is waiting for this member to confirm.",
  [NO_BOOKING]: "This member has no place in this class.",
  [PLAN_PAUSED]: MEMBER_PLAN_PAUSED,
  [NO_CLASS_COVER]: `This member has no package that includes this class and no class credit left: they can buy a class pack on the billing page (${BILLING_PAGE}).`,
};

function saidOfTheMember(error: unknown): never {
  if (error instanceof AppError && SAID_OF_THE_MEMBER[error.message]) throw new AppError(error.status, SAID_OF_THE_MEMBER[error.message]!, { title: error.title });
  if (error instanceof AppError && error.message.startsWith("You can book ")) {
    throw new AppError(error.status, error.message.replace("You can book", "Members can book").replace("and you have", "and this member has"), { title: error.title });
  }
  throw error;
}

/** A member (not staff, not deactivated), else a 400 on the member field. */
async function deskMember(tx: Db, memberId: string) {
  const [member] = await tx
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(and(eq(user.id, memberId), eq(user.role, "member"), eq(user.banned, false)));
  if (!member) throw new AppError(400, "", { fieldErrors: { memberId: NOT_A_MEMBER } });
  return member;
}

const when = (startsAt: string, timeZone: string) => {
  const { date, time } = toZonedParts(startsAt, timeZone);
  return `${date} at ${time}`;
};

/** Books a member into the class (or onto its waitlist when it is full), as they would book themselves. */
export async function deskBook(actor: Actor, classId: string, input: unknown, now: Date = new Date()) {
  ensureCan(actor, "classBookings", "manageAny");
  const form = deskBookSchema.parse(input);
  const timeZone = await siteTimeZone();
  const done = await getDb()
    .transaction(async (tx) => {
      const member = await deskMember(tx, form.memberId);
      return { member: personName(member), ...(await takePlace(tx, member, classId, now, timeZone)) };
    })
    .catch(saidOfTheMember);
  await recordAudit({
    action: done.status === "booked" ? "booking.created" : "booking.waitlisted",
    actor,
    target: { type: "class_booking", id: done.id },
    summary: `Front desk: ${done.status === "booked" ? "booked" : "put on the waitlist of"} ${done.className} on ${when(done.startsAt, timeZone)}: ${done.member}`,
  });
  return { name: done.member, status: done.status, position: done.position };
}

/** Cancels a member's place (leaves the waitlist, declines an offer); late only when staff say so. */
export async function deskCancel(actor: Actor, classId: string, input: unknown, now: Date = new Date()) {
  ensureCan(actor, "classBookings", "manageAny");
  const form = deskCancelSchema.parse(input);
  const done = await getDb()
    .transaction(async (tx) => {
      const member = await deskMember(tx, form.memberId);
      return { member: personName(member), ...(await releasePlace(tx, member, classId, now, { onlyAnOffer: false, lateInsideCutoff: form.late === "on" })) };
    })
    .catch(saidOfTheMember);
  await recordAudit({
    action: "booking.cancelled",
    actor,
    target: { type: "class_booking", id: done.id },
    summary: `Front desk: ${done.status === "late_cancelled" ? "late-cancelled" : "cancelled"} the place of ${done.member} in ${done.className}`,
  });
  return { name: done.member, status: done.status };
}

/**
 * Moves a member's place to another class in one transaction: both class rows locked in id
 * order (as staff changes lock classes), the old place released (never late), the new one
 * taken by the engine. A booked place never becomes a waiting one: into a full class the
 * move is refused and nothing changes.
 */
export async function deskMove(actor: Actor, classId: string, input: unknown, now: Date = new Date()) {
  ensureCan(actor, "classBookings", "manageAny");
  const form = deskMoveSchema.parse(input);
  if (form.toClassId === classId) throw new AppError(400, "", { fieldErrors: { toClassId: SAME_CLASS } });
  const timeZone = await siteTimeZone();
  const done = await getDb()
    .transaction(async (tx) => {
      for (const c of [classId, form.toClassId].sort()) await lockClass(tx, c);
      const member = await deskMember(tx, form.memberId);
      const left = await releasePlace(tx, member, classId, now, { onlyAnOffer: false, lateInsideCutoff: false });
      const taken = await takePlace(tx, member, form.toClassId, now, timeZone);
      if (taken.status === "waitlisted" && left.was !== "waitlisted") throw new AppError(409, MOVE_WOULD_WAIT, { title: "Class full" });
      return { member: personName(member), from: left.className, ...taken };
    })
    .catch(saidOfTheMember);
  await recordAudit({
    action: "booking.moved",
    actor,
    target: { type: "class_booking", id: done.id },
    summary: `Front desk: moved ${done.member} from ${done.from} to ${done.className} on ${when(done.startsAt, timeZone)}`,
  });
  return { name: done.member, className: done.className, status: done.status, ...toZonedParts(done.startsAt, timeZone) };
}

/** What the desk's forms offer: the members by name, and the classes a place can move to. */
export async function frontDeskChoices(actor: Actor, classId: string, now: Date = new Date()) {
  ensureCan(actor, "classBookings", "manageAny");
  const db = getDb();
  const [timeZone, settings] = await Promise.all([siteTimeZone(), getClassBookingSettings()]);
  const [[theClass], members, classes] = await Promise.all([
    db.select({ startsAt: groupClass.startsAt }).from(groupClass).where(eq(groupClass.id, classId)),
    db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(and(eq(user.role, "member"), eq(user.banned, false))).orderBy(asc(user.name), asc(user.email)).limit(MAX_PICKER_MEMBERS),
    db
      .select({ id: groupClass.id, startsAt: groupClass.startsAt, typeName: classType.name })
      .from(groupClass)
      .innerJoin(classType, eq(classType.id, groupClass.classTypeId))
      .where(and(ne(groupClass.id, classId), inArray(groupClass.status, ["scheduled"]), gt(groupClass.startsAt, now), lt(groupClass.startsAt, new Date(now.getTime() + settings.bookAheadDays * DAY))))
      .orderBy(asc(groupClass.startsAt), asc(groupClass.id))
      .limit(MAX_MOVE_TARGETS),
  ]);
  return {
    members: members.map((m) => ({ id: m.id, name: personName(m), email: m.email })),
    moveTo: classes.map((c) => ({ id: c.id, typeName: c.typeName, ...toZonedParts(c.startsAt, timeZone) })),
    insideCutoff: theClass ? theClass.startsAt.getTime() - now.getTime() < settings.cancelCutoffHours * 3_600_000 : false,
  };
}
