/**
 * The API endpoints the billing code calls, answering as the GoCardless API reference
 * describes: resources under their envelope key, 422 validation_failed with field
 * errors, 422 invalid_state for a wrong state, 404 resource_not_found.
 */
import type { GoCardlessEvent, Mandate, Payment, Subscription } from "../../../app/lib/gocardless/resources";
import { invalidState, notFound, type StandInState, validationFailed } from "./state";
import { FieldCheck } from "./validate";

export interface ApiAnswer {
  status: number;
  body: unknown;
  events: GoCardlessEvent[];
}

type Input = Record<string, unknown>;

const INACTIVE_MANDATE: Mandate["status"][] = ["failed", "cancelled", "expired", "consumed", "blocked"];

export function checkedInput(collection: string, body: unknown, envelope: string): Input {
  const input = (body as Record<string, unknown> | null)?.[envelope];
  if (!input || typeof input !== "object") throw validationFailed(collection, [{ field: envelope, message: "is required" }]);
  return input as Input;
}

function usableMandate(state: StandInState, check: FieldCheck): Mandate | null {
  const id = check.value("links.mandate");
  if (!check.required("links.mandate")) return null;
  const mandate = state.mandates.get(String(id));
  if (!mandate) {
    check.fail("links.mandate", "does not exist");
    return null;
  }
  return mandate;
}

function requireActiveMandate(mandate: Mandate): void {
  if (INACTIVE_MANDATE.includes(mandate.status)) throw invalidState("mandate_is_inactive", "The mandate is not active");
}

export function createBillingRequest(state: StandInState, input: Input): ApiAnswer {
  const check = new FieldCheck(input);
  if (check.required("mandate_request")) check.currency("mandate_request.currency");
  if (input.payment_request !== undefined) {
    check.amount("payment_request.amount");
    check.currency("payment_request.currency");
    if (check.value("payment_request.currency") !== check.value("mandate_request.currency")) {
      check.fail("payment_request.currency", "must match the mandate request's currency");
    }
  }
  check.optionalMetadata("metadata");
  if (check.errors.length) throw validationFailed("billing_requests", check.errors);
  const mandateRequest = input.mandate_request as Input;
  const paymentRequest = input.payment_request as Input | undefined;
  const request = {
    id: state.newId("BRQ"),
    created_at: state.now(),
    status: "pending" as const,
    fallback_enabled: input.fallback_enabled === true,
    mandate_request: {
      currency: String(mandateRequest.currency),
      scheme: (mandateRequest.scheme as string | undefined) ?? (mandateRequest.currency === "EUR" ? "sepa_core" : "bacs"),
      description: (mandateRequest.description as string | undefined) ?? null,
      metadata: (mandateRequest.metadata as Record<string, string> | undefined) ?? {},
      links: {},
    },
    payment_request: paymentRequest
      ? {
          amount: Number(paymentRequest.amount),
          currency: String(paymentRequest.currency),
          description: (paymentRequest.description as string | undefined) ?? null,
          metadata: (paymentRequest.metadata as Record<string, string> | undefined) ?? {},
          links: {},
        }
      : null,
    metadata: (input.metadata as Record<string, string> | undefined) ?? {},
    links: { ...((input.links as Record<string, string> | undefined) ?? {}), mandate_request: state.newId("MRQ") },
  };
  if (paymentRequest) Object.assign(request.links, { payment_request: state.newId("PRQ") });
  state.billingRequests.set(request.id, request);
  const event = state.emit("billing_requests", "created", { billing_request: request.id }, { origin: "api", cause: "billing_request_created" }, request.metadata);
  return { status: 201, body: { billing_requests: request }, events: [event] };
}

export function createBillingRequestFlow(state: StandInState, input: Input, publicUrl: string): ApiAnswer {
  const check = new FieldCheck(input);
  check.optionalUrl("redirect_uri");
  check.optionalUrl("exit_uri");
  if (check.required("links.billing_request") && !state.billingRequests.has(String(check.value("links.billing_request")))) {
    check.fail("links.billing_request", "does not exist");
  }
  if (check.errors.length) throw validationFailed("billing_request_flows", check.errors);
  const request = state.find(state.billingRequests, String(check.value("links.billing_request")));
  if (request.status !== "pending") throw invalidState("billing_request_not_pending", "The billing request is not pending");
  const id = state.newId("BRF");
  const flow = {
    id,
    created_at: state.now(),
    authorisation_url: `${publicUrl}/billing/static/flow?id=${id}`,
    expires_at: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    redirect_uri: (input.redirect_uri as string | undefined) ?? null,
    exit_uri: (input.exit_uri as string | undefined) ?? null,
    auto_fulfil: true,
    lock_customer_details: input.lock_customer_details === true,
    prefilled_customer: (input.prefilled_customer as Record<string, string> | undefined) ?? null,
    links: { billing_request: request.id },
  };
  state.billingRequestFlows.set(id, flow);
  return { status: 201, body: { billing_request_flows: flow }, events: [] };
}

