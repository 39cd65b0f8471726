/**
 * A member's direct debit from the hosted page to a failed payment and back, as GoCardless
 * tells it (decisions 0134-0136): against the stand-in with the real client, its signed
 * webhooks through the intake, the events applied by the job store's runner.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { billingEvent, billingMandate, billingPayment, billingReceipt, billingCheckout, memberPlan } from "~/db/schema/billing";
import { job } from "~/db/schema/jobs";
import { runDueJobs } from "~/jobs.server";
import { memberAttention } from "~/modules/coaching/attention.server";
import { outboxMails } from "../../../tests/support/outbox";
import { processBillingEvent } from "./events.server";
import { periodOf } from "./periods";
import { NOT_FAILED, retryFailedPayment } from "./payment-events-retry.server";
import { memberWithCheckout, startEventsWorld, type EventsWorld, type StartedPlan } from "./events.test-support";

let world: EventsWorld;
let grace: StartedPlan;
const coach: SessionUser = { id: "coach-events", email: "coach@events.test", name: "Coach", role: "trainer", profileComplete: true, weightUnit: "kg" };

beforeAll(async () => {
  world = await startEventsWorld();
  grace = await memberWithCheckout("Grace Hopper");
});

afterAll(() => world.stop());

/** Sends every event not sent yet in one webhook, then runs the jobs it enqueued (and what they enqueue). */
async function deliverAndRun(): Promise<void> {
  await world.standIn.deliverPending();
  await runDueJobs();
}

const planOf = async (planId: string) => (await getDb().select().from(memberPlan).where(eq(memberPlan.id, planId)))[0]!;
const paymentsOf = (planId: string) => getDb().select().from(billingPayment).where(eq(billingPayment.planId, planId)).orderBy(billingPayment.periodStart);
const receiptsOf = async (paymentId: string) => (await getDb().select().from(billingReceipt).where(eq(billingReceipt.paymentId, paymentId))).length;
const eventCount = async () => (await getDb().select({ n: sql<number>`count(*)::int` }).from(billingEvent))[0]!.n;
const retryCalls = () => world.standIn.requests.filter((r) => r.method === "POST" && r.path.endsWith("/actions/retry")).length;

describe("a fulfilled checkout", () => {
  it("records the mandate, the first payment pending for the first period, and a subscription for the periods after it", async () => {
    await deliverAndRun();
    const [checkout] = await getDb().select().from(billingCheckout).where(eq(billingCheckout.id, grace.checkoutId));
    expect(checkout!.status).toBe("completed");
    const plan = await planOf(grace.planId);
    expect(plan.status).toBe("pending");
    const [mandate] = await getDb().select().from(billingMandate).where(eq(billingMandate.id, plan.mandateId!));
    expect(mandate).toMatchObject({ memberId: grace.memberId, status: "pending", providerMandateId: expect.stringMatching(/^MD/) });
    const [first] = await paymentsOf(grace.planId);
    const today = new Date().toISOString().slice(0, 10);
    const period = periodOf(plan, today, 0)!;
    expect(first).toMatchObject({ status: "pending", amountMinor: 3500, currency: "GBP", method: "direct_debit", periodStart: period.start, periodEnd: period.end });
    const subscription = world.standIn.state.subscriptions.get(plan.providerSubscriptionId!)!;
    expect(subscription).toMatchObject({ amount: 3500, currency: "GBP", interval_unit: "weekly", interval: 1, metadata: { plan: grace.planId } });
    const nextDay = new Date(`${period.end}T00:00:00Z`);
    nextDay.setUTCDate(nextDay.getUTCDate() + 1);
    expect(subscription.start_date).toBe(nextDay.toISOString().slice(0, 10));
    // Every event stored once and processed, each with what it did.
    const events = await getDb().select().from(billingEvent);
    expect(events.every((event) => event.processedAt && event.outcome)).toBe(true);
  });

  it("activates the plan only when GoCardless confirms the first payment, with one receipt however often it is told", async () => {
    const plan = await planOf(grace.planId);
    const [mandate] = await getDb().select().from(billingMandate).where(eq(billingMandate.id, plan.mandateId!));
    world.standIn.runScenario("mandate_activated", mandate!.providerMandateId);
    const [first] = await paymentsOf(grace.planId);
    world.standIn.runScenario("payment_confirmed", first!.providerPaymentId!);
    await deliverAndRun();
    expect(await planOf(grace.planId)).toMatchObject({ status: "active", paidThrough: first!.periodEnd });
    expect((await paymentsOf(grace.planId))[0]!.status).toBe("confirmed");
    expect((await getDb().select().from(billingMandate).where(eq(billingMandate.id, plan.mandateId!)))[0]!.status).toBe("active");
    expect(await receiptsOf(first!.id)).toBe(1);

    // The whole history again (a replay): stored already, so nothing is enqueued or changed.
    const before = await eventCount();
    const replay = await world.standIn.deliverEvents(world.standIn.state.events.map((event) => event.id));
    expect(replay.status).toBe(200);
    expect(world.answers.at(-1)!.body).toMatchObject({ received: world.standIn.state.events.length, stored: 0 });
    expect(await eventCount()).toBe(before);
    expect(await runDueJobs()).toEqual([]);
    expect(await receiptsOf(first!.id)).toBe(1);
  });

  it("changes nothing on a webhook with a bad signature: 498, nothing stored", async () => {
    const [first] = await paymentsOf(grace.planId);
    const before = await eventCount();
    const jobsBefore = (await getDb().select({ n: sql<number>`count(*)::int` }).from(job))[0]!.n;
    const forged = await world.standIn.deliverEvents([world.standIn.state.events.at(-1)!.id], "not-the-secret");
    expect(forged.status).toBe(498);
    expect(await eventCount()).toBe(before);
    expect((await getDb().select({ n: sql<number>`count(*)::int` }).from(job))[0]!.n).toBe(jobsBefore);
    expect((await paymentsOf(grace.planId))[0]!.status).toBe(first!.status);
  });
});

