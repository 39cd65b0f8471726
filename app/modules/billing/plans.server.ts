/**
 * A member's plans (decision 0131, rules in 0137): a product bought becomes a `member_plans`
 * row with the product's terms copied, pending until the provider (or staff recording a
 * manual payment) confirms its first payment. One live subscription or term per member:
 * checked under the member's row lock, with the partial unique index behind it. Cancel ends
 * a paid plan at the end of its paid period, and a never-paid one at once.
 */
import { and, count, eq, ne, sql } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { billingCheckout, billingPayment, creditGrant, memberPlan, type billingProduct } from "~/db/schema/billing";
import { AppError } from "~/lib/app-error";
import { getLogger } from "~/lib/logger.server";
import { getPaymentProvider } from "~/lib/payments/payment-provider.server";
import { formatLongDate } from "~/lib/dates";
import { todayIn } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { getBillingSettings } from "./billing-settings.server";

type Actor = Pick<SessionUser, "id" | "role" | "email">;
export type Product = typeof billingProduct.$inferSelect;
export type Plan = typeof memberPlan.$inferSelect;
export type Grant = typeof creditGrant.$inferSelect;

const DAY = 24 * 60 * 60 * 1000;
/** Packs one member may have waiting for payment at once: a person tapping 'Buy' on every pack cannot grow the table without end. */
export const MAX_PENDING_PACKS = 5;
export const TOO_MANY_PENDING_PACKS = `You have ${MAX_PENDING_PACKS} packs waiting for payment. Finish or cancel one of them first.`;
export const NO_PLAN = "You have no package to cancel.";
export const STAFF_BILLING = "Billing is for members. Staff see payments under Admin, Billing.";

/** The acting member, or 403 for staff (they see every member's billing elsewhere). */
export function requireBillingMember(actor: Actor): Actor {
  if (actor.role !== "member") throw new AppError(403, STAFF_BILLING, { title: "Members only" });
  ensureCan(actor, "billing", "manageOwn");
  return actor;
}

