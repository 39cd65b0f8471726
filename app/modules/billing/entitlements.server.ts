/**
 * What pays for a class place or a 1:1 session (decision 0139). Every booking door calls
 * `coverPlace` inside its own transaction, after the locks it takes (the class row, then
 * the member's row, as `takePlace` does; a 1:1 session: the member's row), and after the
 * place's row is written: the member's live plan covers it when it includes it, else one
 * credit of the kind is spent (the grant expiring first), else it is refused when the
 * coach's bookings need payment, else it is free. The member's row lock makes the check
 * and the spend one step across processes: two bookings of one member never see the same
 * credit left. `returnCredit` gives a spent credit back (a timely cancel, a class or
 * session cancelled by staff, a lapsed offer); `restoreCredit` takes it again when staff
 * correct a mark that had given it back.
 */
import crypto from "node:crypto";
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, notInArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { creditGrant, creditUse, memberPlan, type CreditKind } from "~/db/schema/billing";
import { classBooking, groupClass } from "~/db/schema/classes";
import { trainingSession } from "~/db/schema/training-sessions";
import { AppError } from "~/lib/app-error";
import { addDays, toZonedParts, weekAround } from "~/lib/time-zone";
import { getBillingSettings } from "./billing-settings.server";

export const BILLING_PAGE = "/members/billing";
export const PLAN_PAUSED = `Your package is paused because a payment is unpaid, so nothing new can be booked. Pay it on the billing page (${BILLING_PAGE}) to book again.`;
export const NO_CLASS_COVER = `You have no package that includes this class and no class credit left. Buy a class pack on the billing page (${BILLING_PAGE}).`;
/** The 1:1 session doors are staff's: their messages are said of the member. */
export const MEMBER_PLAN_PAUSED = `This member's package is paused because a payment is unpaid: nothing new can be booked for them until it is paid (${BILLING_PAGE}).`;
export const NO_SESSION_COVER = `This member has no package that includes this 1:1 session and no session credit left: they can buy a session pack on the billing page (${BILLING_PAGE}).`;

/** A class place given up (the partial unique index's complement): it holds nothing. */
const GIVEN_UP = ["cancelled", "late_cancelled", "offer_lapsed"] as const;

export interface CoverInput {
  memberId: string;
  kind: CreditKind;
  /** When the class or session starts: the week its plan allowance counts in, and the credit must still be valid then. */
  startsAt: Date;
  /** The place being covered, already written: a class booking or a training session. */
  classBookingId?: string;
  trainingSessionId?: string;
  now: Date;
  timeZone: string;
}

export type Cover = { by: "plan"; planId: string } | { by: "credit"; grantId: string } | { by: "free" };

/**
 * Covers one place, inside the caller's transaction and after its locks (class row, then
 * member row). Refuses with a 409 (nothing written) when the plan is paused, or when
 * bookings need payment and neither the plan nor a credit covers it.
 */
export async function coverPlace(tx: Db, input: CoverInput): Promise<Cover> {
  const plan = await livePlan(tx, input.memberId);
  if (plan?.status === "paused") throw new AppError(409, input.kind === "class" ? PLAN_PAUSED : MEMBER_PLAN_PAUSED, { title: "Package paused" });
  if (plan && (await planCovers(tx, plan, input))) return { by: "plan", planId: plan.id };
  const grantId = await grantWithCreditLeft(tx, input.memberId, input.kind, input.startsAt > input.now ? input.startsAt : input.now);
  if (grantId) {
    await tx.insert(creditUse).values({
      id: crypto.randomUUID(),
      grantId,
      memberId: input.memberId,
      classBookingId: input.classBookingId ?? null,
      trainingSessionId: input.trainingSessionId ?? null,
      usedAt: input.now,
    });
    return { by: "credit", grantId };
  }
  if ((await getBillingSettings(tx)).bookingsNeedPayment) throw new AppError(409, input.kind === "class" ? NO_CLASS_COVER : NO_SESSION_COVER, { title: "Payment needed" });
  return { by: "free" };
}

/** The member's subscription or term that counts: active, past due (in its grace) or paused. Pending does not. */
async function livePlan(tx: Db, memberId: string) {
  const [plan] = await tx
    .select()
    .from(memberPlan)
    .where(and(eq(memberPlan.memberId, memberId), ne(memberPlan.kind, "pack"), inArray(memberPlan.status, ["active", "past_due", "paused"])))
    .orderBy(desc(memberPlan.createdAt))
    .limit(1);
  return plan ?? null;
}

type Plan = typeof memberPlan.$inferSelect;

/** The last day the plan runs: the day after which a cancelled plan ends, or a term's last day. */
function lastDayOf(plan: Plan): string | null {
  if (plan.endsOn) return plan.endsOn;
  if (plan.kind === "term" && plan.startsOn && plan.termWeeks) return addDays(plan.startsOn, plan.termWeeks * 7 - 1);
  return null;
}

/** Whether what the plan includes covers this place: the kind included, the place within the plan's days, the week's allowance not used. */
async function planCovers(tx: Db, plan: Plan, input: CoverInput): Promise<boolean> {
  const lastDay = lastDayOf(plan);
  if (lastDay && toZonedParts(input.startsAt, input.timeZone).date > lastDay) return false;
  const week = weekAround(input.startsAt, input.timeZone);
  if (input.kind === "class") {
    if (plan.classAccess === "unlimited") return true;
    if (plan.classAccess !== "limited" || plan.classesPerWeek <= 0) return false;
    return (await classesCoveredByPlan(tx, input.memberId, week, input.classBookingId)) < plan.classesPerWeek;
  }
  if (plan.sessionsPerWeek <= 0) return false;
  return (await sessionsCoveredByPlan(tx, input.memberId, week, input.trainingSessionId)) < plan.sessionsPerWeek;
}

