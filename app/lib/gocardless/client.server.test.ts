// @test-database none: the client against the GoCardless stand-in, no query here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGoCardlessStandIn, type GoCardlessStandIn } from "../../../tests/support/gocardless-stand-in/server";
import { resetEnv } from "../env.server";
import { getLogger, setLogDestination } from "../logger.server";
import { GoCardlessApiError } from "./api-error";
import { createGoCardlessClient, GOCARDLESS_API_VERSION, type GoCardlessClient } from "./client.server";

const TOKEN = "sandbox_stand_in_token_0123456789";

let standIn: GoCardlessStandIn;
let client: GoCardlessClient;
let keyCount = 0;
const key = (label: string) => `test-${label}-${(keyCount += 1)}`;

/** Runs the call and returns the typed error it must throw. */
async function apiError(call: Promise<unknown>): Promise<GoCardlessApiError> {
  const outcome = await call.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(GoCardlessApiError);
  return outcome as GoCardlessApiError;
}

/** A fulfilled billing request: an active mandate with its first payment, made through the hosted page. */
async function activeMandate(): Promise<{ mandateId: string; paymentId: string }> {
  const request = await client.createBillingRequest(
    { mandate_request: { currency: "GBP" }, payment_request: { amount: 4500, currency: "GBP", description: "Joining" }, fallback_enabled: true },
    key("brq"),
  );
  const flow = await client.createBillingRequestFlow({ redirect_uri: "http://127.0.0.1:1/back", links: { billing_request: request.id } });
  const form = new URLSearchParams({
    given_name: "Ada",
    family_name: "Lovelace",
    email: "ada@example.com",
    account_holder_name: "Ada Lovelace",
    branch_code: "20-00-00",
    account_number: "55779911",
  });
  const submitted = await fetch(flow.authorisation_url, { method: "POST", body: form, redirect: "manual" });
  expect(submitted.status).toBe(303);
  const fulfilled = await client.getBillingRequest(request.id);
  const mandateId = fulfilled.links.mandate_request_mandate!;
  standIn.runScenario("mandate_activated", mandateId);
  return { mandateId, paymentId: fulfilled.links.payment_request_payment! };
}

beforeAll(async () => {
  standIn = await startGoCardlessStandIn({ accessToken: TOKEN });
  client = createGoCardlessClient({ accessToken: TOKEN, baseUrl: standIn.url, retryDelayMs: 1 });
});

afterAll(() => standIn.stop());

