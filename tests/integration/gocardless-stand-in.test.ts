// @test-database none: the GoCardless stand-in over HTTP, no query here.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGoCardlessClient } from "../../app/lib/gocardless/client.server";
import { parseWebhookEvents, verifyWebhookSignature } from "../../app/lib/gocardless/webhook.server";
import { startGoCardlessStandIn, type GoCardlessStandIn } from "../support/gocardless-stand-in/server";

const TOKEN = "sandbox_stand_in_token_abcdefghij";
const SECRET = "webhook-secret-for-the-stand-in";

interface Received {
  signature: string | undefined;
  body: string;
  accepted: boolean;
}

let standIn: GoCardlessStandIn;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
let keys = 0;

const client = () => createGoCardlessClient({ accessToken: TOKEN, baseUrl: standIn.url, retryDelayMs: 1 });

/** Answers webhooks as the app's door will: 498 for a bad signature, 204 otherwise. */
function startReceiver(): Promise<void> {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      if (request.url !== "/webhooks/gocardless") {
        response.writeHead(200, { "Content-Type": "text/plain" }).end("back at the app");
        return;
      }
      const signature = request.headers["webhook-signature"] as string | undefined;
      const accepted = verifyWebhookSignature(body, SECRET, signature);
      received.push({ signature, body, accepted });
      response.writeHead(accepted ? 204 : 498).end();
    });
  });
  return new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
}

async function startFlow(redirectPath = "/billing/return") {
  const request = await client().createBillingRequest(
    { mandate_request: { currency: "GBP", description: "Relentless membership" }, payment_request: { amount: 4500, currency: "GBP", description: "First month" } },
    `stand-in-brq-${(keys += 1)}`,
  );
  const flow = await client().createBillingRequestFlow(
    {
      redirect_uri: `${receiverUrl}${redirectPath}`,
      exit_uri: `${receiverUrl}/billing/cancelled`,
      prefilled_customer: { given_name: "Ada", family_name: "Lovelace", email: "ada@example.com" },
      links: { billing_request: request.id },
    },
  );
  return { request, flow };
}

const payerForm = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    given_name: "Ada",
    family_name: "Lovelace",
    email: "ada@example.com",
    account_holder_name: "Ada Lovelace",
    branch_code: "200000",
    account_number: "55779911",
    ...overrides,
  });

const eventsOf = (delivery: Received) => parseWebhookEvents(delivery.body)!.map((event) => `${event.resource_type} ${event.action}`);

beforeAll(async () => {
  await startReceiver();
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  standIn = await startGoCardlessStandIn({ accessToken: TOKEN, webhookUrl: `${receiverUrl}/webhooks/gocardless`, webhookSecret: SECRET, webhookDelivery: "manual" });
});

