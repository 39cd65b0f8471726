/**
 * A payment's events (decision 0135): whatever the event's word, the payment's current
 * state at the provider is applied to our row, never moving it backwards. Confirmed and
 * paid out settle it (settlement.server.ts's confirmPayment: the plan active, credits, a
 * receipt); failed, charged back and cancelled reverse it (failPayment) and tell the
 * member; pending after a failure is a retry under way. So a late 'submitted' after
 * 'confirmed', a replay, or events out of order change nothing twice.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { billingEvent, billingPayment } from "~/db/schema/billing";
import { enqueueJob } from "~/lib/jobs.server";
import type { ProviderEvent, ProviderPayment } from "~/lib/payments/payment-provider";
import type { Applied, EventContext, EventRules } from "./events-types";
import { paymentFailedMailJob } from "./failed-payment-mails.server";
import { assignPlanProgram } from "./events-plan-program.server";
import { ensurePaymentRow, paymentByProviderId, planOfProviderPayment, type PaymentRow } from "./payment-events-rows.server";
import { confirmPayment, failPayment } from "./settlement.server";
import { enqueueSubscription } from "./subscriptions.server";

const SETTLED = new Set<PaymentRow["status"]>(["confirmed", "paid_out", "refunded"]);

/** The row failed and was retried since: a new failure is news again. */
const retriedSinceFailure = (row: PaymentRow) => !!row.retriedAt && !!row.failedAt && row.retriedAt > row.failedAt;

/** Words for a failure: the provider's cause ("insufficient_funds" → "insufficient funds"). */
const reasonOf = (cause: string | null, payment: ProviderPayment) => (cause ?? payment.providerStatus).replace(/_/g, " ");

async function settle(tx: Db, row: PaymentRow, payment: ProviderPayment, now: Date): Promise<string> {
  const { planStarted, changed } = await confirmPayment(tx, row.id, now, payment.state === "paid_out" ? "paid_out" : "confirmed");
  if (planStarted && row.planId) await assignPlanProgram(tx, row.planId, now);
  if (changed) return planStarted ? "confirmed: the plan started" : "confirmed";
  return row.status === "confirmed" && payment.state === "paid_out" ? "paid out" : `no change: ${row.status.replace("_", " ")}`;
}

async function reverse(tx: Db, row: PaymentRow, payment: ProviderPayment, cause: string | null, context: EventContext): Promise<string> {
  const status = payment.state as "failed" | "charged_back" | "cancelled";
  const reason = reasonOf(cause, payment);
  // A payment is cancelled only before it is taken: never over a confirmation.
  if (status === "cancelled" && SETTLED.has(row.status)) return "no change: confirmed already";
  if (row.status === "failed" && status === "failed" && retriedSinceFailure(row)) {
    // Failed again after a retry: the same status, a new failure (the plan stays unpaid from the first).
    await tx.update(billingPayment).set({ failedAt: context.now, failureReason: reason, updatedAt: context.now }).where(eq(billingPayment.id, row.id));
  } else if (!(await failPayment(tx, row.id, { status, reason, now: context.now }))) {
    return `no change: ${row.status.replace("_", " ")}`;
  }
  if (status !== "cancelled") await enqueueJob(tx, paymentFailedMailJob, { paymentId: row.id }, { key: `billing-payment-failed:${context.eventId}` });
  return status.replace("_", " ");
}

/** Applies the provider's current state of a payment to its row (also used by the checkout's event). */
export async function applyProviderPayment(tx: Db, row: PaymentRow, payment: ProviderPayment, cause: string | null, context: EventContext): Promise<string> {
  switch (payment.state) {
    case "confirmed":
    case "paid_out":
      return settle(tx, row, payment, context.now);
    case "failed":
    case "charged_back":
    case "cancelled":
      return reverse(tx, row, payment, cause, context);
    case "pending":
      if (row.status === "failed" && !retriedSinceFailure(row)) {
        // Retried (by staff through us, or by the provider's own retries): the failure stays until it is paid.
        await tx.update(billingPayment).set({ retriedAt: context.now, updatedAt: context.now }).where(eq(billingPayment.id, row.id));
        return "retry under way";
      }
      if (row.status === "pending" && payment.chargeDate && payment.chargeDate !== row.chargeDate) {
        await tx.update(billingPayment).set({ chargeDate: payment.chargeDate, updatedAt: context.now }).where(eq(billingPayment.id, row.id));
      }
      return "no change: pending";
  }
}

/** The row of this payment, made from its plan when the event comes before the one that names it; null: not known yet. */
export async function paymentRowFor(tx: Db, payment: ProviderPayment, context: EventContext): Promise<PaymentRow | null> {
  const known = await paymentByProviderId(tx, payment.id);
  if (known) return known;
  const planId = await planOfProviderPayment(tx, payment);
  return planId ? ensurePaymentRow(tx, planId, payment, context) : null;
}

/**
 * Why the payment is in its current state: this event's cause when it is the event of that
 * state, else the cause of the inbox's latest event of that state (an earlier event of the
 * batch processed first must still name the bank's reason, not its own 'submitted').
 */
async function causeOfState(tx: Db, event: ProviderEvent, payment: ProviderPayment): Promise<string | null> {
  if (event.action === payment.providerStatus) return event.cause;
  const [latest] = await tx
    .select({ cause: sql<string | null>`${billingEvent.payload} ->> 'cause'` })
    .from(billingEvent)
    .where(and(eq(billingEvent.resourceId, payment.id), eq(billingEvent.action, payment.providerStatus)))
    .orderBy(desc(billingEvent.occurredAt))
    .limit(1);
  return latest?.cause ?? null;
}

export const paymentEvents: EventRules<ProviderPayment> = {
  read: (provider, event) => provider.getPayment(event.resourceId ?? ""),
  async apply(tx, event, payment, context): Promise<Applied> {
    const row = await paymentRowFor(tx, payment, context);
    if (!row) return { later: `payment ${payment.id} is not known yet` };
    const outcome = await applyProviderPayment(tx, row, payment, await causeOfState(tx, event, payment), context);
    // A first payment collected on a mandate already active has no checkout event to start the subscription.
    const subscribed = row.planId && !payment.subscriptionId ? await enqueueSubscription(tx, row.planId) : false;
    return { outcome: subscribed ? `${outcome}; subscription to be created` : outcome };
  },
};
