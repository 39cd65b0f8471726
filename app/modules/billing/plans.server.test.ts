/**
 * Cancelling a plan and what the member's billing page shows (decision 0137), against the
 * GoCardless stand-in: the end of the paid period and the provider's subscription cancelled;
 * a never-paid plan ended at once; cancelling twice; one member never reaching another's.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { billingPayment, billingReceipt, memberPlan } from "~/db/schema/billing";
import { AppError } from "~/lib/app-error";
import { getPaymentProvider } from "~/lib/payments/payment-provider.server";
import type { GoCardlessStandIn } from "../../../tests/support/gocardless-stand-in/server";
import { checkoutReturnState, startCheckout } from "./checkout.server";
import { activeMandateFor, checkoutsOf, directDebitOn, grantsOf, newMember, plansOf, type Member } from "./checkout.test-support";
import { PAYMENTS_PER_PAGE } from "./member-billing";
import { getOwnBilling } from "./member-billing.server";
import { cancelOwnPlan, NO_PLAN } from "./plans.server";

let standIn: GoCardlessStandIn;

beforeAll(async () => {
  standIn = await directDebitOn();
});

afterAll(async () => {
  await standIn.stop();
});

/** A member on the weekly Online Coaching package, paid through 13 December, with its subscription at the provider (as settlement and the events processor leave it). */
async function paidMember(): Promise<{ member: Member; planId: string; subscriptionId: string }> {
  const member = await newMember();
  const mandateId = await activeMandateFor(standIn, member);
  await startCheckout(member, { productId: "prod_online_coaching" });
  const [plan] = await plansOf(member.id);
  const subscription = await getPaymentProvider()!.createSubscription({
    idempotencyKey: `subscription-${plan!.id}`,
    mandateId,
    amountMinor: 3500,
    currency: "GBP",
    name: "Online Coaching",
    interval: { unit: "weekly", count: 1 },
    startDate: "2026-12-14",
  });
  await getDb()
    .update(memberPlan)
    .set({ status: "active", startsOn: "2026-12-07", paidThrough: "2026-12-13", providerSubscriptionId: subscription.id })
    .where(eq(memberPlan.id, plan!.id));
  await getDb().update(billingPayment).set({ status: "confirmed", chargeDate: "2026-12-07" }).where(eq(billingPayment.planId, plan!.id));
  return { member, planId: plan!.id, subscriptionId: subscription.id };
}

const cancelCalls = (subscriptionId: string) => standIn.requests.filter((r) => r.path === `/subscriptions/${subscriptionId}/actions/cancel`);

describe("cancelling a package", () => {
  it("ends a paid package at the end of its paid period and cancels its subscription at the provider; a second cancel changes nothing", async () => {
    const { member, planId, subscriptionId } = await paidMember();
    const before = await getOwnBilling(member, { page: 1 });
    expect(before.package).toMatchObject({ name: "Online Coaching", price: "£35.00", period: "per week", statusText: "Active", next: { date: "Monday 14 December 2026", amount: "£35.00" } });
    expect(before.package?.cancelEnds).toBe("Sunday 13 December 2026");

    const done = await cancelOwnPlan(member);
    expect(done).toEqual({ planId, name: "Online Coaching", when: "end-of-period", endsOn: "2026-12-13", chargesStopped: true });
    expect((await plansOf(member.id))[0]).toMatchObject({ status: "active", endsOn: "2026-12-13", cancelRequestedAt: expect.any(Date) });
    expect(standIn.state.subscriptions.get(subscriptionId)?.status).toBe("cancelled");

    const again = await cancelOwnPlan(member);
    expect(again).toEqual(done);
    expect(cancelCalls(subscriptionId)).toHaveLength(1);

    const after = await getOwnBilling(member, { page: 1 });
    expect(after.package).toMatchObject({ status: "ending", statusText: "Ends on Sunday 13 December 2026", note: "Cancelled: ends on Sunday 13 December 2026.", next: null, cancelled: true });
  });

  it("ends a package never paid at once, with its checkout and a pack's pending credits", async () => {
    const member = await newMember();
    await startCheckout(member, { productId: "prod_online_coaching" });
    await startCheckout(member, { productId: "prod_pt_standard" });
    const pack = (await plansOf(member.id)).find((p) => p.kind === "pack")!;

    expect(await cancelOwnPlan(member)).toMatchObject({ name: "Online Coaching", when: "now", endsOn: null });
    expect(await cancelOwnPlan(member, { planId: pack.id })).toMatchObject({ name: "Standard", when: "now" });
    expect((await plansOf(member.id)).map((p) => p.status)).toEqual(["ended", "ended"]);
    expect((await checkoutsOf(member.id)).map((c) => c.status)).toEqual(["cancelled", "cancelled"]);
    expect((await grantsOf(member.id)).map((g) => g.status)).toEqual(["void"]);
    // Nothing left to cancel; and a new package may be chosen.
    await expect(cancelOwnPlan(member)).rejects.toThrow(NO_PLAN);
    expect((await startCheckout(member, { productId: "prod_personal_training" })).kind).toBe("redirect");
  });

  it("cancels the first payment waiting on the mandate when a never-paid package is cancelled", async () => {
    const member = await newMember();
    await activeMandateFor(standIn, member);
    await startCheckout(member, { productId: "prod_unlimited_access" });
    const [plan] = await plansOf(member.id);
    const [payment] = await getDb().select().from(billingPayment).where(eq(billingPayment.planId, plan!.id));
    expect(await cancelOwnPlan(member)).toMatchObject({ when: "now", chargesStopped: true });
    expect(standIn.state.payments.get(payment!.providerPaymentId!)?.status).toBe("cancelled");
  });
});