export function newPayment(state: StandInState, fields: Omit<Payment, "id" | "created_at" | "status" | "amount_refunded">): Payment {
  const payment: Payment = { id: state.newId("PM"), created_at: state.now(), status: "pending_submission", amount_refunded: 0, ...fields };
  state.payments.set(payment.id, payment);
  return payment;
}

export function createPayment(state: StandInState, input: Input): ApiAnswer {
  const check = new FieldCheck(input);
  check.amount("amount");
  check.currency("currency");
  check.optionalDate("charge_date");
  check.optionalMetadata("metadata");
  const mandate = usableMandate(state, check);
  if (check.errors.length || !mandate) throw validationFailed("payments", check.errors);
  requireActiveMandate(mandate);
  const payment = newPayment(state, {
    amount: Number(input.amount),
    currency: String(input.currency),
    charge_date: (input.charge_date as string | undefined) ?? state.inDays(3),
    description: (input.description as string | undefined) ?? null,
    reference: (input.reference as string | undefined) ?? null,
    retry_if_possible: input.retry_if_possible === true,
    metadata: (input.metadata as Record<string, string> | undefined) ?? {},
    links: { mandate: mandate.id },
  });
  const event = state.emit("payments", "created", { payment: payment.id }, { origin: "api", cause: "payment_created" }, payment.metadata);
  return { status: 201, body: { payments: payment }, events: [event] };
}

/** The charge dates of a subscription from its start, as many as asked. */
export function subscriptionSchedule(subscription: Subscription, count: number): string[] {
  const dates: string[] = [];
  const start = new Date(`${subscription.start_date}T00:00:00Z`);
  for (let index = 0; index < count; index += 1) {
    const date = new Date(start);
    const step = index * subscription.interval;
    if (subscription.interval_unit === "weekly") date.setUTCDate(date.getUTCDate() + 7 * step);
    if (subscription.interval_unit === "monthly") date.setUTCMonth(date.getUTCMonth() + step);
    if (subscription.interval_unit === "yearly") date.setUTCFullYear(date.getUTCFullYear() + step);
    dates.push(date.toISOString().slice(0, 10));
  }
  return subscription.count === null ? dates : dates.slice(0, subscription.count);
}

export function refreshUpcoming(state: StandInState, subscription: Subscription): void {
  const made = state.subscriptionPaymentsMade.get(subscription.id) ?? 0;
  subscription.upcoming_payments =
    subscription.status === "active"
      ? subscriptionSchedule(subscription, made + 10)
          .slice(made, made + 10)
          .map((charge_date) => ({ charge_date, amount: subscription.amount }))
      : [];
}

export function createSubscription(state: StandInState, input: Input): ApiAnswer {
  const check = new FieldCheck(input);
  check.amount("amount");
  check.currency("currency");
  if (check.required("interval_unit") && !["weekly", "monthly", "yearly"].includes(String(input.interval_unit))) {
    check.fail("interval_unit", "must be one of weekly, monthly, yearly");
  }
  const interval = input.interval ?? 1;
  if (typeof interval !== "number" || !Number.isInteger(interval) || interval < 1) check.fail("interval", "must be a whole number greater than 0");
  check.optionalDate("start_date");
  check.optionalMetadata("metadata");
  const mandate = usableMandate(state, check);
  if (check.errors.length || !mandate) throw validationFailed("subscriptions", check.errors);
  requireActiveMandate(mandate);
  const subscription: Subscription = {
    id: state.newId("SB"),
    created_at: state.now(),
    status: "active",
    amount: Number(input.amount),
    currency: String(input.currency),
    name: (input.name as string | undefined) ?? null,
    interval: interval as number,
    interval_unit: input.interval_unit as Subscription["interval_unit"],
    day_of_month: (input.day_of_month as number | undefined) ?? null,
    start_date: (input.start_date as string | undefined) ?? state.inDays(3),
    end_date: null,
    count: (input.count as number | undefined) ?? null,
    retry_if_possible: input.retry_if_possible === true,
    upcoming_payments: [],
    metadata: (input.metadata as Record<string, string> | undefined) ?? {},
    links: { mandate: mandate.id },
  };
  refreshUpcoming(state, subscription);
  state.subscriptions.set(subscription.id, subscription);
  const event = state.emit("subscriptions", "created", { subscription: subscription.id }, { origin: "api", cause: "subscription_created" }, subscription.metadata);
  return { status: 201, body: { subscriptions: subscription }, events: [event] };
}

