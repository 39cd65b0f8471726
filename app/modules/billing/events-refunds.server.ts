/**
 * A refund's events: its row (made by staff's refund, with the provider's id) becomes paid
 * or failed. The provider's word is final for a refund, so the event's action is applied
 * without a read; a refund not saved yet (its event came before the save) waits. A refund
 * that failed or bounced gives its amount back to the payment, and a pack's credits with
 * it (decision 0187).
 */
import { eq } from "drizzle-orm";
import { billingPayment, billingRefund } from "~/db/schema/billing";
import type { EventRules } from "./events-types";
import { matchCreditsToRefunds } from "./settlement.server";

const REFUND_STATES: Record<string, "paid" | "failed"> = { paid: "paid", failed: "failed", bounced: "failed" };

export const refundEvents: EventRules<null> = {
  read: () => Promise.resolve(null),
  async apply(tx, event, _state, { now }) {
    const status = REFUND_STATES[event.action];
    if (!status) return { outcome: `ignored: refund ${event.action}` };
    const [found] = await tx.select({ id: billingRefund.id, paymentId: billingRefund.paymentId }).from(billingRefund).where(eq(billingRefund.providerRefundId, event.resourceId ?? ""));
    if (!found) return { later: `refund ${event.resourceId} is not known yet` };
    // The payment's row, then the refund's: the order a refund being made takes them in.
    const [payment] = await tx.select().from(billingPayment).where(eq(billingPayment.id, found.paymentId)).for("update");
    const [row] = await tx.select().from(billingRefund).where(eq(billingRefund.id, found.id)).for("update");
    if (!row || !payment) return { outcome: "ignored: the refund's payment is gone" };
    if (row.status === status) return { outcome: `no change: ${status}` };
    // Paid is final: a bounce after it is news, a late 'paid' after a bounce is not.
    if (row.status === "failed") return { outcome: "no change: failed already" };
    await tx.update(billingRefund).set({ status, updatedAt: now }).where(eq(billingRefund.id, row.id));
    if (status === "failed") {
      await tx.update(billingPayment).set({ refundedMinor: Math.max(0, payment.refundedMinor - row.amountMinor), updatedAt: now }).where(eq(billingPayment.id, payment.id));
      await matchCreditsToRefunds(tx, payment.id, now);
    }
    return { outcome: `refund ${status}` };
  },
};