describe("one member's billing is theirs alone", () => {
  it("lets member B neither cancel nor read member A's plan, checkout or payments", async () => {
    const a = await newMember();
    const b = await newMember();
    const started = await startCheckout(a, { productId: "prod_online_coaching" });
    if (started.kind !== "redirect") throw new Error("expected the hosted page");
    const [plan] = await plansOf(a.id);

    const refused = await cancelOwnPlan(b, { planId: plan!.id }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect([(refused as AppError).status, (refused as AppError).message]).toEqual([404, NO_PLAN]);
    expect((await plansOf(a.id))[0]).toMatchObject({ status: "pending", cancelRequestedAt: null });

    expect(await checkoutReturnState(a, started.checkoutId)).toMatchObject({ state: "not-finished" });
    expect(await checkoutReturnState(b, started.checkoutId)).toBeNull();
    const page = await getOwnBilling(b, { page: 1 });
    expect([page.package, page.waitingPacks, page.payments.items, page.credits]).toEqual([null, [], [], []]);
    expect((await getOwnBilling(a, { page: 1 })).package).toMatchObject({ id: plan!.id, canContinue: true });
  });
});

describe("the payments list", () => {
  it("shows the latest payments a page at a time, with a receipt link where one was issued", async () => {
    const member = await newMember();
    const rows = Array.from({ length: PAYMENTS_PER_PAGE + 3 }, (_, i) => ({
      id: `${member.id}-pay-${i}`,
      memberId: member.id,
      description: `Week ${i + 1}`,
      amountMinor: 3500,
      currency: "GBP",
      method: "direct_debit" as const,
      status: "confirmed" as const,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 7 * 86_400_000),
    }));
    await getDb().insert(billingPayment).values(rows);
    await getDb().insert(billingReceipt).values({
      id: `${member.id}-receipt`,
      number: 900_000 + Math.floor(Math.random() * 99_999),
      paymentId: rows.at(-1)!.id,
      memberId: member.id,
      description: "Week 27",
      amountMinor: 3500,
      currency: "GBP",
      businessName: "Relentless",
      businessAddress: "1 High Street",
      paidOn: "2026-07-02",
    });
    const first = await getOwnBilling(member, { page: 1 });
    expect([first.payments.total, first.payments.pageCount, first.payments.items.length]).toEqual([PAYMENTS_PER_PAGE + 3, 2, PAYMENTS_PER_PAGE]);
    expect(first.payments.items[0]).toMatchObject({ description: `Week ${PAYMENTS_PER_PAGE + 3}`, amount: "£35.00", status: "Paid", receiptId: `${member.id}-receipt` });
    expect(first.payments.items[1]!.receiptId).toBeNull();
    const second = await getOwnBilling(member, { page: 9 });
    expect([second.payments.page, second.payments.items.map((p) => p.description)]).toEqual([2, ["Week 3", "Week 2", "Week 1"]]);
  });
});
