/**
 * The hosted page's billing request fulfilled (decision 0135): read back from the provider
 * (the checkout, its mandate, its first payment), then in the event's transaction the
 * mandate row made or brought up to date, our checkout marked completed, the plan tied to
 * the mandate, the first payment's row made with its current state, and the subscription
 * for the following periods left to its own job (a provider call, outside this transaction).
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { billingCheckout, billingMandate, memberPlan } from "~/db/schema/billing";
import type { CheckoutResult, ProviderMandate, ProviderPayment } from "~/lib/payments/payment-provider";
import type { Applied, EventRules } from "./events-types";
import { lockPlan } from "./payment-events-rows.server";
import { applyProviderPayment, paymentRowFor } from "./payment-events.server";
import { enqueueSubscription } from "./subscriptions.server";

interface CheckoutState {
  checkout: CheckoutResult;
  mandate: ProviderMandate | null;
  payment: ProviderPayment | null;
}

/** The mandate's row for this member, made once per provider mandate; its status as the provider gave it now. */
export async function upsertMandate(tx: Db, memberId: string | null, customerId: string | null, mandate: ProviderMandate, now: Date): Promise<string> {
  const [row] = await tx
    .insert(billingMandate)
    .values({ id: crypto.randomUUID(), memberId, provider: "gocardless", providerMandateId: mandate.id, providerCustomerId: customerId, status: mandate.state, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [billingMandate.provider, billingMandate.providerMandateId], set: { status: mandate.state, updatedAt: now } })
    .returning({ id: billingMandate.id });
  return row!.id;
}

async function fulfilled(tx: Db, { checkout, mandate, payment }: CheckoutState, context: Parameters<EventRules<CheckoutState>["apply"]>[3]): Promise<Applied> {
  if (checkout.state !== "completed" || !mandate) return { outcome: `no change: the checkout is ${checkout.state}` };
  const [ours] = await tx.select().from(billingCheckout).where(eq(billingCheckout.providerCheckoutId, checkout.checkoutId));
  if (!ours) return { later: `checkout ${checkout.checkoutId} is not known yet` };
  const plan = ours.planId ? await lockPlan(tx, ours.planId) : null;
  const mandateId = await upsertMandate(tx, ours.memberId, checkout.customerId, mandate, context.now);
  await tx.update(billingCheckout).set({ status: "completed", updatedAt: context.now }).where(and(eq(billingCheckout.id, ours.id), eq(billingCheckout.status, "open")));
  if (!plan) return { outcome: "checkout completed: mandate recorded (its plan is gone)" };
  if (plan.status !== "ended") await tx.update(memberPlan).set({ mandateId, updatedAt: context.now }).where(eq(memberPlan.id, plan.id));
  const parts = ["checkout completed"];
  if (payment) {
    const row = await paymentRowFor(tx, { ...payment, metadata: { ...payment.metadata, plan: plan.id } }, context);
    if (row) parts.push(`first payment ${await applyProviderPayment(tx, row, payment, null, context)}`);
  }
  if (await enqueueSubscription(tx, plan.id)) parts.push("subscription to be created");
  return { outcome: parts.join("; ") };
}

export const checkoutEvents: EventRules<CheckoutState> = {
  async read(provider, event) {
    const checkout = await provider.getCheckout(event.resourceId ?? "");
    if (event.action !== "fulfilled" || checkout.state !== "completed") return { checkout, mandate: null, payment: null };
    const mandate = checkout.mandateId ? await provider.getMandate(checkout.mandateId) : null;
    const payment = checkout.firstPaymentId ? await provider.getPayment(checkout.firstPaymentId) : null;
    return { checkout, mandate, payment };
  },
  async apply(tx, event, state, context) {
    if (event.action === "fulfilled") return fulfilled(tx, state, context);
    if (event.action === "cancelled") {
      const closed = await tx
        .update(billingCheckout)
        .set({ status: "cancelled", updatedAt: context.now })
        .where(and(eq(billingCheckout.providerCheckoutId, state.checkout.checkoutId), eq(billingCheckout.status, "open")))
        .returning({ id: billingCheckout.id });
      return { outcome: closed.length ? "checkout cancelled" : "no change" };
    }
    return { outcome: `ignored: checkout ${event.action}` };
  },
};