describe("the next payment", () => {
  let nextId: string;

  it("is made by the subscription's payment_created for the next period, pending", async () => {
    const plan = await planOf(grace.planId);
    world.standIn.runScenario("subscription_payment_due", plan.providerSubscriptionId!);
    await deliverAndRun();
    const payments = await paymentsOf(grace.planId);
    expect(payments).toHaveLength(2);
    const period = periodOf(plan, payments[0]!.periodStart!, 1)!;
    expect(payments[1]).toMatchObject({ status: "pending", periodStart: period.start, periodEnd: period.end, amountMinor: 3500 });
    nextId = payments[1]!.id;
  });

  it("failing puts the plan past due, e-mails the member and lists them under 'Payment failed' with 'Retry payment'", async () => {
    const [row] = await getDb().select().from(billingPayment).where(eq(billingPayment.id, nextId));
    const [submitted] = world.standIn.runScenario("payment_failed", row!.providerPaymentId!);
    // The batch's 'submitted' applied first: the payment is failed by then, and the bank's reason is the 'failed' event's.
    await world.standIn.deliverPending();
    expect(await processBillingEvent(submitted!.id, { now: new Date(), attempt: 1 })).toMatchObject({ outcome: "failed" });
    await runDueJobs();
    expect((await getDb().select().from(billingPayment).where(eq(billingPayment.id, nextId)))[0]!.status).toBe("failed");
    const plan = await planOf(grace.planId);
    expect(plan.status).toBe("past_due");
    expect(plan.unpaidSince).not.toBeNull();
    const mail = outboxMails().find((m) => m.includes(`To: ${grace.email}`) && m.includes("did not go through"));
    expect(mail).toContain("35.00");
    expect(mail).toContain("insufficient funds");
    expect(mail).toContain("http://localhost:3000/members/billing");
    expect(mail).toContain("text/html");
    const items = await memberAttention(coach, grace.memberId);
    expect(items.find((item) => item.reason === "payment_failed")).toMatchObject({ reason: "payment_failed", retryPaymentId: nextId });
  });

  it("is retried once however many taps, and a payment not failed cannot be retried (409)", async () => {
    const confirmed = (await paymentsOf(grace.planId))[0]!;
    await expect(retryFailedPayment(coach, confirmed.id)).rejects.toMatchObject({ status: 409, message: NOT_FAILED });
    const member: SessionUser = { ...coach, id: grace.memberId, role: "member" };
    await expect(retryFailedPayment(member, nextId)).rejects.toMatchObject({ status: 403 });
    const before = retryCalls();
    const taps = await Promise.all([retryFailedPayment(coach, nextId), retryFailedPayment(coach, nextId)]);
    expect(taps.map((tap) => tap.retried).sort()).toEqual([false, true]);
    expect(retryCalls()).toBe(before + 1);
    // Still failed until the bank says otherwise: listed, without the button.
    const item = (await memberAttention(coach, grace.memberId)).find((i) => i.reason === "payment_failed");
    expect(item?.retryPaymentId).toBeUndefined();
    expect(item?.detail).toContain("retried");
  });

  it("is cleared by GoCardless confirming the retried payment: the plan active again, the item gone", async () => {
    const [row] = await getDb().select().from(billingPayment).where(eq(billingPayment.id, nextId));
    world.standIn.runScenario("payment_confirmed", row!.providerPaymentId!);
    await deliverAndRun();
    expect((await getDb().select().from(billingPayment).where(eq(billingPayment.id, nextId)))[0]!.status).toBe("confirmed");
    expect(await planOf(grace.planId)).toMatchObject({ status: "active", unpaidSince: null, paidThrough: row!.periodEnd });
    expect((await memberAttention(coach, grace.memberId)).map((i) => i.reason)).not.toContain("payment_failed");
    expect(await receiptsOf(nextId)).toBe(1);
  });

  it("takes events out of order and late ones without moving back: paid out, confirmed, submitted", async () => {
    const plan = await planOf(grace.planId);
    world.standIn.runScenario("subscription_payment_due", plan.providerSubscriptionId!);
    await deliverAndRun();
    const third = (await paymentsOf(grace.planId))[2]!;
    const events = world.standIn.runScenario("payment_paid_out", third.providerPaymentId!);
    expect(events.map((event) => event.action)).toEqual(["submitted", "confirmed", "paid_out"]);
    for (const event of [...events].reverse()) {
      await world.standIn.deliverEvents([event.id]);
      await runDueJobs();
      expect((await getDb().select().from(billingPayment).where(eq(billingPayment.id, third.id)))[0]!.status).toBe("paid_out");
    }
    expect(await receiptsOf(third.id)).toBe(1);
    const outcomes = await getDb().select({ outcome: billingEvent.outcome }).from(billingEvent).where(eq(billingEvent.resourceId, third.providerPaymentId!));
    expect(outcomes.filter((o) => o.outcome?.startsWith("confirmed"))).toHaveLength(1);
  });
});

