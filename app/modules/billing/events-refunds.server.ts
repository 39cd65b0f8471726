/**
 * A refund's events: its row (made by staff's refund, with the provider's id) becomes paid
 * or failed. The provider's word is final for a refund, so the event's action is applied
 * without a read; a refund not saved yet (its event came before the save) waits.
 */
import { eq } from "drizzle-orm";
import { billingRefund } from "~/db/schema/billing";
import type { EventRules } from "./events-types";

const REFUND_STATES: Record<string, "paid" | "failed"> = { paid: "paid", failed: "failed", bounced: "failed" };

export const refundEvents: EventRules<null> = {
  read: () => Promise.resolve(null),
  async apply(tx, event, _state, { now }) {
    const status = REFUND_STATES[event.action];
    if (!status) return { outcome: `ignored: refund ${event.action}` };
    const [row] = await tx.select().from(billingRefund).where(eq(billingRefund.providerRefundId, event.resourceId ?? "")).for("update");
    if (!row) return { later: `refund ${event.resourceId} is not known yet` };
    if (row.status === status) return { outcome: `no change: ${status}` };
    // Paid is final: a bounce after it is news, a late 'paid' after a bounce is not.
    if (row.status === "failed") return { outcome: "no change: failed already" };
    await tx.update(billingRefund).set({ status, updatedAt: now }).where(eq(billingRefund.id, row.id));
    return { outcome: `refund ${status}` };
  },
};
