/**
 * How long the webhook inbox keeps its events (decision 0186). `billing_events` stores
 * each event once by its id so a delivery seen twice is applied once; it grows by a few
 * rows a member a week (a weekly payment's created, submitted, confirmed and paid-out) and
 * nothing reads an event once it is applied but the next events of the same payment, days
 * later. Nightly, applied events received more than KEEP_EVENTS_DAYS ago go. Events never
 * applied stay, for a person to look at (events-retry.server.ts).
 *
 * Forgetting an event's id must not let it be applied a second time: the intake takes no
 * event that happened longer ago than the same window (`isStaleEvent`). An event is
 * received after it happened, so any event whose row has gone happened before the window
 * and is refused if it comes again (GoCardless retries a failed delivery for days, and a
 * person can resend an old webhook from its dashboard).
 */
import { and, inArray, isNotNull, lt } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { billingEvent } from "~/db/schema/billing";
import { defineRecurringJob, everyDayAt } from "~/lib/jobs.server";
import { getLogger } from "~/lib/logger.server";

export const KEEP_EVENTS_DAYS = 90;
const KEEP_EVENTS_MS = KEEP_EVENTS_DAYS * 24 * 60 * 60 * 1000;
/** Rows deleted a statement, so that the first night after years of events stays a run of short statements. */
const PRUNE_BATCH = 2000;

/** An event that happened before the inbox's window: its id may have been forgotten, so it is not taken. */
export function isStaleEvent(occurredAt: Date, now: Date): boolean {
  return occurredAt.getTime() < now.getTime() - KEEP_EVENTS_MS;
}

/** Deletes the applied events received before the window. Returns how many. */
export async function pruneBillingEvents(now: Date): Promise<number> {
  const db = getDb();
  const before = new Date(now.getTime() - KEEP_EVENTS_MS);
  let pruned = 0;
  for (;;) {
    const batch = db
      .select({ id: billingEvent.id })
      .from(billingEvent)
      .where(and(isNotNull(billingEvent.processedAt), lt(billingEvent.receivedAt, before)))
      .limit(PRUNE_BATCH);
    const deleted = await db.delete(billingEvent).where(inArray(billingEvent.id, batch)).returning({ id: billingEvent.id });
    pruned += deleted.length;
    if (deleted.length < PRUNE_BATCH) break;
  }
  if (pruned > 0) getLogger().info({ events: pruned, keptDays: KEEP_EVENTS_DAYS }, "old payment events pruned");
  return pruned;
}

export const pruneBillingEventsJob = defineRecurringJob({
  kind: "billing.prune-events",
  repeat: everyDayAt(3, 45),
  maxAttempts: 1,
  run: async (_payload, { now }) => {
    await pruneBillingEvents(now);
  },
});
