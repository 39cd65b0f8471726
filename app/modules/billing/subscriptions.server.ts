/**
 * The provider's subscription behind a plan (decision 0131): made once the checkout is
 * fulfilled, for the periods after the first (whose payment the checkout took), and each
 * payment it creates becomes the plan's next `billing_payments` row.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Db } from "~/db/client.server";
import { billingMandate, billingPayment, memberPlan } from "~/db/schema/billing";
import { addDays } from "~/lib/time-zone";
import { defineJob, enqueueJob } from "~/lib/jobs.server";
import type { CreateSubscriptionInput, ProviderPayment } from "~/lib/payments/payment-provider";
import { getPaymentProvider } from "~/lib/payments/payment-provider.server";
import type { EventRules } from "./events-types";
import { ensurePaymentRow, planOfProviderPayment, type PlanRow } from "./payment-events-rows.server";
import { amountOf, instalmentWeeks } from "./periods";

type PlanTerms = Pick<PlanRow, "kind" | "intervalUnit" | "intervalCount" | "termWeeks" | "instalments">;

/** A subscription pays every interval; a term in instalments pays its later instalments; a pack or a term paid at once needs none. */
export function needsSubscription(plan: PlanTerms): boolean {
  return plan.kind === "subscription" || (plan.kind === "term" && (plan.instalments ?? 1) > 1);
}

/** A plan still to be collected by a subscription it does not have yet: not ended, not cancelled, on a mandate. */
export function wantsSubscription(plan: PlanRow): boolean {
  return needsSubscription(plan) && !plan.providerSubscriptionId && plan.status !== "ended" && !plan.endsOn && !plan.cancelRequestedAt && !!plan.mandateId;
}

/** What the provider is asked for: the plan's price, interval and (a term) count, from the day after the first period. */
export function subscriptionFor(plan: PlanRow, firstPeriodEnd: string, mandateId: string): CreateSubscriptionInput | null {
  if (!needsSubscription(plan)) return null;
  const common = { idempotencyKey: `plan-subscription:${plan.id}`, mandateId, currency: plan.currency, name: plan.name, startDate: addDays(firstPeriodEnd, 1), metadata: { plan: plan.id } };
  if (plan.kind === "term") {
    const instalments = plan.instalments ?? 1;
    const weeks = instalmentWeeks(plan.termWeeks ?? 1, instalments);
    return { ...common, amountMinor: amountOf(plan, 1), interval: { unit: "weekly", count: weeks[0] ?? 1 }, count: instalments - 1 };
  }
  return { ...common, amountMinor: plan.priceMinor, interval: { unit: plan.intervalUnit === "month" ? "monthly" : "weekly", count: plan.intervalCount ?? 1 } };
}

/** Creates the plan's subscription at the provider (its key is the plan's, so a retry is the same one) and saves its id. */
async function createPlanSubscription(planId: string): Promise<void> {
  const db = getDb();
  const [plan] = await db.select().from(memberPlan).where(eq(memberPlan.id, planId));
  if (!plan || !wantsSubscription(plan)) return;
  const [mandate] = await db.select({ providerMandateId: billingMandate.providerMandateId }).from(billingMandate).where(eq(billingMandate.id, plan.mandateId ?? ""));
  const [first] = await db
    .select({ periodEnd: billingPayment.periodEnd })
    .from(billingPayment)
    .where(and(eq(billingPayment.planId, plan.id), sql`${billingPayment.periodEnd} is not null`))
    .orderBy(asc(billingPayment.periodStart))
    .limit(1);
  const input = mandate && first?.periodEnd ? subscriptionFor(plan, first.periodEnd, mandate.providerMandateId) : null;
  const provider = getPaymentProvider();
  if (!input || !provider) return;
  const subscription = await provider.createSubscription(input);
  await db
    .update(memberPlan)
    .set({ providerSubscriptionId: subscription.id, updatedAt: new Date() })
    .where(and(eq(memberPlan.id, plan.id), isNull(memberPlan.providerSubscriptionId)));
}

export const createSubscriptionJob = defineJob({
  kind: "billing.create-subscription",
  payload: z.object({ planId: z.string() }),
  run: ({ planId }) => createPlanSubscription(planId),
});

/**
 * Enqueues the plan's subscription when it wants one (its mandate known, its first payment
 * made): by the checkout's event, or the first payment's on a mandate already active. Once per plan.
 */
export async function enqueueSubscription(tx: Db, planId: string): Promise<boolean> {
  const [plan] = await tx.select().from(memberPlan).where(eq(memberPlan.id, planId));
  if (!plan || !wantsSubscription(plan)) return false;
  return (await enqueueJob(tx, createSubscriptionJob, { planId }, { key: `billing-subscription:${planId}` })) !== null;
}

/** A subscription's events: each payment it creates is the plan's next payment row; its end is recorded. */
export const subscriptionEvents: EventRules<ProviderPayment | null> = {
  read: (provider, event) => (event.action === "payment_created" && event.links.paymentId ? provider.getPayment(event.links.paymentId) : Promise.resolve(null)),
  async apply(tx, event, payment, context) {
    if (event.action === "cancelled" || event.action === "finished") return { outcome: `recorded: subscription ${event.action}` };
    if (event.action !== "payment_created" || !payment) return { outcome: `ignored: subscription ${event.action}` };
    const planId = await planOfProviderPayment(tx, { ...payment, subscriptionId: payment.subscriptionId ?? event.resourceId });
    if (!planId) return { later: `subscription ${event.resourceId} is not known yet` };
    const row = await ensurePaymentRow(tx, planId, payment, context);
    return { outcome: row ? `next payment recorded for ${row.periodStart ?? "the plan"}` : "ignored: the plan is gone" };
  },
};