export function createRefund(state: StandInState, input: Input): ApiAnswer {
  const check = new FieldCheck(input);
  check.amount("amount");
  check.amount("total_amount_confirmation");
  check.optionalMetadata("metadata");
  let payment: Payment | undefined;
  if (check.required("links.payment")) {
    payment = state.payments.get(String(check.value("links.payment")));
    if (!payment) check.fail("links.payment", "does not exist");
  }
  if (check.errors.length || !payment) throw validationFailed("refunds", check.errors);
  if (payment.status !== "confirmed" && payment.status !== "paid_out") {
    throw invalidState("refund_payment_invalid_state", "Only confirmed or paid out payments can be refunded");
  }
  const amount = Number(input.amount);
  if (payment.amount_refunded + amount > payment.amount) {
    throw invalidState("available_refund_amount_insufficient", "The refund is more than is left to refund on this payment");
  }
  if (Number(input.total_amount_confirmation) !== payment.amount_refunded + amount) {
    throw invalidState("total_amount_confirmation_invalid", "total_amount_confirmation does not match the payment's refunds plus this one");
  }
  payment.amount_refunded += amount;
  const refund = {
    id: state.newId("RF"),
    created_at: state.now(),
    status: "pending_submission" as const,
    amount,
    currency: payment.currency,
    reference: (input.reference as string | undefined) ?? null,
    metadata: (input.metadata as Record<string, string> | undefined) ?? {},
    links: { payment: payment.id, mandate: payment.links.mandate },
  };
  state.refunds.set(refund.id, refund);
  const event = state.emit("refunds", "created", { refund: refund.id, payment: payment.id }, { origin: "api", cause: "refund_created" }, refund.metadata);
  return { status: 201, body: { refunds: refund }, events: [event] };
}

/** Cancelling a mandate cancels its pending payments and its subscriptions, as GoCardless does. */
export function endMandate(state: StandInState, mandate: Mandate, status: Mandate["status"], details: GoCardlessEvent["details"]): GoCardlessEvent[] {
  mandate.status = status;
  const events = [state.emit("mandates", status, { mandate: mandate.id }, details, mandate.metadata)];
  const cause = status === "cancelled" ? "mandate_cancelled" : `mandate_${status}`;
  for (const payment of state.payments.values()) {
    if (payment.links.mandate === mandate.id && ["pending_submission", "pending_customer_approval"].includes(payment.status)) {
      payment.status = "cancelled";
      events.push(state.emit("payments", "cancelled", { payment: payment.id, mandate: mandate.id }, { origin: "gocardless", cause }, payment.metadata));
    }
  }
  for (const subscription of state.subscriptions.values()) {
    if (subscription.links.mandate === mandate.id && subscription.status === "active") {
      subscription.status = "cancelled";
      refreshUpcoming(state, subscription);
      events.push(state.emit("subscriptions", "cancelled", { subscription: subscription.id, mandate: mandate.id }, { origin: "gocardless", cause }, subscription.metadata));
    }
  }
  return events;
}

export function runAction(state: StandInState, collection: string, id: string, action: string): ApiAnswer {
  const failedCancel = () => invalidState("cancellation_failed", "The resource is not in a cancellable state");
  if (collection === "mandates" && action === "cancel") {
    const mandate = state.find(state.mandates, id);
    if (!["pending_customer_approval", "pending_submission", "submitted", "active"].includes(mandate.status)) throw failedCancel();
    const events = endMandate(state, mandate, "cancelled", { origin: "api", cause: "mandate_cancelled" });
    return { status: 200, body: { mandates: mandate }, events };
  }
  if (collection === "payments" && action === "cancel") {
    const payment = state.find(state.payments, id);
    if (!["pending_submission", "pending_customer_approval"].includes(payment.status)) throw failedCancel();
    payment.status = "cancelled";
    const event = state.emit("payments", "cancelled", { payment: id }, { origin: "api", cause: "payment_cancelled" }, payment.metadata);
    return { status: 200, body: { payments: payment }, events: [event] };
  }
  if (collection === "payments" && action === "retry") {
    const payment = state.find(state.payments, id);
    if (payment.status !== "failed") throw invalidState("retry_failed", "Only failed payments can be retried");
    requireActiveMandate(state.find(state.mandates, payment.links.mandate));
    payment.status = "pending_submission";
    payment.charge_date = state.inDays(3);
    const event = state.emit("payments", "resubmission_requested", { payment: id }, { origin: "api", cause: "payment_retried" }, payment.metadata);
    return { status: 200, body: { payments: payment }, events: [event] };
  }
  if (collection === "subscriptions" && action === "cancel") {
    const subscription = state.find(state.subscriptions, id);
    if (subscription.status !== "active" && subscription.status !== "paused") throw failedCancel();
    subscription.status = "cancelled";
    refreshUpcoming(state, subscription);
    const event = state.emit("subscriptions", "cancelled", { subscription: id }, { origin: "api", cause: "subscription_cancelled" }, subscription.metadata);
    return { status: 200, body: { subscriptions: subscription }, events: [event] };
  }
  throw notFound();
}
