/**
 * Events whose job gave up are tried again (decision 0176). An event's job makes
 * EVENT_ATTEMPTS attempts over about an hour and a quarter; a longer outage (GoCardless
 * not answering, direct debit turned off for a while) left the event unprocessed for good:
 * a payment never marked paid or failed. Each hour, once direct debit answers again, the
 * jobs of the events that arrived in the last week and are still unprocessed go back to
 * pending with their attempts anew. Past a week an event stays as it is, with its job's
 * last error, for a person to look at.
 */
import { and, gt, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { billingEvent } from "~/db/schema/billing";
import { job } from "~/db/schema/jobs";
import { defineRecurringJob, everyHour, reviveGivenUpJobs } from "~/lib/jobs.server";
import { getLogger } from "~/lib/logger.server";
import { getPaymentProvider } from "~/lib/payments/payment-provider.server";
import { processBillingEventJob } from "./events.server";
import { EVENT_JOB_KEY_PREFIX } from "./webhook-intake.server";

/** How long after its arrival an unprocessed event is still tried again. */
export const RETRY_EVENTS_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** Puts the given-up jobs of recent unprocessed events back to pending. Returns how many. */
export async function retryGivenUpEvents(now: Date): Promise<number> {
  if (!getPaymentProvider()) return 0;
  const keys = getDb()
    .select({ key: sql<string>`${EVENT_JOB_KEY_PREFIX} || ${billingEvent.id}` })
    .from(billingEvent)
    .where(and(isNull(billingEvent.processedAt), gt(billingEvent.receivedAt, new Date(now.getTime() - RETRY_EVENTS_FOR_MS))));
  const retried = await reviveGivenUpJobs(processBillingEventJob.kind, inArray(job.key, keys), now);
  if (retried > 0) getLogger().warn({ events: retried }, "payment events whose processing had given up are tried again");
  return retried;
}

export const retryEventsJob = defineRecurringJob({
  kind: "billing.retry-events",
  repeat: everyHour,
  maxAttempts: 1,
  run: async (_payload, { now }) => {
    await retryGivenUpEvents(now);
  },
});
