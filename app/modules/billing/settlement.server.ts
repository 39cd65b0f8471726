/**
 * What a payment's outcome does to the member's plan and credits (decision 0131), in the
 * transaction that records it: the one place a plan becomes paid or unpaid, whichever door
 * the news came through (a GoCardless webhook, a payment staff record by hand). Both
 * functions lock the payment row, then its plan's row, and may run again for the same
 * payment without doing anything twice.
 */
import { and, eq, inArray, isNull, max, ne, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { billingPayment, creditGrant, memberPlan, type PaymentStatus } from "~/db/schema/billing";
import { issueReceipt } from "./receipts.server";

const SETTLED: readonly PaymentStatus[] = ["confirmed", "paid_out"];
const UNPAID: readonly PaymentStatus[] = ["failed", "charged_back", "cancelled"];

async function lockPayment(tx: Db, paymentId: string) {
  const [payment] = await tx.select().from(billingPayment).where(eq(billingPayment.id, paymentId)).for("update");
  if (!payment) throw new Error(`No payment ${paymentId}`);
  return payment;
}

async function lockPlan(tx: Db, planId: string | null) {
  if (!planId) return null;
  const [plan] = await tx.select().from(memberPlan).where(eq(memberPlan.id, planId)).for("update");
  return plan ?? null;
}

/** The end of the plan's paid time: the latest period a settled payment of it paid for. */
async function paidThroughOf(tx: Db, planId: string): Promise<string | null> {
  const [row] = await tx
    .select({ end: max(billingPayment.periodEnd) })
    .from(billingPayment)
    .where(and(eq(billingPayment.planId, planId), inArray(billingPayment.status, [...SETTLED])));
  return row?.end ?? null;
}

/**
 * Whether a payment of the plan failed and was not made good: no settled payment of the plan
 * pays for the same period (a retry settles the failed row itself; a manual payment for the
 * period is a second row).
 */
async function hasUnpaidPeriod(tx: Db, planId: string): Promise<boolean> {
  const settled = alias(billingPayment, "settled");
  const [row] = await tx
    .select({ id: billingPayment.id })
    .from(billingPayment)
    .where(
      and(
        eq(billingPayment.planId, planId),
        inArray(billingPayment.status, [...UNPAID]),
        notExists(
          tx
            .select({ id: settled.id })
            .from(settled)
            .where(and(eq(settled.planId, planId), inArray(settled.status, [...SETTLED]), sql`${settled.periodStart} is not distinct from ${billingPayment.periodStart}`)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface Confirmed {
  /** The payment's receipt (issued now, or earlier); null when the payment could not be confirmed (charged back, cancelled). */
  receiptId: string | null;
  /** True when this payment started the plan (it was pending): the caller may assign its program. */
  planStarted: boolean;
  changed: boolean;
}

/**
 * The provider (or staff, for a manual payment) says the money is there: the payment is
 * confirmed (or paid out), the plan paid through the payment's period and active again when
 * nothing else is unpaid, the credits it bought usable, and its receipt issued. A payment
 * already settled only moves from confirmed to paid out; a charged-back or cancelled one
 * stays as it is (a late 'confirmed' cannot undo them).
 */
export async function confirmPayment(tx: Db, paymentId: string, now: Date, status: "confirmed" | "paid_out" = "confirmed"): Promise<Confirmed> {
  const payment = await lockPayment(tx, paymentId);
  if (SETTLED.includes(payment.status) || payment.status === "refunded") {
    if (payment.status === "confirmed" && status === "paid_out") await tx.update(billingPayment).set({ status, updatedAt: now }).where(eq(billingPayment.id, paymentId));
    return { receiptId: await issueReceipt(tx, paymentId, now), planStarted: false, changed: false };
  }
  if (payment.status === "charged_back" || payment.status === "cancelled") return { receiptId: null, planStarted: false, changed: false };
  await tx.update(billingPayment).set({ status, confirmedAt: now, updatedAt: now }).where(eq(billingPayment.id, paymentId));
  const plan = await lockPlan(tx, payment.planId);
  let planStarted = false;
  if (plan && plan.status !== "ended") {
    planStarted = plan.status === "pending";
    const paidThrough = await paidThroughOf(tx, plan.id);
    const unpaid = await hasUnpaidPeriod(tx, plan.id);
    await tx
      .update(memberPlan)
      .set({
        paidThrough,
        startsOn: plan.startsOn ?? payment.periodStart ?? payment.chargeDate,
        status: unpaid ? (plan.status === "pending" ? "active" : plan.status) : "active",
        unpaidSince: unpaid ? plan.unpaidSince : null,
        updatedAt: now,
      })
      .where(eq(memberPlan.id, plan.id));
    // The credits this payment bought: a pack's grant waits for its first payment.
    await tx
      .update(creditGrant)
      .set({ status: "active", paymentId, updatedAt: now })
      .where(and(eq(creditGrant.planId, plan.id), eq(creditGrant.status, "pending"), or(isNull(creditGrant.paymentId), eq(creditGrant.paymentId, paymentId))));
  }
  return { receiptId: await issueReceipt(tx, paymentId, now), planStarted, changed: true };
}

export interface FailOutcome {
  status: "failed" | "charged_back" | "cancelled";
  /** The provider's words for why (shown to staff and in the member's e-mail). */
  reason: string;
  now: Date;
}

/**
 * The money did not arrive, or was taken back: the payment failed (or charged back, or
 * cancelled before it was collected). Its plan is unpaid from now (past due: the grace
 * period starts), paid through only what other settled payments cover, and credits bought
 * by a payment that had been confirmed are void. Returns false when nothing changed (the
 * same news twice, or news about a refunded payment).
 */
export async function failPayment(tx: Db, paymentId: string, outcome: FailOutcome): Promise<boolean> {
  const payment = await lockPayment(tx, paymentId);
  if (payment.status === outcome.status || payment.status === "refunded") return false;
  if (payment.status === "charged_back") return false;
  const wasSettled = SETTLED.includes(payment.status);
  await tx
    .update(billingPayment)
    .set({ status: outcome.status, failedAt: outcome.now, failureReason: outcome.reason, updatedAt: outcome.now })
    .where(eq(billingPayment.id, paymentId));
  const plan = await lockPlan(tx, payment.planId);
  if (!plan || plan.status === "ended") return true;
  const paidThrough = await paidThroughOf(tx, plan.id);
  await tx
    .update(memberPlan)
    .set({
      paidThrough,
      status: plan.status === "active" ? "past_due" : plan.status,
      unpaidSince: plan.unpaidSince ?? outcome.now,
      updatedAt: outcome.now,
    })
    .where(eq(memberPlan.id, plan.id));
  if (wasSettled) {
    await tx
      .update(creditGrant)
      .set({ status: "void", updatedAt: outcome.now })
      .where(and(eq(creditGrant.paymentId, paymentId), ne(creditGrant.status, "void")));
  }
  return true;
}

/**
 * Refunds and a pack's credits (decision 0187): the credits a payment bought hold while the
 * money stands. Refunded in whole, they are void, as after a charge-back; a refund that the
 * provider refuses or that bounces gives the money and the credits back. Part refunds leave
 * them (the coach refunds the sessions the member did not use). Credits already spent on
 * bookings stay spent. Call with the payment's row locked, after its refund is recorded.
 * Returns how many packs' credits changed.
 */
export async function matchCreditsToRefunds(tx: Db, paymentId: string, now: Date): Promise<number> {
  const [payment] = await tx.select().from(billingPayment).where(eq(billingPayment.id, paymentId));
  if (!payment) return 0;
  const stands = SETTLED.includes(payment.status) && payment.refundedMinor < payment.amountMinor;
  const changed = await tx
    .update(creditGrant)
    .set({ status: stands ? "active" : "void", updatedAt: now })
    .where(and(eq(creditGrant.paymentId, paymentId), eq(creditGrant.status, stands ? "void" : "active")))
    .returning({ id: creditGrant.id });
  return changed.length;
}
