// @test-database any: one nightly delete and the intake's age check; the intake's concurrency runs on both databases in events-delivery.server.test.ts.
/**
 * The webhook inbox's window (decision 0186): applied events older than 90 days go, events
 * never applied stay, and an event older than the window is not taken again once its row
 * has gone (so a resent old webhook changes nothing).
 */
import { eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { billingEvent, billingPayment } from "~/db/schema/billing";
import { job } from "~/db/schema/jobs";
import { runDueJobs } from "~/jobs.server";
import { signWebhookBody } from "~/lib/gocardless/webhook.server";
import { isStaleEvent, KEEP_EVENTS_DAYS, pruneBillingEvents } from "./events-prune.server";
import { memberWithCheckout, SECRET, startEventsWorld, type EventsWorld } from "./events.test-support";
import { eventJobKey, receiveProviderWebhook } from "./webhook-intake.server";

let world: EventsWorld;

beforeAll(async () => {
  world = await startEventsWorld();
});

afterAll(() => world.stop());

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const send = (events: unknown[]) => {
  const body = Buffer.from(JSON.stringify({ events }));
  return receiveProviderWebhook(body, new Headers({ "Content-Type": "application/json", "Webhook-Signature": signWebhookBody(body, SECRET) }));
};

describe("the webhook inbox's window", () => {
  it("forgets applied events received more than 90 days ago, keeps newer ones and any never applied", async () => {
    const ada = await memberWithCheckout("Ada Pruned");
    await world.standIn.deliverPending();
    await runDueJobs();
    const rows = await getDb().select({ id: billingEvent.id }).from(billingEvent);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const [old, recent, unapplied] = rows.map((row) => row.id);
    await getDb().update(billingEvent).set({ receivedAt: daysAgo(KEEP_EVENTS_DAYS + 1) }).where(eq(billingEvent.id, old!));
    await getDb().update(billingEvent).set({ receivedAt: daysAgo(KEEP_EVENTS_DAYS - 1) }).where(eq(billingEvent.id, recent!));
    await getDb().update(billingEvent).set({ receivedAt: daysAgo(KEEP_EVENTS_DAYS + 30), processedAt: null }).where(eq(billingEvent.id, unapplied!));

    expect(await pruneBillingEvents(new Date())).toBe(1);
    const left = await getDb().select({ id: billingEvent.id }).from(billingEvent).where(inArray(billingEvent.id, [old!, recent!, unapplied!]));
    expect(left.map((row) => row.id).sort()).toEqual([recent!, unapplied!].sort());
    expect(await pruneBillingEvents(new Date())).toBe(0);
    expect(await getDb().select().from(billingPayment).where(eq(billingPayment.planId, ada.planId))).toHaveLength(1);
  });

  it("does not take again an event older than the window, whose row may have gone; a late first delivery within it is taken", async () => {
    const grace = await memberWithCheckout("Grace Resent");
    const events = world.standIn.pendingEvents();
    const created = events.find((event) => event.resource_type === "payments" && event.action === "created")!;
    expect(await send([created])).toMatchObject({ status: 200, body: { received: 1, stored: 1 } });
    await runDueJobs();
    const [payment] = await getDb().select().from(billingPayment).where(eq(billingPayment.planId, grace.planId));
    expect(payment).toMatchObject({ providerPaymentId: created.links.payment });

    // Months later: the applied event is forgotten, then GoCardless's dashboard resends the old webhook.
    const stale = { ...created, created_at: daysAgo(KEEP_EVENTS_DAYS + 1).toISOString() };
    await getDb().delete(billingEvent).where(eq(billingEvent.id, created.id));
    await getDb().delete(job).where(eq(job.key, eventJobKey(created.id)));
    expect(await send([stale])).toMatchObject({ status: 200, body: { received: 1, stored: 0 } });
    expect(await getDb().select().from(billingEvent).where(eq(billingEvent.id, created.id))).toEqual([]);
    expect(await getDb().select().from(job).where(eq(job.key, eventJobKey(created.id)))).toEqual([]);

    // Retried by GoCardless days after it happened, for the first time: inside the window, so taken.
    const late = { ...created, created_at: daysAgo(KEEP_EVENTS_DAYS - 1).toISOString() };
    expect(await send([late])).toMatchObject({ status: 200, body: { received: 1, stored: 1 } });
    await runDueJobs();
    expect(await getDb().select().from(billingPayment).where(eq(billingPayment.planId, grace.planId))).toHaveLength(1);
  });

  it("forgets years of events in batches, all of them", async () => {
    await getDb().execute(sql`
      insert into billing_events (id, provider, resource, action, resource_id, occurred_at, payload, received_at, processed_at, outcome)
      select 'EVOLD' || n, 'gocardless', 'payments', 'paid_out', 'PM' || n, now() - interval '2 years', '{}'::jsonb, now() - interval '2 years', now() - interval '2 years', 'paid out'
      from generate_series(1, 4001) as n`);
    expect(await pruneBillingEvents(new Date())).toBe(4001);
    expect(await getDb().select({ id: billingEvent.id }).from(billingEvent).where(like(billingEvent.id, "EVOLD%"))).toEqual([]);
  });

  it("puts the window's edge at 90 days before now", () => {
    const now = new Date("2026-12-07T12:00:00Z");
    expect(isStaleEvent(new Date("2026-09-08T11:59:59Z"), now)).toBe(true);
    expect(isStaleEvent(new Date("2026-09-08T12:00:00Z"), now)).toBe(false);
  });
});
