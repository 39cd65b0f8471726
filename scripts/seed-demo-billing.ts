/**
 * seed:demo's billing (decision 0143): the demo member on the weekly Online Coaching package
 * by direct debit, four weeks paid (confirmed, each with its receipt, numbered on from the
 * site's last) and this week's payment failed, so the plan is past due and the grace period
 * runs: the billing page, 'Needs attention' on /coach and the payments list have something
 * real to show. The plan, mandate and payments are written as a checkout and the provider's
 * subscription would have left them, and settled by the settlement's own confirmPayment and
 * failPayment on the dates they would have happened, so it works with direct debit off; the
 * provider's ids are made up and say DEMO.
 */
import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { billingMandate, billingPayment, billingProduct, memberPlan } from "~/db/schema/billing";
import { formatShortDate } from "~/lib/dates";
import { addDays } from "~/lib/time-zone";
import { getBillingSettings } from "~/modules/billing/billing-settings.server";
import { amountOf, periodOf } from "~/modules/billing/periods";
import { confirmPayment, failPayment } from "~/modules/billing/settlement.server";

export const DEMO_PRODUCT_ID = "prod_online_coaching";
/** Weeks paid before the failed one. */
const PAID_WEEKS = 4;
/** When the failed payment failed, in days before today (inside the default 7-day grace). */
const FAILED_DAYS_AGO = 2;

/** A provider id that cannot be mistaken for a real one: GoCardless's prefix, then DEMO. */
const demoId = (prefix: string) => `${prefix}_DEMO${crypto.randomBytes(5).toString("hex").toUpperCase()}`;

/** Noon UTC of a date: when the demo's provider said something on that day. */
const noonOf = (date: string) => new Date(`${date}T12:00:00Z`);

export async function hasBilling(memberId: string): Promise<boolean> {
  const [row] = await getDb().select({ n: count() }).from(memberPlan).where(eq(memberPlan.memberId, memberId));
  return (row?.n ?? 0) > 0;
}

/** Returns the payments made (paid and failed), or 0 when the Online Coaching product is gone. */
export async function seedBilling(member: { id: string }, today: string): Promise<number> {
  const { currency } = await getBillingSettings();
  return getDb().transaction(async (tx) => {
    // The lock every plan change takes: a second seed (or a purchase) waits, then finds the plan.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, member.id)).for("no key update");
    const [plans] = await tx.select({ n: count() }).from(memberPlan).where(eq(memberPlan.memberId, member.id));
    if ((plans?.n ?? 0) > 0) return 0;
    const [product] = await tx.select().from(billingProduct).where(eq(billingProduct.id, DEMO_PRODUCT_ID));
    if (!product) return 0;

    // The failed payment's period is this week's: the plan started PAID_WEEKS weeks before it.
    const startsOn = addDays(today, -(PAID_WEEKS * 7 + 5));
    const periods = Array.from({ length: PAID_WEEKS + 1 }, (_, i) => periodOf(product, startsOn, i)!);
    const failedAt = noonOf(addDays(today, -FAILED_DAYS_AGO));
    const mandateId = crypto.randomUUID();
    const planId = crypto.randomUUID();
    await tx.insert(billingMandate).values({ id: mandateId, memberId: member.id, provider: "gocardless", providerMandateId: demoId("MD"), providerCustomerId: demoId("CU"), status: "active" });
    await tx.insert(memberPlan).values({
      id: planId,
      memberId: member.id,
      productId: product.id,
      name: product.name,
      kind: product.kind,
      priceMinor: product.priceMinor,
      currency,
      intervalUnit: product.intervalUnit,
      intervalCount: product.intervalCount,
      classAccess: product.classAccess,
      classesPerWeek: product.classesPerWeek,
      sessionsPerWeek: product.sessionsPerWeek,
      programTemplateId: product.programTemplateId,
      method: "direct_debit",
      status: "pending",
      mandateId,
      providerSubscriptionId: demoId("SB"),
      startsOn,
      createdAt: noonOf(addDays(startsOn, -3)),
    });

    // Pending as collected, then settled through the one place a payment's outcome is applied:
    // each confirmation issues the next receipt number (and queues its e-mail), the failure makes the plan past due.
    for (const [i, period] of periods.entries()) {
      const paymentId = crypto.randomUUID();
      await tx.insert(billingPayment).values({
        id: paymentId,
        memberId: member.id,
        planId,
        description: `${product.name}, ${formatShortDate(period.start)} to ${formatShortDate(period.end)}`,
        amountMinor: amountOf(product, i),
        currency,
        method: "direct_debit",
        status: "pending",
        providerPaymentId: demoId("PM"),
        periodStart: period.start,
        periodEnd: period.end,
        chargeDate: period.start,
        createdAt: noonOf(addDays(period.start, -3)),
      });
      if (i < PAID_WEEKS) await confirmPayment(tx, paymentId, noonOf(addDays(period.start, 2)));
      else await failPayment(tx, paymentId, { status: "failed", reason: "The bank refused the payment: insufficient funds.", now: failedAt });
    }
    return periods.length;
  });
}