describe("the GoCardless client", () => {
  it("creates a billing request and its flow under the reference's envelopes, with the version and an idempotency key", async () => {
    const request = await client.createBillingRequest({ mandate_request: { currency: "GBP", description: "Membership" } }, "brq-envelope");
    expect(request.id).toMatch(/^BRQ/);
    expect(request.status).toBe("pending");
    expect(request.mandate_request).toMatchObject({ currency: "GBP", scheme: "bacs", description: "Membership" });
    const sent = standIn.requests.at(-1)!;
    expect(sent).toMatchObject({ method: "POST", path: "/billing_requests", idempotencyKey: "brq-envelope", version: GOCARDLESS_API_VERSION });
    expect(JSON.parse(sent.body as string)).toEqual({ billing_requests: { mandate_request: { currency: "GBP", description: "Membership" } } });

    const flow = await client.createBillingRequestFlow({ redirect_uri: "https://coach.example/billing/return", links: { billing_request: request.id } });
    expect(flow.id).toMatch(/^BRF/);
    expect(flow.authorisation_url).toBe(`${standIn.url}/billing/static/flow?id=${flow.id}`);
    expect(await client.getBillingRequest(request.id)).toMatchObject({ id: request.id, status: "pending" });
  });

  it("reads the customer, mandate and first payment a fulfilled billing request made", async () => {
    const { mandateId, paymentId } = await activeMandate();
    const mandate = await client.getMandate(mandateId);
    expect(mandate).toMatchObject({ id: expect.stringMatching(/^MD/), status: "active" });
    expect(await client.getCustomer(mandate.links.customer)).toMatchObject({ id: expect.stringMatching(/^CU/), email: "ada@example.com" });
    expect(mandate.links.customer_bank_account).toMatch(/^BA/);
    expect(await client.getPayment(paymentId)).toMatchObject({ id: expect.stringMatching(/^PM/), status: "pending_submission", amount: 4500 });
  });

  it("creates, retries, cancels and refunds payments, and runs subscriptions", async () => {
    const { mandateId, paymentId } = await activeMandate();
    standIn.runScenario("payment_failed", paymentId);
    expect(await client.retryPayment(paymentId)).toMatchObject({ status: "pending_submission" });
    standIn.runScenario("payment_paid_out", paymentId);
    const refund = await client.createRefund({ amount: 1000, total_amount_confirmation: 1000, links: { payment: paymentId } }, key("rf"));
    expect(refund).toMatchObject({ id: expect.stringMatching(/^RF/), amount: 1000, links: { payment: paymentId } });
    expect(await client.getPayment(paymentId)).toMatchObject({ status: "paid_out", amount_refunded: 1000 });

    const extra = await client.createPayment({ amount: 1500, currency: "GBP", description: "Extra session", links: { mandate: mandateId } }, key("pm"));
    expect(await client.cancelPayment(extra.id)).toMatchObject({ id: extra.id, status: "cancelled" });

    const subscription = await client.createSubscription(
      { amount: 3000, currency: "GBP", interval_unit: "monthly", start_date: "2027-01-05", name: "Membership", links: { mandate: mandateId } },
      key("sb"),
    );
    expect(subscription).toMatchObject({ id: expect.stringMatching(/^SB/), status: "active" });
    expect(subscription.upcoming_payments.slice(0, 2)).toEqual([
      { charge_date: "2027-01-05", amount: 3000 },
      { charge_date: "2027-02-05", amount: 3000 },
    ]);
    expect(await client.getSubscription(subscription.id)).toMatchObject({ id: subscription.id });
    expect(await client.cancelSubscription(subscription.id)).toMatchObject({ status: "cancelled" });
    expect(await client.cancelMandate(mandateId)).toMatchObject({ status: "cancelled" });

    const event = standIn.state.events.at(-1)!;
    expect(await client.getEvent(event.id)).toEqual(event);
  });

  it("returns the first resource when a create is sent again with its idempotency key", async () => {
    const { mandateId } = await activeMandate();
    const input = { amount: 2500, currency: "GBP", links: { mandate: mandateId } };
    const first = await client.createPayment(input, "pay-once");
    const again = await client.createPayment(input, "pay-once");
    expect(again.id).toBe(first.id);
    expect([...standIn.state.payments.values()].filter((payment) => payment.amount === 2500)).toHaveLength(1);
  });

  it("retries a create whose answer was lost and fetches the resource the first attempt made", async () => {
    const { mandateId } = await activeMandate();
    standIn.failNext("lose_answer");
    const payment = await client.createPayment({ amount: 2600, currency: "GBP", links: { mandate: mandateId } }, "pay-lost-answer");
    expect([...standIn.state.payments.values()].filter((made) => made.amount === 2600).map((made) => made.id)).toEqual([payment.id]);
    const tail = standIn.requests.slice(-3).map(({ method, path }) => `${method} ${path}`);
    expect(tail).toEqual(["POST /payments", "POST /payments", `GET /payments/${payment.id}`]);
  });

  it("retries a read after a 503 but never an action", async () => {
    const { paymentId } = await activeMandate();
    standIn.failNext("unavailable");
    expect(await client.getPayment(paymentId)).toMatchObject({ id: paymentId });

    standIn.failNext("unavailable");
    const error = await apiError(client.cancelPayment(paymentId));
    expect(error).toMatchObject({ status: 503, type: "gocardless" });
    expect((await client.getPayment(paymentId)).status).toBe("pending_submission");
  });

  it("gives a 422 as a typed validation error with its fields and request id", async () => {
    const error = await apiError(client.createPayment({ amount: 0, currency: "XYZ", links: { mandate: "MD_NONE" } }, key("bad")));
    expect(error).toMatchObject({ status: 422, type: "validation_failed", message: expect.stringContaining("Validation failed") });
    expect(error.errors.map((field) => field.field).sort()).toEqual(["amount", "currency", "links.mandate"]);
    expect(error.errors[0]?.request_pointer).toMatch(/^\/payments\//);
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gives a wrong state as invalid_state with its reason", async () => {
    const { paymentId } = await activeMandate();
    const error = await apiError(client.retryPayment(paymentId));
    expect(error).toMatchObject({ status: 422, type: "invalid_state", reason: "retry_failed" });
  });

  it("is refused with a 401 for a wrong token, and the token is not in the error", async () => {
    const wrong = createGoCardlessClient({ accessToken: "not-the-token-0123456789", baseUrl: standIn.url, retryDelayMs: 1 });
    const error = await apiError(wrong.getPayment("PM0000000001"));
    expect(error).toMatchObject({ status: 401, type: "invalid_api_usage", reason: "access_token_not_found" });
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain("not-the-token");
  });

  it("gives up after its timeout when the API does not answer", async () => {
    const silent = await import("node:http").then(({ createServer }) => createServer(() => undefined));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    const slow = createGoCardlessClient({ accessToken: TOKEN, baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 50, retries: 1, retryDelayMs: 1 });
    const error = await apiError(slow.getMandate("MD0000000001"));
    expect(error).toMatchObject({ status: 0, type: "unreachable", message: expect.stringContaining("no answer within 50 ms") });
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("leaves no token in the logs when a failure is logged with the call's options and headers", async () => {
    const lines: string[] = [];
    const before = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "info";
    resetEnv();
    setLogDestination({ write: (line: string) => void lines.push(line) });
    try {
      const options = { accessToken: TOKEN, baseUrl: standIn.url };
      const error = await apiError(createGoCardlessClient(options).getPayment("PM_MISSING"));
      getLogger().error({ err: error, gocardless: options, headers: { Authorization: `Bearer ${TOKEN}` } }, "GoCardless call failed");
      expect(lines.join("")).toContain("GoCardless call failed");
      expect(lines.join("")).toContain("resource_not_found");
      expect(lines.join("")).not.toContain(TOKEN);
    } finally {
      if (before === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = before;
      resetEnv();
      setLogDestination(undefined);
    }
  });
});