const noLiveUse = (column: typeof creditUse.classBookingId | typeof creditUse.trainingSessionId, id: typeof classBooking.id | typeof trainingSession.id) =>
  sql`not exists (select 1 from ${creditUse} where ${column} = ${id} and ${creditUse.returnedAt} is null)`;

/** The member's live class places that week not paid by a credit (this one left out). */
async function classesCoveredByPlan(tx: Db, memberId: string, week: { from: Date; to: Date }, exceptId?: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(classBooking)
    .innerJoin(groupClass, eq(groupClass.id, classBooking.classId))
    .where(
      and(
        eq(classBooking.memberId, memberId),
        notInArray(classBooking.status, [...GIVEN_UP]),
        gte(groupClass.startsAt, week.from),
        lt(groupClass.startsAt, week.to),
        exceptId ? ne(classBooking.id, exceptId) : undefined,
        noLiveUse(creditUse.classBookingId, classBooking.id),
      ),
    );
  return row?.n ?? 0;
}

/** The member's 1:1 sessions that week, not cancelled and not paid by a credit (this one left out). */
async function sessionsCoveredByPlan(tx: Db, memberId: string, week: { from: Date; to: Date }, exceptId?: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(trainingSession)
    .where(
      and(
        eq(trainingSession.memberId, memberId),
        ne(trainingSession.status, "cancelled"),
        gte(trainingSession.startsAt, week.from),
        lt(trainingSession.startsAt, week.to),
        exceptId ? ne(trainingSession.id, exceptId) : undefined,
        noLiveUse(creditUse.trainingSessionId, trainingSession.id),
      ),
    );
  return row?.n ?? 0;
}

const liveUses = sql<number>`(select count(*) from ${creditUse} where ${creditUse.grantId} = ${creditGrant.id} and ${creditUse.returnedAt} is null)`;

/** The member's active grant of the kind, still valid at `validAt`, with a credit left: the one expiring first. */
async function grantWithCreditLeft(tx: Db, memberId: string, kind: CreditKind, validAt: Date): Promise<string | null> {
  const [grant] = await tx
    .select({ id: creditGrant.id })
    .from(creditGrant)
    .where(and(eq(creditGrant.memberId, memberId), eq(creditGrant.kind, kind), eq(creditGrant.status, "active"), gt(creditGrant.expiresAt, validAt), gt(creditGrant.total, liveUses)))
    .orderBy(asc(creditGrant.expiresAt), asc(creditGrant.createdAt), asc(creditGrant.id))
    .limit(1);
  return grant?.id ?? null;
}

type PlaceIds = { classBookingId: string | readonly string[]; trainingSessionId?: never } | { trainingSessionId: string; classBookingId?: never };

function placeFilter(where: PlaceIds) {
  if (where.trainingSessionId !== undefined) return eq(creditUse.trainingSessionId, where.trainingSessionId);
  const ids = typeof where.classBookingId === "string" ? [where.classBookingId] : [...where.classBookingId];
  return ids.length > 0 ? inArray(creditUse.classBookingId, ids) : sql`false`;
}

/** Gives back the credits these places spent (none spent: nothing happens). Returns how many came back. */
export async function returnCredit(tx: Db, where: PlaceIds & { now: Date }): Promise<number> {
  const back = await tx
    .update(creditUse)
    .set({ returnedAt: where.now })
    .where(and(placeFilter(where), isNull(creditUse.returnedAt)))
    .returning({ id: creditUse.id });
  return back.length;
}

/**
 * Spends again the credit a place gave back, when staff correct a mark that had returned
 * it (a no-show or a late cancel marked attended): the same use, if its grant still has a
 * credit left. Takes the member's row lock (after the caller's class row lock) for the
 * check and the write. Nothing to restore, or no credit left: nothing changes.
 */
export async function restoreCredit(tx: Db, where: { classBookingId: string; memberId: string }): Promise<boolean> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, where.memberId)).for("no key update");
  const [live] = await tx
    .select({ id: creditUse.id })
    .from(creditUse)
    .where(and(eq(creditUse.classBookingId, where.classBookingId), isNull(creditUse.returnedAt)));
  if (live) return false;
  const [returned] = await tx
    .select({ id: creditUse.id })
    .from(creditUse)
    .innerJoin(creditGrant, eq(creditGrant.id, creditUse.grantId))
    .where(and(eq(creditUse.classBookingId, where.classBookingId), isNotNull(creditUse.returnedAt), eq(creditGrant.status, "active"), gt(creditGrant.total, liveUses)))
    .orderBy(desc(creditUse.returnedAt))
    .limit(1);
  if (!returned) return false;
  await tx.update(creditUse).set({ returnedAt: null }).where(eq(creditUse.id, returned.id));
  return true;
}

/** Whether a class place in this state keeps the credit it spent, under the settings in force. */
export function placeKeepsCredit(status: string, settings: { lateCancelKeepsCredit: boolean; noShowKeepsCredit: boolean }): boolean {
  if (status === "late_cancelled") return settings.lateCancelKeepsCredit;
  if (status === "no_show") return settings.noShowKeepsCredit;
  return !(GIVEN_UP as readonly string[]).includes(status);
}
