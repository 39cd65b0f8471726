// @test-database none: the provider against the GoCardless stand-in, no query here.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGoCardlessStandIn, type GoCardlessStandIn } from "../../../tests/support/gocardless-stand-in/server";
import { GoCardlessApiError } from "../gocardless/api-error";
import { signWebhookBody } from "../gocardless/webhook.server";
import { parseEnv } from "../env.server";
import type { PaymentProvider, WebhookCheck } from "./payment-provider";
import { goCardlessBaseUrl, hostedPageOrigins, paymentProviderFor } from "./payment-provider.server";

const TOKEN = "sandbox_provider_token_0123456789";
const SECRET = "provider-webhook-secret-0123";

let standIn: GoCardlessStandIn;
let provider: PaymentProvider;
let receiver: http.Server;
const checks: WebhookCheck[] = [];

/** The app's side of a webhook: the raw body and headers handed to the provider, 498 on a bad signature. */
function startReceiver(): Promise<string> {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = new Headers(Object.entries(request.headers).map(([name, value]) => [name, String(value)] as [string, string]));
      const check = provider.verifyWebhook(Buffer.concat(chunks), headers);
      checks.push(check);
      response.writeHead(check.ok ? 204 : check.status).end();
    });
  });
  return new Promise((resolve) => receiver.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}`)));
}

const payerForm = new URLSearchParams({
  given_name: "Grace",
  family_name: "Hopper",
  email: "grace@example.com",
  account_holder_name: "Grace Hopper",
  branch_code: "200000",
  account_number: "55779911",
});

beforeAll(async () => {
  const receiverUrl = await startReceiver();
  standIn = await startGoCardlessStandIn({ accessToken: TOKEN, webhookUrl: `${receiverUrl}/webhooks/gocardless`, webhookSecret: SECRET, webhookDelivery: "manual" });
  const env = parseEnv({ GOCARDLESS_ACCESS_TOKEN: TOKEN, GOCARDLESS_WEBHOOK_SECRET: SECRET, GOCARDLESS_API_URL: standIn.url });
  provider = paymentProviderFor(env)!;
});

afterAll(async () => {
  await standIn.stop();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

describe("the payment provider the configuration turns on", () => {
  it("is none without a GoCardless token: manual payments only", () => {
    expect(paymentProviderFor(parseEnv({}))).toBeNull();
    expect(provider.name).toBe("gocardless");
  });

  it("calls the sandbox by default, live when told, and a stand-in's address over either", () => {
    const on = { GOCARDLESS_ACCESS_TOKEN: TOKEN, GOCARDLESS_WEBHOOK_SECRET: SECRET };
    expect(goCardlessBaseUrl(parseEnv(on))).toBe("https://api-sandbox.gocardless.com");
    expect(goCardlessBaseUrl(parseEnv({ ...on, GOCARDLESS_ENVIRONMENT: "live" }))).toBe("https://api.gocardless.com");
    expect(goCardlessBaseUrl(parseEnv({ ...on, GOCARDLESS_ENVIRONMENT: "live", GOCARDLESS_API_URL: "http://127.0.0.1:3370" }))).toBe("http://127.0.0.1:3370");
  });

  it("lets members' forms lead to the hosted payment page of the configured environment only", () => {
    const on = { GOCARDLESS_ACCESS_TOKEN: TOKEN, GOCARDLESS_WEBHOOK_SECRET: SECRET };
    expect(hostedPageOrigins(parseEnv({}))).toEqual([]);
    expect(hostedPageOrigins(parseEnv(on))).toEqual(["https://pay-sandbox.gocardless.com"]);
    expect(hostedPageOrigins(parseEnv({ ...on, GOCARDLESS_ENVIRONMENT: "live" }))).toEqual(["https://pay.gocardless.com"]);
    expect(hostedPageOrigins(parseEnv({ ...on, GOCARDLESS_API_URL: "http://127.0.0.1:3370/" }))).toEqual(["http://127.0.0.1:3370"]);
  });
});

describe("direct debit through GoCardless", () => {
  it("takes a member from the hosted page to a mandate, a first payment, a subscription, a retry and a refund", async () => {
    const start = {
      idempotencyKey: "checkout-1",
      currency: "GBP",
      description: "Relentless membership",
      firstPayment: { amountMinor: 4500, description: "First month" },
      payer: { email: "grace@example.com", givenName: "Grace", familyName: "Hopper" },
      returnUrl: "https://coach.example/billing/return",
      metadata: { member: "42" },
    };
    const started = await provider.startMandateWithFirstPayment(start);
    expect(started.checkoutId).toMatch(/^BRQ/);
    expect(started.redirectUrl).toMatch(new RegExp(`^${standIn.url}/billing/static/flow\\?id=BRF`));
    // The same checkout started again (a double tap, a retry) is the same billing request, with a fresh link to it.
    const again = await provider.startMandateWithFirstPayment(start);
    expect(again.checkoutId).toBe(started.checkoutId);
    expect(standIn.state.billingRequests.size).toBe(1);
    expect([...standIn.state.billingRequestFlows.values()].map((flow) => flow.links.billing_request)).toEqual([started.checkoutId, started.checkoutId]);
    expect(await provider.getCheckout(started.checkoutId)).toMatchObject({ state: "pending", mandateId: null });

    const submitted = await fetch(started.redirectUrl, { method: "POST", body: payerForm, redirect: "manual" });
    expect(submitted.headers.get("location")).toBe("https://coach.example/billing/return");
    const checkout = await provider.getCheckout(started.checkoutId);
    expect(checkout).toMatchObject({ state: "completed", customerId: expect.stringMatching(/^CU/), mandateId: expect.stringMatching(/^MD/) });
    const mandateId = checkout.mandateId!;
    expect(await provider.getMandate(mandateId)).toEqual({ id: mandateId, state: "pending", providerStatus: "pending_submission" });
    standIn.runScenario("mandate_activated", mandateId);
    expect((await provider.getMandate(mandateId)).state).toBe("active");
    expect(await provider.getPayment(checkout.firstPaymentId!)).toMatchObject({ state: "pending", amountMinor: 4500, currency: "GBP", mandateId });

    const subscription = await provider.createSubscription({
      idempotencyKey: "subscription-1",
      mandateId,
      amountMinor: 3000,
      currency: "GBP",
      name: "Monthly membership",
      interval: { unit: "monthly", count: 1 },
      startDate: "2027-01-10",
    });
    expect(subscription).toMatchObject({ state: "active", amountMinor: 3000, mandateId });
    expect(subscription.upcomingChargeDates.slice(0, 2)).toEqual(["2027-01-10", "2027-02-10"]);

    standIn.runScenario("subscription_payment_due", subscription.id);
    const due = [...standIn.state.payments.values()].find((payment) => payment.links.subscription === subscription.id)!;
    standIn.runScenario("payment_failed", due.id);
    expect(await provider.getPayment(due.id)).toMatchObject({ state: "failed", subscriptionId: subscription.id });
    expect((await provider.retryPayment(due.id)).state).toBe("pending");
    standIn.runScenario("payment_paid_out", due.id);

    const refund = await provider.refund({ idempotencyKey: "refund-1", paymentId: due.id, amountMinor: 1000, totalRefundedMinor: 1000 });
    expect(refund).toMatchObject({ id: expect.stringMatching(/^RF/), paymentId: due.id, amountMinor: 1000 });
    // A second refund that believes nothing was refunded yet is refused by GoCardless's total check.
    const twice = await provider.refund({ idempotencyKey: "refund-2", paymentId: due.id, amountMinor: 1000, totalRefundedMinor: 1000 }).catch((error: unknown) => error);
    expect(twice).toBeInstanceOf(GoCardlessApiError);
    expect((twice as GoCardlessApiError).reason).toBe("total_amount_confirmation_invalid");
    expect((await provider.getPayment(due.id)).refundedMinor).toBe(1000);

    const extra = await provider.collectPayment({ idempotencyKey: "extra-1", mandateId, amountMinor: 1200, currency: "GBP", description: "Extra session" });
    expect(extra.state).toBe("pending");
    expect((await provider.cancelSubscription(subscription.id)).state).toBe("cancelled");
    expect((await provider.cancelMandate(mandateId)).state).toBe("cancelled");
    expect((await provider.getPayment(extra.id)).state).toBe("cancelled");
  });

  it("believes a webhook only under GoCardless's signature, and names its events in plain terms", async () => {
    const delivery = await standIn.deliverPending();
    expect(delivery?.status).toBe(204);
    const check = checks.at(-1)!;
    expect(check.ok).toBe(true);
    const events = check.ok ? check.events : [];
    expect(events.find((event) => event.resource === "checkout" && event.action === "fulfilled")).toMatchObject({
      resourceId: expect.stringMatching(/^BRQ/),
      metadata: { member: "42" },
    });
    expect(events.find((event) => event.resource === "mandate" && event.action === "active")).toMatchObject({ resourceId: expect.stringMatching(/^MD/) });
    expect(events.find((event) => event.resource === "payment" && event.action === "failed")).toMatchObject({
      cause: "insufficient_funds",
      links: { paymentId: expect.stringMatching(/^PM/), mandateId: expect.stringMatching(/^MD/) },
    });
    expect(events.find((event) => event.resource === "subscription" && event.action === "payment_created")).toBeDefined();
    expect(events.find((event) => event.resource === "refund")).toMatchObject({ action: "created", links: { paymentId: expect.any(String) } });

    const forged = await standIn.deliverEvents([events[0]!.id], "not-the-webhook-secret");
    expect(forged.status).toBe(498);
    expect(checks.at(-1)).toEqual({ ok: false, reason: "bad_signature", status: 498 });
  });

  it("refuses a signed body that is not GoCardless's events", () => {
    const body = JSON.stringify({ payments: [] });
    const headers = new Headers({ "Webhook-Signature": signWebhookBody(body, SECRET) });
    expect(provider.verifyWebhook(body, headers)).toEqual({ ok: false, reason: "malformed", status: 400 });
    expect(provider.verifyWebhook(body, new Headers())).toEqual({ ok: false, reason: "bad_signature", status: 498 });
  });
});