afterAll(async () => {
  await standIn.stop();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

describe("the stand-in's hosted page", () => {
  it("shows the payer a plain form with the first payment, prefilled from the flow", async () => {
    const { flow } = await startFlow();
    const page = await fetch(flow.authorisation_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h1>Set up a Direct Debit</h1>");
    expect(html).toContain("First payment: GBP 45.00 for First month");
    expect(html).toContain('<label for="branch_code">Sort code</label>');
    expect(html).toContain('value="ada@example.com"');
    expect(html).toContain('<button type="submit">Set up Direct Debit</button>');
    expect(html).toContain(`<a href="${receiverUrl}/billing/cancelled">Cancel</a>`);
  });

  it("refuses a form without bank details and fulfils nothing", async () => {
    const { flow, request } = await startFlow();
    const answer = await fetch(flow.authorisation_url, { method: "POST", body: payerForm({ account_number: "12" }), redirect: "manual" });
    expect(answer.status).toBe(422);
    expect(await answer.text()).toContain("Account number must be 6 to 8 digits");
    expect((await client().getBillingRequest(request.id)).status).toBe("pending");
  });

  it("fulfils the billing request on submit and sends the payer back to the redirect_uri", async () => {
    const { flow, request } = await startFlow("/billing/return?checkout=1");
    const page = await (await fetch(flow.authorisation_url)).text();
    const action = /<form method="post" action="([^"]+)">/.exec(page)?.[1];
    expect(action).toBe(`/billing/static/flow?id=${flow.id}`);
    const answer = await fetch(new URL(action!.replace(/&amp;/g, "&"), flow.authorisation_url), { method: "POST", body: payerForm() });
    expect(answer.url).toBe(`${receiverUrl}/billing/return?checkout=1`);
    expect(await answer.text()).toBe("back at the app");

    const fulfilled = await client().getBillingRequest(request.id);
    expect(fulfilled.status).toBe("fulfilled");
    const mandate = await client().getMandate(fulfilled.links.mandate_request_mandate!);
    expect(mandate.status).toBe("pending_submission");
    const payment = await client().getPayment(fulfilled.links.payment_request_payment!);
    expect(payment).toMatchObject({ status: "pending_submission", amount: 4500, links: { mandate: mandate.id } });

    const again = await fetch(flow.authorisation_url, { method: "POST", body: payerForm(), redirect: "manual" });
    expect(again.status).toBe(409);
    expect([...standIn.state.mandates.values()].filter((each) => each.links.customer === fulfilled.links.customer)).toHaveLength(1);
  });
});

describe("the stand-in's webhooks and simulators", () => {
  it("sends a batch signed as GoCardless signs it, then replays and reorders on request", async () => {
    const { flow } = await startFlow();
    await fetch(flow.authorisation_url, { method: "POST", body: payerForm(), redirect: "manual" });
    const batch = await standIn.deliverPending();
    expect(batch?.status).toBe(204);
    const delivery = received.at(-1)!;
    expect(delivery.accepted).toBe(true);
    expect(eventsOf(delivery)).toEqual(
      expect.arrayContaining(["billing_requests created", "mandates created", "payments created", "billing_requests fulfilled"]),
    );
    expect(standIn.pendingEvents()).toEqual([]);

    const ids = batch!.eventIds;
    await standIn.deliverEvents(ids.slice(0, 1));
    expect(parseWebhookEvents(received.at(-1)!.body)!.map((event) => event.id)).toEqual(ids.slice(0, 1));
    await standIn.deliverEvents([...ids].reverse());
    expect(parseWebhookEvents(received.at(-1)!.body)!.map((event) => event.id)).toEqual([...ids].reverse());
  });

  it("is answered 498 when it signs with another secret", async () => {
    const event = standIn.state.events.at(-1)!;
    const delivery = await standIn.deliverEvents([event.id], "some-other-secret-entirely");
    expect(delivery.status).toBe(498);
    expect(received.at(-1)!.accepted).toBe(false);
  });

  it("runs scenario simulators over HTTP with the token, and sends what they caused", async () => {
    const { flow, request } = await startFlow();
    await fetch(flow.authorisation_url, { method: "POST", body: payerForm(), redirect: "manual" });
    const fulfilled = await client().getBillingRequest(request.id);
    const run = (simulator: string, resource: string, token = TOKEN) =>
      fetch(`${standIn.url}/scenario_simulators/${simulator}/actions/run`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "GoCardless-Version": "2015-07-06", "Content-Type": "application/json" },
        body: JSON.stringify({ data: { links: { resource } } }),
      });
    expect((await run("mandate_activated", fulfilled.links.mandate_request_mandate!, "wrong-token")).status).toBe(401);
    const early = await run("payment_confirmed", fulfilled.links.payment_request_payment!);
    expect(early.status).toBe(422);
    expect((await run("mandate_activated", fulfilled.links.mandate_request_mandate!)).status).toBe(200);
    expect((await run("payment_paid_out", fulfilled.links.payment_request_payment!)).status).toBe(200);
    expect((await run("no_such_simulator", fulfilled.links.payment_request_payment!)).status).toBe(404);
    await standIn.deliverPending();
    expect(eventsOf(received.at(-1)!)).toEqual(
      expect.arrayContaining(["mandates submitted", "mandates active", "payments submitted", "payments confirmed", "payments paid_out"]),
    );
  });

  it("makes a subscription's payments on its schedule when told they are due", async () => {
    const { flow, request } = await startFlow();
    await fetch(flow.authorisation_url, { method: "POST", body: payerForm(), redirect: "manual" });
    const mandateId = (await client().getBillingRequest(request.id)).links.mandate_request_mandate!;
    standIn.runScenario("mandate_activated", mandateId);
    const subscription = await client().createSubscription(
      { amount: 3000, currency: "GBP", interval_unit: "weekly", interval: 2, start_date: "2027-03-01", count: 2, links: { mandate: mandateId } },
      `stand-in-sb-${(keys += 1)}`,
    );
    standIn.runScenario("subscription_payment_due", subscription.id);
    standIn.runScenario("subscription_payment_due", subscription.id);
    const made = [...standIn.state.payments.values()].filter((payment) => payment.links.subscription === subscription.id);
    expect(made.map((payment) => payment.charge_date)).toEqual(["2027-03-01", "2027-03-15"]);
    expect((await client().getSubscription(subscription.id)).status).toBe("finished");
    expect(() => standIn.runScenario("subscription_payment_due", subscription.id)).toThrow("The subscription must be active");
  });

  it("sends each call's events on its own when delivery is automatic, and the test can wait for them", async () => {
    const automatic = await startGoCardlessStandIn({ accessToken: TOKEN, webhookUrl: `${receiverUrl}/webhooks/gocardless`, webhookSecret: SECRET });
    try {
      const before = received.length;
      await createGoCardlessClient({ accessToken: TOKEN, baseUrl: automatic.url }).createBillingRequest({ mandate_request: { currency: "GBP" } }, "automatic-1");
      await automatic.idle();
      expect(received.slice(before).map(eventsOf)).toEqual([["billing_requests created"]]);
    } finally {
      await automatic.stop();
    }
  });

  it("moves each resource as the reference's simulators say, cancelling what a dead mandate leaves", async () => {
    const fulfilledMandate = async () => {
      const { flow, request } = await startFlow();
      await fetch(flow.authorisation_url, { method: "POST", body: payerForm(), redirect: "manual" });
      const links = (await client().getBillingRequest(request.id)).links;
      return { mandateId: links.mandate_request_mandate!, paymentId: links.payment_request_payment! };
    };
    const status = async ({ mandateId, paymentId }: { mandateId: string; paymentId: string }) =>
      [(await client().getMandate(mandateId)).status, (await client().getPayment(paymentId)).status];

    const failing = await fulfilledMandate();
    standIn.runScenario("mandate_failed", failing.mandateId);
    expect(await status(failing)).toEqual(["failed", "cancelled"]);

    const submitted = await fulfilledMandate();
    standIn.runScenario("mandate_activated", submitted.mandateId);
    standIn.runScenario("payment_submitted", submitted.paymentId);
    expect(await status(submitted)).toEqual(["active", "submitted"]);

    const chargedBack = await fulfilledMandate();
    standIn.runScenario("mandate_activated", chargedBack.mandateId);
    standIn.runScenario("payment_charged_back", chargedBack.paymentId);
    expect(await status(chargedBack)).toEqual(["active", "charged_back"]);

    const refunded = await fulfilledMandate();
    standIn.runScenario("mandate_activated", refunded.mandateId);
    standIn.runScenario("payment_paid_out", refunded.paymentId);
    const paid = await client().createRefund({ amount: 500, total_amount_confirmation: 500, links: { payment: refunded.paymentId } }, `refund-${(keys += 1)}`);
    const bounced = await client().createRefund({ amount: 500, total_amount_confirmation: 1000, links: { payment: refunded.paymentId } }, `refund-${(keys += 1)}`);
    standIn.runScenario("refund_paid", paid.id);
    standIn.runScenario("refund_bounced", bounced.id);
    expect([standIn.state.refunds.get(paid.id)?.status, standIn.state.refunds.get(bounced.id)?.status]).toEqual(["paid", "bounced"]);

    const expired = await fulfilledMandate();
    standIn.runScenario("mandate_activated", expired.mandateId);
    standIn.runScenario("mandate_expired", expired.mandateId);
    expect(await status(expired)).toEqual(["expired", "cancelled"]);

    const cancelled = await fulfilledMandate();
    standIn.runScenario("mandate_cancelled", cancelled.mandateId);
    expect(await status(cancelled)).toEqual(["cancelled", "cancelled"]);
    expect(standIn.state.events.at(-2)).toMatchObject({ resource_type: "mandates", action: "cancelled", details: { origin: "bank", cause: "bank_account_closed" } });
  });

  it("lists its events and sends webhooks on request over HTTP, for a browser run in another process", async () => {
    await client().createBillingRequest({ mandate_request: { currency: "GBP" } }, `http-control-${(keys += 1)}`);
    const listed = (await (await fetch(`${standIn.url}/_stand_in/events`)).json()) as { events: { id: string }[] };
    expect(listed.events.map((event) => event.id)).toEqual(standIn.state.events.map((event) => event.id));

    const deliver = (body: object) => fetch(`${standIn.url}/_stand_in/webhooks/deliver`, { method: "POST", body: JSON.stringify(body) }).then((answer) => answer.json());
    const pending = standIn.pendingEvents().map((event) => event.id);
    expect(pending.length).toBeGreaterThan(0);
    expect(await deliver({})).toEqual({ event_ids: pending, status: 204 });
    expect(await deliver({})).toEqual({ event_ids: [], status: null });
    expect(await deliver({ event_ids: pending.slice(-1) })).toEqual({ event_ids: pending.slice(-1), status: 204 });
  });
});
