/**
 * Applying the provider's stored events (decisions 0134, 0135), exactly once: the job
 * reads the resource's current state from the provider first (no transaction open: a
 * provider call may take 30 s), then in one transaction locks the event's row, skips it
 * when already processed, applies it, and sets `processed_at` and `outcome`. Two runners
 * (two processes, a restart after a lost lease) meet on the row lock: the second finds it
 * processed. Each resource's rules are in their own file.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Db } from "~/db/client.server";
import { billingEvent } from "~/db/schema/billing";
import { GoCardlessApiError } from "~/lib/gocardless/api-error";
import { defineJob } from "~/lib/jobs.server";
import type { PaymentProvider, ProviderEvent } from "~/lib/payments/payment-provider";
import { getPaymentProvider } from "~/lib/payments/payment-provider.server";
import { todayIn } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { checkoutEvents } from "./events-checkout.server";
import { refundEvents } from "./events-refunds.server";
import type { Applied, EventContext, EventRules } from "./events-types";
import { mandateEvents } from "./mandate-events.server";
import { paymentEvents } from "./payment-events.server";
import { subscriptionEvents } from "./subscriptions.server";

/**
 * How many times an event about a resource we do not know yet (a payment whose checkout
 * has not been applied, a refund not yet saved) is tried before it is put down as not ours:
 * with the job store's doubling delays, about an hour and a quarter in all.
 */
export const EVENT_ATTEMPTS = 8;

const RULES: Partial<Record<ProviderEvent["resource"], EventRules<unknown>>> = {
  checkout: checkoutEvents as EventRules<unknown>,
  payment: paymentEvents as EventRules<unknown>,
  mandate: mandateEvents as EventRules<unknown>,
  subscription: subscriptionEvents as EventRules<unknown>,
  refund: refundEvents as EventRules<unknown>,
};

/** What became of one run of an event's job. */
export type ProcessResult = { status: "applied"; outcome: string } | { status: "already" } | { status: "later"; outcome: string };

/** A resource the provider no longer has (or never had under this token): nothing to read, nothing to apply. */
const isNotFound = (error: unknown) => error instanceof GoCardlessApiError && error.status === 404;

async function readState(rules: EventRules<unknown>, provider: PaymentProvider, event: ProviderEvent): Promise<{ state: unknown } | { missing: true }> {
  try {
    return { state: await rules.read(provider, event) };
  } catch (error) {
    if (isNotFound(error)) return { missing: true };
    throw error;
  }
}

/**
 * Processes one stored event. Throws when the provider cannot be reached (the job retries)
 * and when the event must wait for another one (its outcome says so), until EVENT_ATTEMPTS.
 */
export async function processBillingEvent(eventId: string, { now, attempt, provider = getPaymentProvider() }: { now: Date; attempt: number; provider?: PaymentProvider | null }): Promise<ProcessResult> {
  const db = getDb();
  const [stored] = await db.select().from(billingEvent).where(eq(billingEvent.id, eventId));
  if (!stored || stored.processedAt) return { status: "already" };
  if (!provider) throw new Error("Direct debit is off (no GOCARDLESS_ACCESS_TOKEN): the event waits until it is on again");
  const event = stored.payload as ProviderEvent;
  const rules = RULES[event.resource];
  const read = rules ? await readState(rules, provider, event) : null;
  const today = todayIn((await getSiteSettings()).timeZone, now);
  const context: EventContext = { now, today, attempt, lastAttempt: attempt >= EVENT_ATTEMPTS, eventId };
  const result = await db.transaction(async (tx): Promise<ProcessResult> => {
    const [locked] = await tx.select({ processedAt: billingEvent.processedAt }).from(billingEvent).where(eq(billingEvent.id, eventId)).for("update");
    if (!locked || locked.processedAt) return { status: "already" };
    const applied: Applied = !rules
      ? { outcome: `ignored: ${event.resource} events are not used` }
      : "missing" in read!
        ? { outcome: "ignored: the provider has no such resource" }
        : await rules.apply(tx as unknown as Db, event, read!.state, context);
    if ("later" in applied && !context.lastAttempt) {
      await tx.update(billingEvent).set({ outcome: `waiting (attempt ${attempt} of ${EVENT_ATTEMPTS}): ${applied.later}` }).where(eq(billingEvent.id, eventId));
      return { status: "later", outcome: applied.later };
    }
    const outcome = "later" in applied ? `ignored after ${attempt} attempts: ${applied.later}` : applied.outcome;
    await tx.update(billingEvent).set({ processedAt: now, outcome }).where(eq(billingEvent.id, eventId));
    return { status: "applied", outcome };
  });
  return result;
}

/** One job per stored event (webhook-intake.server.ts enqueues it with the event). */
export const processBillingEventJob = defineJob({
  kind: "billing.process-event",
  payload: z.object({ eventId: z.string() }),
  maxAttempts: EVENT_ATTEMPTS,
  run: async ({ eventId }, { now, attempt }) => {
    const result = await processBillingEvent(eventId, { now, attempt });
    // The job store retries it later, with a growing delay.
    if (result.status === "later") throw new Error(`Event ${eventId} waits: ${result.outcome}`);
  },
});
