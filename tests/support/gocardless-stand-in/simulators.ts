/**
 * Scenario simulators, run as the sandbox runs them:
 * POST /scenario_simulators/:id/actions/run with {"data": {"links": {"resource": "PM..."}}}.
 * The names and their starting states follow the API reference. Two are the stand-in's
 * own, for what the sandbox does with time or the payer's bank: `subscription_payment_due`
 * (the subscription's next payment is created) and `mandate_cancelled` (the payer
 * cancels at their bank).
 */
import type { GoCardlessEvent, Payment } from "../../../app/lib/gocardless/resources";
import { endMandate, newPayment, refreshUpcoming, subscriptionSchedule } from "./api";
import { invalidState, notFound, type StandInState } from "./state";

const FROM_BANK = { origin: "bank" as const };

function movePayment(state: StandInState, payment: Payment, steps: { status: Payment["status"]; details: GoCardlessEvent["details"] }[]) {
  return steps.map(({ status, details }) => {
    payment.status = status;
    return state.emit("payments", status, { payment: payment.id, mandate: payment.links.mandate }, details, payment.metadata);
  });
}

function collectablePayment(state: StandInState, id: string): Payment {
  const payment = state.find(state.payments, id);
  if (payment.status !== "pending_submission") throw invalidState("invalid_state", "The payment must be pending_submission");
  const mandate = state.find(state.mandates, payment.links.mandate);
  if (mandate.status !== "active") throw invalidState("invalid_state", "The payment's mandate must be active");
  return payment;
}

const submitted = { status: "submitted" as const, details: { origin: "gocardless", cause: "payment_submitted" } };
const confirmed = { status: "confirmed" as const, details: { origin: "gocardless", cause: "payment_confirmed" } };
const paidOut = { status: "paid_out" as const, details: { origin: "gocardless", cause: "payment_paid_out" } };

export const SIMULATORS: Record<string, (state: StandInState, id: string) => GoCardlessEvent[]> = {
  payment_submitted(state, id) {
    const payment = state.find(state.payments, id);
    if (payment.status !== "pending_submission") throw invalidState("invalid_state", "The payment must be pending_submission");
    return movePayment(state, payment, [submitted]);
  },
  payment_confirmed: (state, id) => movePayment(state, collectablePayment(state, id), [submitted, confirmed]),
  payment_paid_out: (state, id) => movePayment(state, collectablePayment(state, id), [submitted, confirmed, paidOut]),
  payment_failed: (state, id) =>
    movePayment(state, collectablePayment(state, id), [
      submitted,
      { status: "failed", details: { ...FROM_BANK, cause: "insufficient_funds", description: "The customer's account had insufficient funds to make this payment.", reason_code: "ARUDD-0" } },
    ]),
  payment_charged_back: (state, id) =>
    movePayment(state, collectablePayment(state, id), [
      submitted,
      confirmed,
      paidOut,
      { status: "charged_back", details: { ...FROM_BANK, cause: "payment_charged_back", description: "The customer asked their bank to refund this payment." } },
    ]),
  mandate_activated(state, id) {
    const mandate = state.find(state.mandates, id);
    if (mandate.status !== "pending_submission" && mandate.status !== "submitted") {
      throw invalidState("invalid_state", "The mandate must be pending_submission or submitted");
    }
    const events: GoCardlessEvent[] = [];
    if (mandate.status === "pending_submission") {
      mandate.status = "submitted";
      events.push(state.emit("mandates", "submitted", { mandate: id }, { origin: "gocardless", cause: "mandate_submitted" }, mandate.metadata));
    }
    mandate.status = "active";
    events.push(state.emit("mandates", "active", { mandate: id }, { origin: "gocardless", cause: "mandate_activated" }, mandate.metadata));
    return events;
  },
  mandate_failed(state, id) {
    const mandate = state.find(state.mandates, id);
    if (mandate.status !== "pending_submission" && mandate.status !== "submitted") {
      throw invalidState("invalid_state", "The mandate must be pending_submission or submitted");
    }
    return endMandate(state, mandate, "failed", { ...FROM_BANK, cause: "invalid_bank_details", description: "The bank account details were invalid." });
  },
  mandate_expired(state, id) {
    const mandate = state.find(state.mandates, id);
    if (mandate.status !== "active") throw invalidState("invalid_state", "The mandate must be active");
    return endMandate(state, mandate, "expired", { origin: "gocardless", cause: "mandate_expired", description: "The mandate expired: no payments for a long time." });
  },
  mandate_cancelled(state, id) {
    const mandate = state.find(state.mandates, id);
    if (!["pending_submission", "submitted", "active"].includes(mandate.status)) throw invalidState("invalid_state", "The mandate cannot be cancelled");
    return endMandate(state, mandate, "cancelled", { ...FROM_BANK, cause: "bank_account_closed", description: "The payer cancelled the mandate at their bank." });
  },
  refund_paid(state, id) {
    const refund = state.find(state.refunds, id);
    if (refund.status !== "pending_submission" && refund.status !== "submitted") throw invalidState("invalid_state", "The refund must be pending_submission or submitted");
    refund.status = "paid";
    return [state.emit("refunds", "paid", { refund: id, payment: refund.links.payment }, { origin: "gocardless", cause: "refund_paid" }, refund.metadata)];
  },
  refund_bounced(state, id) {
    const refund = state.find(state.refunds, id);
    if (!["pending_submission", "submitted", "paid"].includes(refund.status)) throw invalidState("invalid_state", "The refund cannot bounce now");
    refund.status = "bounced";
    return [state.emit("refunds", "bounced", { refund: id, payment: refund.links.payment }, FROM_BANK, refund.metadata)];
  },
  subscription_payment_due(state, id) {
    const subscription = state.find(state.subscriptions, id);
    if (subscription.status !== "active") throw invalidState("invalid_state", "The subscription must be active");
    const made = state.subscriptionPaymentsMade.get(id) ?? 0;
    const chargeDate = subscriptionSchedule(subscription, made + 1)[made];
    if (!chargeDate) throw invalidState("invalid_state", "The subscription has no payments left");
    const payment = newPayment(state, {
      amount: subscription.amount,
      currency: subscription.currency,
      charge_date: chargeDate,
      description: subscription.name,
      reference: null,
      retry_if_possible: subscription.retry_if_possible,
      metadata: {},
      links: { mandate: subscription.links.mandate, subscription: id },
    });
    state.subscriptionPaymentsMade.set(id, made + 1);
    const events = [
      state.emit("payments", "created", { payment: payment.id, subscription: id, mandate: subscription.links.mandate }, { origin: "gocardless", cause: "payment_created" }),
      state.emit("subscriptions", "payment_created", { subscription: id, payment: payment.id }, { origin: "gocardless", cause: "payment_created" }, subscription.metadata),
    ];
    if (subscription.count !== null && made + 1 >= subscription.count) {
      subscription.status = "finished";
      events.push(state.emit("subscriptions", "finished", { subscription: id }, { origin: "gocardless", cause: "plan_finished" }, subscription.metadata));
    }
    refreshUpcoming(state, subscription);
    return events;
  },
};

export function runSimulator(state: StandInState, simulator: string, resourceId: string): GoCardlessEvent[] {
  const run = SIMULATORS[simulator];
  if (!run) throw notFound();
  return run(state, resourceId);
}
