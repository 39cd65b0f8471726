/**
 * A mandate's events (decision 0135): its row takes the provider's current state. A
 * mandate that ends (cancelled at the bank, failed, expired) under a plan still live means
 * nothing more can be collected: the member is e-mailed to set it up again, and 'Needs
 * attention' lists 'Mandate cancelled' while it stays so (attention-rules.server.ts).
 */
import { and, eq, ne } from "drizzle-orm";
import { billingMandate, memberPlan } from "~/db/schema/billing";
import { enqueueJob } from "~/lib/jobs.server";
import type { ProviderMandate } from "~/lib/payments/payment-provider";
import type { EventRules } from "./events-types";
import { mandateEndedMailJob } from "./failed-payment-mails.server";

export const ENDED_MANDATE_STATES = ["cancelled", "failed", "expired"] as const;
const ended = (state: string) => (ENDED_MANDATE_STATES as readonly string[]).includes(state);

export const mandateEvents: EventRules<ProviderMandate> = {
  read: (provider, event) => provider.getMandate(event.resourceId ?? ""),
  async apply(tx, _event, mandate, { now }) {
    const [row] = await tx.select().from(billingMandate).where(eq(billingMandate.providerMandateId, mandate.id)).for("update");
    // Made by its checkout's event, which reads the mandate's state then.
    if (!row) return { outcome: "ignored: mandate not recorded yet (its checkout records it)" };
    if (row.status === mandate.state) return { outcome: `no change: ${mandate.state}` };
    await tx.update(billingMandate).set({ status: mandate.state, updatedAt: now }).where(eq(billingMandate.id, row.id));
    if (!ended(mandate.state) || ended(row.status)) return { outcome: `mandate ${mandate.state}` };
    const live = await tx
      .select({ id: memberPlan.id })
      .from(memberPlan)
      .where(and(eq(memberPlan.mandateId, row.id), ne(memberPlan.status, "ended")))
      .limit(1);
    if (!live.length) return { outcome: `mandate ${mandate.state}: no live plan on it` };
    await enqueueJob(tx, mandateEndedMailJob, { mandateId: row.id }, { key: `billing-mandate-ended:${row.id}` });
    return { outcome: `mandate ${mandate.state}: the member is told to set it up again` };
  },
};
