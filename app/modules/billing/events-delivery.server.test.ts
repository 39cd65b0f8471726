/**
 * How events arrive (decisions 0134, 0135): out of order (a payment's event before its
 * checkout's), about a payment that is not ours, to two runners at once, and 250 in one
 * batch; and the intake when direct debit is off.
 */
import crypto from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { billingEvent, billingMandate, billingPayment, billingReceipt, memberPlan } from "~/db/schema/billing";
import { job } from "~/db/schema/jobs";
import { runDueJobs } from "~/jobs.server";
import { resetEnv } from "~/lib/env.server";
import { getPaymentProvider } from "~/lib/payments/payment-provider.server";
import { EVENT_ATTEMPTS, processBillingEvent } from "./events.server";
import { RETRY_EVENTS_FOR_MS, retryGivenUpEvents } from "./events-retry.server";
import { signWebhookBody } from "~/lib/gocardless/webhook.server";
import { memberWithCheckout, SECRET, startEventsWorld, TOKEN, type EventsWorld } from "./events.test-support";
import { DIRECT_DEBIT_OFF, eventJobKey, receiveProviderWebhook } from "./webhook-intake.server";

let world: EventsWorld;

beforeAll(async () => {
  world = await startEventsWorld();
});

afterAll(() => world.stop());

const eventsOf = (type: string, action: string) => world.standIn.state.events.filter((e) => e.resource_type === type && e.action === action);
const rowOf = async (id: string) => (await getDb().select().from(billingEvent).where(eq(billingEvent.id, id)))[0]!;

describe("events out of order", () => {
  it("makes the first payment from its own event's plan when it comes before the checkout's, and once", async () => {
    const ada = await memberWithCheckout("Ada Lovelace");
    const created = eventsOf("payments", "created").at(-1)!;
    await world.standIn.deliverEvents([created.id]);
    await runDueJobs();
    const [payment] = await getDb().select().from(billingPayment).where(eq(billingPayment.planId, ada.planId));
    expect(payment).toMatchObject({ status: "pending", providerPaymentId: created.links.payment, amountMinor: 3500 });
    await world.standIn.deliverPending();
    await runDueJobs();
    const payments = await getDb().select().from(billingPayment).where(eq(billingPayment.planId, ada.planId));
    expect(payments.map((p) => p.id)).toEqual([payment!.id]);
    expect((await getDb().select().from(memberPlan).where(eq(memberPlan.id, ada.planId)))[0]!.mandateId).not.toBeNull();
  });

  it("waits for a payment it does not know, a bounded number of times, then puts it down as not ours", async () => {
    const [mandate] = await getDb().select().from(billingMandate).limit(1);
    world.standIn.runScenario("mandate_activated", mandate!.providerMandateId);
    const stranger = await getPaymentProvider()!.collectPayment({ idempotencyKey: "not-ours-1", mandateId: mandate!.providerMandateId, amountMinor: 1200, currency: "GBP", description: "Made elsewhere" });
    await world.standIn.deliverPending();
    const event = world.standIn.state.events.find((e) => e.links.payment === stranger.id)!;
    expect(await processBillingEvent(event.id, { now: new Date(), attempt: 1 })).toMatchObject({ status: "later" });
    expect(await rowOf(event.id)).toMatchObject({ processedAt: null, outcome: expect.stringContaining(`attempt 1 of ${EVENT_ATTEMPTS}`) });
    expect(await processBillingEvent(event.id, { now: new Date(), attempt: EVENT_ATTEMPTS })).toMatchObject({ status: "applied", outcome: expect.stringContaining("ignored after") });
    expect((await rowOf(event.id)).processedAt).not.toBeNull();
    expect(await getDb().select().from(billingPayment).where(eq(billingPayment.providerPaymentId, stranger.id))).toEqual([]);
  });
});

