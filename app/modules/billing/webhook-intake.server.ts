/**
 * The provider's webhook as it arrives (decision 0134): believed only under its signature,
 * each event stored once by its id in `billing_events` and its processing job enqueued in
 * the same transaction, then answered at once. The events are applied later, on the job
 * store (events.server.ts), so a slow or failing step never makes the provider wait or
 * send the batch again.
 */
import { getDb } from "~/db/client.server";
import { billingEvent } from "~/db/schema/billing";
import { enqueueJobs } from "~/lib/jobs.server";
import { getLogger } from "~/lib/logger.server";
import { getPaymentProvider } from "~/lib/payments/payment-provider.server";
import { isStaleEvent } from "./events-prune.server";
import { processBillingEventJob } from "./events.server";

/** Where GoCardless posts its webhooks (the address a coach gives in GoCardless's dashboard). */
export const GOCARDLESS_WEBHOOK_PATH = "/webhooks/gocardless";

/**
 * The largest body taken: GoCardless sends at most 250 events a webhook, each well under
 * 2 KB of ids and words, so 1 MB is four times the largest real batch.
 */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export const DIRECT_DEBIT_OFF = "Direct debit is not set up on this site.";
export const BAD_SIGNATURE = "The webhook signature is not valid.";
export const MALFORMED_WEBHOOK = "The webhook body is not a batch of events.";
export const BODY_TOO_LARGE = "The webhook body is too large.";

export interface WebhookAnswer {
  status: number;
  body: { message: string; received?: number; stored?: number };
}

/** The job key of an event's processing: one job per event, whatever the number of deliveries. */
export const EVENT_JOB_KEY_PREFIX = "billing-event:";
export const eventJobKey = (eventId: string) => `${EVENT_JOB_KEY_PREFIX}${eventId}`;

/**
 * Checks and stores one webhook. 404 when direct debit is off (no provider configured), 498
 * on a bad signature and 400 on a body that is no batch: nothing stored. Otherwise every
 * event not seen before is stored and its job enqueued, in one transaction: 200 with how
 * many were new (a replayed batch stores none). An event older than the inbox keeps its
 * events is not taken (events-prune.server.ts): it may have been applied and forgotten.
 */
export async function receiveProviderWebhook(rawBody: Buffer, headers: Headers): Promise<WebhookAnswer> {
  const provider = getPaymentProvider();
  if (!provider) return { status: 404, body: { message: DIRECT_DEBIT_OFF } };
  const check = provider.verifyWebhook(rawBody, headers);
  if (!check.ok) {
    getLogger().warn({ reason: check.reason, bytes: rawBody.byteLength }, "a payment webhook was refused");
    return { status: check.status, body: { message: check.reason === "bad_signature" ? BAD_SIGNATURE : MALFORMED_WEBHOOK } };
  }
  const now = new Date();
  const fresh = check.events.filter((event) => !isStaleEvent(new Date(event.occurredAt), now));
  if (fresh.length < check.events.length) getLogger().warn({ events: check.events.length - fresh.length }, "payment events older than the inbox keeps were not taken");
  const rows = fresh.map((event) => ({
    id: event.id,
    provider: provider.name,
    resource: event.resource,
    action: event.action,
    resourceId: event.resourceId,
    occurredAt: new Date(event.occurredAt),
    payload: event,
  }));
  const stored = rows.length
    ? await getDb().transaction(async (tx) => {
        const added = await tx.insert(billingEvent).values(rows).onConflictDoNothing({ target: billingEvent.id }).returning({ id: billingEvent.id });
        await enqueueJobs(
          tx,
          processBillingEventJob,
          added.map(({ id }) => ({ payload: { eventId: id }, key: eventJobKey(id) })),
        );
        return added.length;
      })
    : 0;
  getLogger().info({ received: check.events.length, stored }, "payment webhook received");
  return { status: 200, body: { message: "Received.", received: check.events.length, stored } };
}