/** Takes the member's row lock: every check and write on their plans runs behind it, across processes. */
export async function lockMember(tx: Db, memberId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${user} where ${user.id} = ${memberId} for no key update`);
}

/** The member's live subscription or term (at most one), if any. */
export async function livePackage(tx: Db, memberId: string): Promise<Plan | null> {
  const [row] = await tx
    .select()
    .from(memberPlan)
    .where(and(eq(memberPlan.memberId, memberId), ne(memberPlan.status, "ended"), ne(memberPlan.kind, "pack")))
    .limit(1);
  return row ?? null;
}

/** Why a second package is refused, in the member's words. */
async function secondPackageRefusal(current: Plan): Promise<AppError> {
  if (current.status === "pending") {
    return new AppError(409, `Your ${current.name} package is waiting for its first payment. Finish setting it up, or cancel it to choose another.`, {
      title: "Package waiting",
    });
  }
  const ends = current.endsOn ? ` It ends on ${formatLongDate(current.endsOn)}; you can choose another package after that.` : " To change package, cancel it: you can choose another once it ends.";
  return new AppError(409, `You already have the ${current.name} package.${ends}`, { title: "You already have a package" });
}

/** A unique_violation (23505) of the one-live-package index; drizzle wraps the driver's error. */
function isLivePackageViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === "23505" && (constraint === undefined || constraint === "member_plans_live_idx")) return true;
  }
  return false;
}

export interface CreatePendingPlanInput {
  memberId: string;
  product: Product;
  method: "direct_debit" | "manual";
  now: Date;
  /** The member's active mandate, when the first payment is collected on it without the hosted page. */
  mandateId?: string | null;
}

/**
 * Makes the pending plan of a product bought (and, for a pack, its pending credit grant),
 * inside the caller's transaction. Refuses (409) a second live subscription or term, and
 * more than MAX_PENDING_PACKS packs waiting for payment.
 */
export async function createPendingPlan(tx: Db, input: CreatePendingPlanInput): Promise<{ plan: Plan; grant: Grant | null }> {
  const { memberId, product, method, now } = input;
  await lockMember(tx, memberId);
  if (product.kind === "pack") {
    const [waiting] = await tx
      .select({ n: count() })
      .from(memberPlan)
      .where(and(eq(memberPlan.memberId, memberId), eq(memberPlan.kind, "pack"), eq(memberPlan.status, "pending")));
    if ((waiting?.n ?? 0) >= MAX_PENDING_PACKS) throw new AppError(409, TOO_MANY_PENDING_PACKS, { title: "Too many packs waiting" });
  } else {
    const current = await livePackage(tx, memberId);
    if (current) throw await secondPackageRefusal(current);
  }
  const { currency } = await getBillingSettings(tx);
  let plan: Plan;
  try {
    // A savepoint: a unique violation must leave the caller's transaction usable for its 409.
    plan = await tx.transaction(async (inner) => {
      const [row] = await inner
        .insert(memberPlan)
        .values({
          id: crypto.randomUUID(),
          memberId,
          productId: product.id,
          name: product.name,
          kind: product.kind,
          priceMinor: product.priceMinor,
          currency,
          intervalUnit: product.intervalUnit,
          intervalCount: product.intervalCount,
          termWeeks: product.termWeeks,
          instalments: product.instalments,
          classAccess: product.classAccess,
          classesPerWeek: product.classesPerWeek,
          sessionsPerWeek: product.sessionsPerWeek,
          programTemplateId: product.programTemplateId,
          method,
          status: "pending",
          mandateId: input.mandateId ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row!;
    });
  } catch (error) {
    if (!isLivePackageViolation(error)) throw error;
    const current = await livePackage(tx, memberId);
    throw current ? await secondPackageRefusal(current) : new AppError(409, "You already have a package.", { title: "You already have a package" });
  }
  if (product.kind !== "pack") return { plan, grant: null };
  const [grant] = await tx
    .insert(creditGrant)
    .values({
      id: crypto.randomUUID(),
      memberId,
      planId: plan.id,
      kind: product.creditKind ?? "session",
      name: product.name,
      total: product.credits ?? 1,
      status: "pending",
      expiresAt: new Date(now.getTime() + (product.creditValidDays ?? 90) * DAY),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { plan, grant: grant! };
}

export interface CancelOutcome {
  planId: string;
  name: string;
  /** "end-of-period": ends after `endsOn`; "now": it had never been paid and has ended. */
  when: "end-of-period" | "now";
  endsOn: string | null;
  /** False when the provider could not be reached to stop the charges: cancelling again tries again. */
  chargesStopped: boolean;
}

/** The plan 'Cancel' acts on: the one named (the member's own, else 404), or the member's live package. */
async function planToCancel(tx: Db, memberId: string, planId: string | undefined): Promise<Plan> {
  if (planId === undefined) {
    const current = await livePackage(tx, memberId);
    if (!current) throw new AppError(404, NO_PLAN, { title: "Nothing to cancel" });
    return current;
  }
  const [row] = await tx
    .select()
    .from(memberPlan)
    .where(and(eq(memberPlan.id, planId), eq(memberPlan.memberId, memberId)));
  if (!row || row.status === "ended") throw new AppError(404, NO_PLAN, { title: "Nothing to cancel" });
  return row;
}

/**
 * 'Cancel': a plan that has been paid ends at the end of its paid period (`endsOn =
 * paidThrough`), and the provider's subscription is cancelled so nothing more is charged;
 * a plan never paid (pending) ends at once, with its open checkouts, its payment waiting
 * at the provider and its pending credits. Cancelling again changes nothing.
 */
export async function cancelOwnPlan(actor: Actor, input: { planId?: string } = {}, now: Date = new Date()): Promise<CancelOutcome> {
  const member = requireBillingMember(actor);
  const planId = typeof input.planId === "string" && input.planId.length > 0 && input.planId.length <= 100 ? input.planId : undefined;
  const { timeZone } = await getSiteSettings();
  const done = await getDb().transaction(async (tx) => {
    await lockMember(tx, member.id);
    const plan = await planToCancel(tx, member.id, planId);
    if (plan.status === "pending" && !plan.paidThrough) {
      await tx.update(memberPlan).set({ status: "ended", endsOn: todayIn(timeZone, now), cancelRequestedAt: now, endedAt: now, updatedAt: now }).where(eq(memberPlan.id, plan.id));
      await tx.update(billingCheckout).set({ status: "cancelled", updatedAt: now }).where(and(eq(billingCheckout.planId, plan.id), eq(billingCheckout.status, "open")));
      await tx.update(creditGrant).set({ status: "void", updatedAt: now }).where(and(eq(creditGrant.planId, plan.id), eq(creditGrant.status, "pending")));
      const waiting = await tx
        .select({ providerPaymentId: billingPayment.providerPaymentId })
        .from(billingPayment)
        .where(and(eq(billingPayment.planId, plan.id), eq(billingPayment.status, "pending")));
      const outcome = { planId: plan.id, name: plan.name, when: "now" as const, endsOn: null };
      return { outcome, subscriptionId: null, paymentIds: waiting.flatMap((p) => (p.providerPaymentId ? [p.providerPaymentId] : [])) };
    }
    // A pack has no period: once paid its credits are the member's until they expire.
    if (plan.kind === "pack") throw new AppError(409, "A pack that has been paid for cannot be cancelled: its credits are yours until they expire.", { title: "Already paid" });
    const endsOn = plan.endsOn ?? plan.paidThrough ?? todayIn(timeZone, now);
    if (!plan.cancelRequestedAt) await tx.update(memberPlan).set({ endsOn, cancelRequestedAt: now, updatedAt: now }).where(eq(memberPlan.id, plan.id));
    const outcome = { planId: plan.id, name: plan.name, when: "end-of-period" as const, endsOn };
    return { outcome, subscriptionId: plan.providerSubscriptionId, paymentIds: [] as string[] };
  });
  return { ...done.outcome, chargesStopped: await stopCharges(done.subscriptionId, done.paymentIds) };
}

/**
 * After the cancel is saved, outside its transaction: the provider's subscription is
 * cancelled (a second cancel finds it cancelled and leaves it), and a first payment
 * waiting on a never-paid plan is cancelled. A provider that cannot be reached is logged:
 * the cancel stands, and cancelling again tries the provider again.
 */
async function stopCharges(subscriptionId: string | null, paymentIds: string[]): Promise<boolean> {
  const provider = getPaymentProvider();
  if (!provider) return true;
  try {
    if (subscriptionId) {
      const subscription = await provider.getSubscription(subscriptionId);
      if (subscription.state === "active" || subscription.state === "paused") await provider.cancelSubscription(subscriptionId);
    }
    for (const paymentId of paymentIds) {
      const payment = await provider.getPayment(paymentId);
      if (payment.state === "pending") await provider.cancelPayment(paymentId);
    }
    return true;
  } catch (error) {
    getLogger().warn({ subscriptionId, err: error instanceof Error ? error.message : String(error) }, "a cancelled plan's charges could not be stopped at the provider");
    return false;
  }
}