describe("a mandate cancelled at the bank", () => {
  it("is recorded, the member e-mailed to set it up again, and 'Mandate cancelled' listed", async () => {
    const plan = await planOf(grace.planId);
    const [mandate] = await getDb().select().from(billingMandate).where(eq(billingMandate.id, plan.mandateId!));
    world.standIn.runScenario("mandate_cancelled", mandate!.providerMandateId);
    await deliverAndRun();
    expect((await getDb().select().from(billingMandate).where(eq(billingMandate.id, mandate!.id)))[0]!.status).toBe("cancelled");
    const mails = outboxMails().filter((m) => m.includes(`To: ${grace.email}`) && m.includes("direct debit has stopped"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("http://localhost:3000/members/billing");
    expect((await memberAttention(coach, grace.memberId)).map((i) => i.reason)).toContain("mandate_cancelled");
    // A replay of the cancellation tells nobody twice.
    await world.standIn.deliverEvents(world.standIn.state.events.filter((e) => e.resource_type === "mandates").map((e) => e.id));
    await runDueJobs();
    expect(outboxMails().filter((m) => m.includes(`To: ${grace.email}`) && m.includes("direct debit has stopped"))).toHaveLength(1);
    const open = await getDb().select().from(billingEvent).where(and(sql`${billingEvent.processedAt} is null`));
    expect(open).toEqual([]);
  });
});