describe("one webhook, two server processes at once", () => {
  it("is stored once and applied once when GoCardless's delivery and its retry reach two processes at the same moment", async () => {
    const grace = await memberWithCheckout("Grace Twice");
    const events = world.standIn.pendingEvents();
    const body = Buffer.from(JSON.stringify({ events }));
    const headers = new Headers({ "Content-Type": "application/json", "Webhook-Signature": signWebhookBody(body, SECRET) });
    // Each intake and each runner on its own connection (on PostgreSQL), as two processes behind a balancer.
    const answers = await Promise.all([receiveProviderWebhook(body, headers), receiveProviderWebhook(body, headers)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const stored = answers.map((a) => (a.body as { stored: number }).stored);
    expect(stored.reduce((sum, n) => sum + n, 0)).toBe(events.length);
    await Promise.all([runDueJobs(), runDueJobs()]);
    expect(await getDb().select().from(billingPayment).where(eq(billingPayment.planId, grace.planId))).toHaveLength(1);
    const rows = await getDb().select().from(billingEvent).where(inArray(billingEvent.id, events.map((e) => e.id)));
    expect(rows).toHaveLength(events.length);
    expect(rows.every((row) => row.processedAt !== null)).toBe(true);
  });
});

describe("a first payment collected on a mandate already active", () => {
  it("takes the row made before the provider call when its event comes before the provider's id is saved", async () => {
    // The mandate activated above, applied.
    await runDueJobs();
    const [mandate] = await getDb().select().from(billingMandate).where(eq(billingMandate.status, "active")).limit(1);
    const planId = `plan-pack-${crypto.randomUUID()}`;
    await getDb().insert(memberPlan).values({ id: planId, memberId: mandate!.memberId, name: "PT Starter", kind: "pack", priceMinor: 24000, currency: "GBP", method: "direct_debit", mandateId: mandate!.id });
    const rowId = crypto.randomUUID();
    await getDb().insert(billingPayment).values({ id: rowId, memberId: mandate!.memberId, planId, description: "PT Starter: first payment", amountMinor: 24000, currency: "GBP", method: "direct_debit", status: "pending" });
    const collected = await getPaymentProvider()!.collectPayment({ idempotencyKey: `plan-${planId}`, mandateId: mandate!.providerMandateId, amountMinor: 24000, currency: "GBP", description: "PT Starter", metadata: { plan: planId } });
    await world.standIn.deliverPending();
    await runDueJobs();
    const rows = await getDb().select().from(billingPayment).where(eq(billingPayment.planId, planId));
    expect(rows.map((r) => [r.id, r.providerPaymentId])).toEqual([[rowId, collected.id]]);
  });
});

describe("one event, two runners at once", () => {
  it("is applied once: the second finds it processed under the row lock", async () => {
    const linus = await memberWithCheckout("Linus Runner");
    await world.standIn.deliverPending();
    await runDueJobs();
    const [payment] = await getDb().select().from(billingPayment).where(eq(billingPayment.planId, linus.planId));
    const [mandate] = await getDb().select().from(billingMandate).where(eq(billingMandate.memberId, linus.memberId));
    world.standIn.runScenario("mandate_activated", mandate!.providerMandateId);
    const [, confirmed] = world.standIn.runScenario("payment_confirmed", payment!.providerPaymentId!);
    await world.standIn.deliverEvents([confirmed!.id]);
    const both = await Promise.all([processBillingEvent(confirmed!.id, { now: new Date(), attempt: 1 }), processBillingEvent(confirmed!.id, { now: new Date(), attempt: 1 })]);
    expect(both.map((r) => r.status).sort()).toEqual(["already", "applied"]);
    expect(await getDb().select().from(billingReceipt).where(eq(billingReceipt.paymentId, payment!.id))).toHaveLength(1);
    expect((await getDb().select().from(memberPlan).where(eq(memberPlan.id, linus.planId)))[0]!.status).toBe("active");
    // Its job, when it runs, finds nothing left to do.
    await runDueJobs();
    expect(await getDb().select().from(billingReceipt).where(eq(billingReceipt.paymentId, payment!.id))).toHaveLength(1);
  });
});

describe("a batch of 250 events", () => {
  it("is stored in one answer with a job each, and processed into 125 payments of successive weeks", async () => {
    const [plan] = await getDb().select().from(memberPlan).where(sql`${memberPlan.providerSubscriptionId} is not null and ${memberPlan.status} = 'active'`).limit(1);
    await world.standIn.deliverPending();
    await runDueJobs();
    const before = (await getDb().select().from(billingPayment).where(eq(billingPayment.planId, plan!.id))).length;
    const ids = Array.from({ length: 125 }, () => world.standIn.runScenario("subscription_payment_due", plan!.providerSubscriptionId!).map((e) => e.id)).flat();
    expect(ids).toHaveLength(250);
    const started = performance.now();
    const delivery = await world.standIn.deliverEvents(ids);
    const stored = performance.now();
    expect(delivery.status).toBe(200);
    expect(world.answers.at(-1)!.body).toMatchObject({ received: 250, stored: 250 });
    const queued = await getDb().select({ n: sql<number>`count(*)::int` }).from(job).where(inArray(job.key, ids.map(eventJobKey)));
    expect(queued[0]!.n).toBe(250);
    await runDueJobs();
    const processed = performance.now();
    console.info(`250 events: stored and answered in ${Math.round(stored - started)} ms, processed in ${Math.round(processed - stored)} ms`);
    const payments = await getDb().select().from(billingPayment).where(eq(billingPayment.planId, plan!.id)).orderBy(billingPayment.periodStart);
    expect(payments).toHaveLength(before + 125);
    // Each week once: no two payments pay for the same period.
    expect(new Set(payments.map((p) => p.periodStart)).size).toBe(payments.length);
    expect(await getDb().select().from(billingEvent).where(sql`${billingEvent.processedAt} is null`)).toEqual([]);
  }, 120_000);
});

describe("an outage longer than an event's attempts", () => {
  const directDebit = (on: boolean) => {
    if (on) process.env.GOCARDLESS_ACCESS_TOKEN = TOKEN;
    else delete process.env.GOCARDLESS_ACCESS_TOKEN;
    resetEnv();
  };
  const jobOf = async (eventId: string) => (await getDb().select().from(job).where(eq(job.key, eventJobKey(eventId))))[0]!;

  /** Runs the event's job through all its attempts while direct debit is off: each fails, the last for good. */
  const giveUp = async (eventId: string, from: Date) => {
    directDebit(false);
    try {
      for (let i = 1; i <= EVENT_ATTEMPTS; i += 1) await runDueJobs({ now: new Date(from.getTime() + i * 3_600_000) });
    } finally {
      directDebit(true);
    }
    expect(await jobOf(eventId)).toMatchObject({ status: "failed", attempts: EVENT_ATTEMPTS });
    expect((await rowOf(eventId)).processedAt).toBeNull();
  };

  it("tries an event whose job gave up again once direct debit answers, and applies it once", async () => {
    const cleo = await memberWithCheckout("Cleo Outage");
    const created = eventsOf("payments", "created").at(-1)!;
    await world.standIn.deliverEvents([created.id]);
    const arrived = (await rowOf(created.id)).receivedAt;
    await giveUp(created.id, arrived);

    // Still off: nothing is tried.
    directDebit(false);
    try {
      expect(await retryGivenUpEvents(new Date(arrived.getTime() + 10 * 3_600_000))).toBe(0);
    } finally {
      directDebit(true);
    }
    expect((await jobOf(created.id)).status).toBe("failed");

    const later = new Date(arrived.getTime() + 11 * 3_600_000);
    expect(await retryGivenUpEvents(later)).toBe(1);
    expect(await jobOf(created.id)).toMatchObject({ status: "pending", attempts: 0 });
    await runDueJobs({ now: later });
    expect((await rowOf(created.id)).processedAt).not.toBeNull();
    const payments = await getDb().select().from(billingPayment).where(eq(billingPayment.planId, cleo.planId));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: "pending", providerPaymentId: created.links.payment });
    // Processed: the next hour's sweep leaves it alone.
    expect(await retryGivenUpEvents(new Date(later.getTime() + 3_600_000))).toBe(0);
  });

  it("leaves an event that arrived more than a week ago as it is", async () => {
    await memberWithCheckout("Dov Outage");
    const created = eventsOf("payments", "created").at(-1)!;
    await world.standIn.deliverEvents([created.id]);
    const arrived = (await rowOf(created.id)).receivedAt;
    await giveUp(created.id, arrived);
    expect(await retryGivenUpEvents(new Date(arrived.getTime() + RETRY_EVENTS_FOR_MS + 1))).toBe(0);
    expect((await jobOf(created.id)).status).toBe("failed");
    expect(await retryGivenUpEvents(new Date(arrived.getTime() + RETRY_EVENTS_FOR_MS - 60_000))).toBe(1);
  });
});

describe("the intake when direct debit is off", () => {
  it("answers 404 and stores nothing", async () => {
    const saved = process.env.GOCARDLESS_ACCESS_TOKEN;
    delete process.env.GOCARDLESS_ACCESS_TOKEN;
    resetEnv();
    try {
      const last = world.standIn.state.events.at(-1)!;
      const answer = await receiveProviderWebhook(Buffer.from(JSON.stringify({ events: [{ ...last, id: "EVOFF" }] })), new Headers());
      expect(answer).toEqual({ status: 404, body: { message: DIRECT_DEBIT_OFF } });
      expect(await getDb().select().from(billingEvent).where(eq(billingEvent.id, "EVOFF"))).toEqual([]);
    } finally {
      process.env.GOCARDLESS_ACCESS_TOKEN = saved;
      resetEnv();
    }
  });
});
