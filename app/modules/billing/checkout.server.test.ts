/**
 * Buying a product (decision 0137) against the GoCardless stand-in with the real client:
 * the pending plan with the product's terms, the checkout and the hosted page; a double tap;
 * a second package refused; a pack's pending credits; the first payment on an active
 * mandate; the provider unreachable; direct debit off.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { billingProduct, memberPlan } from "~/db/schema/billing";
import { AppError } from "~/lib/app-error";
import { todayIn } from "~/lib/time-zone";
import type { GoCardlessStandIn } from "../../../tests/support/gocardless-stand-in/server";
import { CHOOSE_PRODUCT, checkoutReturnState, PROVIDER_UNREACHABLE, startCheckout } from "./checkout.server";
import { activeMandateFor, checkoutsOf, completeHostedPage, directDebitOff, directDebitOn, grantsOf, newMember, paymentsOf, plansOf, pointAt } from "./checkout.test-support";
import { MAX_PENDING_PACKS, STAFF_BILLING, TOO_MANY_PENDING_PACKS } from "./plans.server";

let standIn: GoCardlessStandIn;

beforeAll(async () => {
  standIn = await directDebitOn();
});

afterAll(async () => {
  await standIn.stop();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => {
      expect(error).toBeInstanceOf(AppError);
      return { status: (error as AppError).status, message: (error as AppError).message };
    },
  );

describe("a member buying a package by direct debit", () => {
  it("makes a pending plan with the product's terms and a checkout, and sends them to the provider's page; coming back activates nothing", async () => {
    const member = await newMember();
    const answer = await startCheckout(member, { productId: "prod_online_coaching" });
    expect(answer.kind).toBe("redirect");
    if (answer.kind !== "redirect") return;
    expect(answer.url).toMatch(new RegExp(`^${standIn.url}/billing/static/flow\\?id=BRF`));

    const [plan] = await plansOf(member.id);
    expect(plan).toMatchObject({
      productId: "prod_online_coaching",
      name: "Online Coaching",
      kind: "subscription",
      priceMinor: 3500,
      currency: "GBP",
      intervalUnit: "week",
      intervalCount: 1,
      method: "direct_debit",
      status: "pending",
      paidThrough: null,
    });
    const [checkout] = await checkoutsOf(member.id);
    expect(checkout).toMatchObject({ id: answer.checkoutId, planId: plan!.id, status: "open", providerCheckoutId: expect.stringMatching(/^BRQ/), redirectUrl: answer.url });
    const request = standIn.state.billingRequests.get(checkout!.providerCheckoutId!)!;
    expect(request.payment_request).toMatchObject({ amount: 3500, currency: "GBP" });
    expect(request.metadata).toEqual({ plan: plan!.id, checkout: checkout!.id });
    expect(standIn.requests.find((r) => r.path === "/billing_requests")?.idempotencyKey).toBe(checkout!.id);

    // The payer finishes the page and comes back: the words say 'being set up', the plan stays pending.
    expect(await completeHostedPage(answer.url)).toBe(`http://localhost:3000/members/billing?checkout=${checkout!.id}`);
    expect(await checkoutReturnState(member, checkout!.id)).toEqual({ state: "completed", productId: "prod_online_coaching" });
    expect((await plansOf(member.id))[0]).toMatchObject({ status: "pending", paidThrough: null });
  });

  it("answers ten taps of 'Choose' with one pending plan, one checkout and the same page", async () => {
    const member = await newMember();
    const answers = await Promise.all(Array.from({ length: 10 }, () => startCheckout(member, { productId: "prod_unlimited_access" })));
    const urls = new Set(answers.map((a) => (a.kind === "redirect" ? a.url : a.kind)));
    expect(urls.size).toBe(1);
    expect(await plansOf(member.id)).toHaveLength(1);
    expect(await checkoutsOf(member.id)).toHaveLength(1);
    const planId = (await plansOf(member.id))[0]!.id;
    expect([...standIn.state.billingRequests.values()].filter((r) => r.metadata?.plan === planId)).toHaveLength(1);
  });

  it("refuses a second package with 409 while the first waits for payment, and lets a pack sit beside it with pending credits", async () => {
    const member = await newMember();
    await startCheckout(member, { productId: "prod_online_coaching" });
    const second = await refusal(startCheckout(member, { productId: "prod_personal_training" }));
    expect(second).toEqual({ status: 409, message: "Your Online Coaching package is waiting for its first payment. Finish setting it up, or cancel it to choose another." });
    expect(await plansOf(member.id)).toHaveLength(1);

    const before = Date.now();
    const pack = await startCheckout(member, { productId: "prod_pt_starter" });
    expect(pack.kind).toBe("redirect");
    const packPlan = (await plansOf(member.id)).find((p) => p.kind === "pack")!;
    expect(packPlan).toMatchObject({ status: "pending", priceMinor: 30000 });
    const [grant] = await grantsOf(member.id);
    expect(grant).toMatchObject({ planId: packPlan.id, paymentId: null, kind: "session", total: 4, status: "pending", name: "Starter" });
    const days = (grant!.expiresAt.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(89.99);
    expect(days).toBeLessThan(90.01);
  });

  it("refuses a second package that is live, naming it", async () => {
    const member = await newMember();
    await startCheckout(member, { productId: "prod_online_coaching" });
    const [plan] = await plansOf(member.id);
    await getDb().update(memberPlan).set({ status: "active", startsOn: "2026-12-01", paidThrough: "2026-12-07" }).where(eq(memberPlan.id, plan!.id));
    const second = await refusal(startCheckout(member, { productId: "prod_nutrition_monthly" }));
    expect(second?.status).toBe(409);
    expect(second?.message).toContain("You already have the Online Coaching package.");
  });

  it("limits the packs waiting for payment", async () => {
    const member = await newMember();
    const packs = ["prod_pt_starter", "prod_pt_standard", "prod_pt_premium", "prod_nutrition_consultation"];
    for (const productId of packs) await startCheckout(member, { productId });
    await getDb().insert(billingProduct).values({ id: `prod_extra_${member.id}`, name: "Class pack", kind: "pack", priceMinor: 5000, credits: 5, creditKind: "class", creditValidDays: 60 });
    await startCheckout(member, { productId: `prod_extra_${member.id}` });
    await getDb().insert(billingProduct).values({ id: `prod_more_${member.id}`, name: "Class pack 10", kind: "pack", priceMinor: 9000, credits: 10, creditKind: "class", creditValidDays: 60 });
    expect(await refusal(startCheckout(member, { productId: `prod_more_${member.id}` }))).toEqual({ status: 409, message: TOO_MANY_PENDING_PACKS });
    expect(await plansOf(member.id)).toHaveLength(MAX_PENDING_PACKS);
  });

  it("collects the first payment on the member's active mandate, without a hosted page, once however often they tap", async () => {
    const member = await newMember();
    const mandateId = await activeMandateFor(standIn, member);
    const answers = await Promise.all([1, 2, 3].map(() => startCheckout(member, { productId: "prod_personal_training" })));
    expect(answers.map((a) => a.kind)).toEqual(["collected", "collected", "collected"]);
    const [plan] = await plansOf(member.id);
    expect(plan).toMatchObject({ status: "pending", mandateId: expect.any(String) });
    expect(await checkoutsOf(member.id)).toEqual([]);
    const payments = await paymentsOf(member.id);
    expect(payments).toHaveLength(1);
    const today = todayIn("Europe/London");
    expect(payments[0]).toMatchObject({ planId: plan!.id, amountMinor: 6000, status: "pending", method: "direct_debit", providerPaymentId: expect.stringMatching(/^PM/), periodStart: today });
    const atProvider = standIn.state.payments.get(payments[0]!.providerPaymentId!)!;
    expect(atProvider).toMatchObject({ amount: 6000, links: { mandate: mandateId }, metadata: { plan: plan!.id } });
    // Taps that met before the answer came each asked with the plan's key: the provider made one payment.
    expect([...standIn.state.payments.values()].filter((p) => p.metadata?.plan === plan!.id)).toHaveLength(1);
    expect(new Set(standIn.requests.filter((r) => r.path === "/payments").map((r) => r.idempotencyKey)).has(`plan-${plan!.id}`)).toBe(true);
  });
});

describe("when buying cannot go ahead", () => {
  it("tells the member the provider could not be reached, keeps their choice, and 'Continue' makes the same billing request", async () => {
    const member = await newMember();
    pointAt("http://127.0.0.1:9");
    try {
      expect(await refusal(startCheckout(member, { productId: "prod_online_coaching" }))).toEqual({ status: 503, message: PROVIDER_UNREACHABLE });
    } finally {
      pointAt(standIn.url);
    }
    const [plan] = await plansOf(member.id);
    const [checkout] = await checkoutsOf(member.id);
    expect(plan).toMatchObject({ status: "pending" });
    expect(checkout).toMatchObject({ status: "open", providerCheckoutId: null, redirectUrl: null });

    // The provider refuses a page once (503 three times: the client's two retries used up), then answers.
    standIn.failNext("unavailable", "unavailable", "unavailable");
    expect(await refusal(startCheckout(member, { productId: "prod_online_coaching" }))).toEqual({ status: 503, message: PROVIDER_UNREACHABLE });
    const again = await startCheckout(member, { productId: "prod_online_coaching" });
    expect(again.kind).toBe("redirect");
    expect(await plansOf(member.id)).toHaveLength(1);
    expect(await checkoutsOf(member.id)).toMatchObject([{ id: checkout!.id, providerCheckoutId: expect.stringMatching(/^BRQ/) }]);
  });

  it("with direct debit off makes a pending plan for the coach to take in person, and a second tap the same one", async () => {
    const member = await newMember();
    directDebitOff();
    try {
      const first = await startCheckout(member, { productId: "prod_online_coaching" });
      const second = await startCheckout(member, { productId: "prod_online_coaching" });
      expect(first).toEqual({ kind: "manual", planId: expect.any(String), name: "Online Coaching" });
      expect(second).toEqual(first);
    } finally {
      pointAt(standIn.url);
    }
    expect(await plansOf(member.id)).toMatchObject([{ method: "manual", status: "pending" }]);
    expect(await checkoutsOf(member.id)).toEqual([]);
  });

  it("refuses staff (403) and an unknown, archived or missing product (400), making nothing", async () => {
    const trainer = await newMember("trainer");
    expect(await refusal(startCheckout(trainer, { productId: "prod_online_coaching" }))).toEqual({ status: 403, message: STAFF_BILLING });
    const member = await newMember();
    await getDb().insert(billingProduct).values({ id: `prod_old_${member.id}`, name: "Old", kind: "subscription", priceMinor: 1000, intervalUnit: "week", intervalCount: 1, archivedAt: new Date() });
    for (const productId of ["prod_nope", `prod_old_${member.id}`]) {
      expect(await refusal(startCheckout(member, { productId }))).toEqual({ status: 400, message: CHOOSE_PRODUCT });
    }
    await expect(startCheckout(member, {})).rejects.toThrow(CHOOSE_PRODUCT);
    expect(await plansOf(member.id)).toEqual([]);
    expect(await plansOf(trainer.id)).toEqual([]);
  });
});
