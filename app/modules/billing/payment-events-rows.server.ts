/**
 * The `billing_payments` row of a provider's payment, made once whichever event names it
 * first (the checkout's, the payment's own, the subscription's payment_created), with the
 * period it pays for: the plan's payments are counted under the plan's lock, so two events
 * of one plan at once never give two payments the same period.
 */
import crypto from "node:crypto";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { billingPayment, creditGrant, memberPlan } from "~/db/schema/billing";
import type { ProviderPayment } from "~/lib/payments/payment-provider";
import { periodOf } from "./periods";

export type PlanRow = typeof memberPlan.$inferSelect;
export type PaymentRow = typeof billingPayment.$inferSelect;

/** The member's row, then the plan's, locked (the order every change of a plan takes). Null when the plan is gone. */
export async function lockPlan(tx: Db, planId: string): Promise<PlanRow | null> {
  const [owner] = await tx.select({ memberId: memberPlan.memberId }).from(memberPlan).where(eq(memberPlan.id, planId));
  if (!owner) return null;
  if (owner.memberId) await tx.select({ id: user.id }).from(user).where(eq(user.id, owner.memberId)).for("no key update");
  const [plan] = await tx.select().from(memberPlan).where(eq(memberPlan.id, planId)).for("update");
  return plan ?? null;
}

export async function paymentByProviderId(tx: Db, providerPaymentId: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(billingPayment).where(eq(billingPayment.providerPaymentId, providerPaymentId)).for("update");
  return row ?? null;
}

/** The plan a provider's payment belongs to: by our metadata on it, else by its subscription. */
export async function planOfProviderPayment(tx: Db, payment: ProviderPayment): Promise<string | null> {
  const byMetadata = payment.metadata.plan;
  if (byMetadata) {
    const [plan] = await tx.select({ id: memberPlan.id }).from(memberPlan).where(eq(memberPlan.id, byMetadata));
    if (plan) return plan.id;
  }
  if (!payment.subscriptionId) return null;
  const [plan] = await tx.select({ id: memberPlan.id }).from(memberPlan).where(eq(memberPlan.providerSubscriptionId, payment.subscriptionId));
  return plan?.id ?? null;
}

/**
 * The row of this provider payment, made now when missing: pending, for the plan's next
 * period (the first pays from the plan's start, or from today when it has none yet), and a
 * pack's pending credit grant tied to it. Takes the plan's locks.
 */
export async function ensurePaymentRow(tx: Db, planId: string, payment: ProviderPayment, { now, today }: { now: Date; today: string }): Promise<PaymentRow | null> {
  const plan = await lockPlan(tx, planId);
  if (!plan) return null;
  const existing = await paymentByProviderId(tx, payment.id);
  if (existing) return existing;
  // A first payment collected on a mandate already active (checkout.server.ts): its row was made before the provider call and waits for the provider's id.
  const [waiting] = await tx
    .select({ id: billingPayment.id })
    .from(billingPayment)
    .where(and(eq(billingPayment.planId, plan.id), eq(billingPayment.method, "direct_debit"), eq(billingPayment.status, "pending"), isNull(billingPayment.providerPaymentId)))
    .orderBy(asc(billingPayment.createdAt))
    .limit(1);
  if (waiting) {
    await tx.update(billingPayment).set({ providerPaymentId: payment.id, chargeDate: payment.chargeDate, updatedAt: now }).where(eq(billingPayment.id, waiting.id));
    return paymentByProviderId(tx, payment.id);
  }
  const [{ made } = { made: 0 }] = await tx.select({ made: count() }).from(billingPayment).where(eq(billingPayment.planId, plan.id));
  const [first] = await tx
    .select({ periodStart: billingPayment.periodStart })
    .from(billingPayment)
    .where(and(eq(billingPayment.planId, plan.id), sql`${billingPayment.periodStart} is not null`))
    .orderBy(asc(billingPayment.periodStart))
    .limit(1);
  const anchor = plan.startsOn ?? first?.periodStart ?? today;
  const period = periodOf(plan, anchor, made);
  const id = crypto.randomUUID();
  await tx
    .insert(billingPayment)
    .values({
      id,
      memberId: plan.memberId,
      planId: plan.id,
      description: plan.name,
      amountMinor: payment.amountMinor,
      currency: payment.currency.toUpperCase(),
      method: "direct_debit",
      status: "pending",
      providerPaymentId: payment.id,
      periodStart: period?.start ?? null,
      periodEnd: period?.end ?? null,
      chargeDate: payment.chargeDate,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: billingPayment.providerPaymentId });
  if (plan.kind === "pack") {
    await tx
      .update(creditGrant)
      .set({ paymentId: id, updatedAt: now })
      .where(and(eq(creditGrant.planId, plan.id), isNull(creditGrant.paymentId)));
  }
  return paymentByProviderId(tx, payment.id);
}
