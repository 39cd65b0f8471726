import { createGoCardlessClient, type GoCardlessClientOptions } from "../gocardless/client.server";
import type { BillingRequest, GoCardlessEvent, Mandate, Payment, Subscription } from "../gocardless/resources";
import { INVALID_SIGNATURE_STATUS, parseWebhookEvents, verifyWebhookSignature } from "../gocardless/webhook.server";
import type {
  CheckoutResult,
  MandateState,
  PaymentProvider,
  PaymentState,
  ProviderEvent,
  ProviderMandate,
  ProviderPayment,
  ProviderSubscription,
  SubscriptionState,
} from "./payment-provider";

/** Direct debit through GoCardless's Billing Request Flow (decision 0130). */
const MANDATE_STATES: Record<Mandate["status"], MandateState> = {
  pending_customer_approval: "pending",
  pending_submission: "pending",
  submitted: "pending",
  active: "active",
  failed: "failed",
  cancelled: "cancelled",
  expired: "expired",
  consumed: "expired",
  blocked: "failed",
  suspended_by_payer: "cancelled",
};

const PAYMENT_STATES: Record<Payment["status"], PaymentState> = {
  pending_customer_approval: "pending",
  pending_submission: "pending",
  submitted: "pending",
  confirmed: "confirmed",
  paid_out: "paid_out",
  cancelled: "cancelled",
  customer_approval_denied: "failed",
  failed: "failed",
  charged_back: "charged_back",
};

const SUBSCRIPTION_STATES: Record<Subscription["status"], SubscriptionState> = {
  pending_customer_approval: "active",
  customer_approval_denied: "cancelled",
  active: "active",
  finished: "finished",
  cancelled: "cancelled",
  paused: "paused",
};

const EVENT_RESOURCES: Record<string, ProviderEvent["resource"]> = {
  billing_requests: "checkout",
  mandates: "mandate",
  payments: "payment",
  subscriptions: "subscription",
  refunds: "refund",
};

const RESOURCE_LINK: Record<ProviderEvent["resource"], string | null> = {
  checkout: "billing_request",
  mandate: "mandate",
  payment: "payment",
  subscription: "subscription",
  refund: "refund",
  other: null,
};

function toMandate(mandate: Mandate): ProviderMandate {
  return { id: mandate.id, state: MANDATE_STATES[mandate.status] ?? "pending", providerStatus: mandate.status };
}

function toPayment(payment: Payment): ProviderPayment {
  return {
    id: payment.id,
    state: PAYMENT_STATES[payment.status] ?? "pending",
    providerStatus: payment.status,
    amountMinor: Number(payment.amount),
    refundedMinor: Number(payment.amount_refunded ?? 0),
    currency: payment.currency,
    chargeDate: payment.charge_date,
    mandateId: payment.links.mandate,
    subscriptionId: payment.links.subscription ?? null,
    metadata: payment.metadata ?? {},
  };
}

function toSubscription(subscription: Subscription): ProviderSubscription {
  return {
    id: subscription.id,
    state: SUBSCRIPTION_STATES[subscription.status] ?? "active",
    providerStatus: subscription.status,
    amountMinor: Number(subscription.amount),
    currency: subscription.currency,
    mandateId: subscription.links.mandate,
    upcomingChargeDates: (subscription.upcoming_payments ?? []).map((upcoming) => upcoming.charge_date),
  };
}

function toCheckout(request: BillingRequest): CheckoutResult {
  const state = request.status === "fulfilled" ? "completed" : request.status === "cancelled" ? "cancelled" : "pending";
  return {
    checkoutId: request.id,
    state,
    customerId: request.links.customer ?? null,
    mandateId: request.links.mandate_request_mandate ?? null,
    firstPaymentId: request.links.payment_request_payment ?? null,
  };
}

function toEvent(event: GoCardlessEvent): ProviderEvent {
  const resource = EVENT_RESOURCES[event.resource_type] ?? "other";
  const link = RESOURCE_LINK[resource];
  return {
    id: event.id,
    occurredAt: event.created_at,
    resource,
    action: event.action,
    resourceId: link ? (event.links[link] ?? null) : null,
    cause: event.details.cause ?? null,
    links: {
      mandateId: event.links.mandate,
      paymentId: event.links.payment,
      subscriptionId: event.links.subscription,
      refundId: event.links.refund,
      checkoutId: event.links.billing_request,
    },
    metadata: event.resource_metadata ?? event.metadata,
  };
}

export function createGoCardlessProvider(options: GoCardlessClientOptions & { webhookSecret: string }): PaymentProvider {
  const client = createGoCardlessClient(options);
  return {
    name: "gocardless",

    async startMandateWithFirstPayment(input) {
      // The caller's key makes the billing request once; its flow (the payer's link) may be made again.
      const request = await client.createBillingRequest(
        {
          mandate_request: { currency: input.currency, description: input.description, metadata: input.metadata },
          payment_request: input.firstPayment && {
            amount: input.firstPayment.amountMinor,
            currency: input.currency,
            description: input.firstPayment.description,
            metadata: input.metadata,
          },
          // The first payment is taken by direct debit on the new mandate when the bank cannot pay instantly.
          fallback_enabled: input.firstPayment ? true : undefined,
          metadata: input.metadata,
        },
        input.idempotencyKey,
      );
      const flow = await client.createBillingRequestFlow({
          redirect_uri: input.returnUrl,
          exit_uri: input.exitUrl,
          prefilled_customer: {
            email: input.payer.email,
            given_name: input.payer.givenName,
            family_name: input.payer.familyName,
          },
        links: { billing_request: request.id },
      });
      return { checkoutId: request.id, redirectUrl: flow.authorisation_url };
    },

    getCheckout: async (checkoutId) => toCheckout(await client.getBillingRequest(checkoutId)),
    getMandate: async (mandateId) => toMandate(await client.getMandate(mandateId)),
    cancelMandate: async (mandateId) => toMandate(await client.cancelMandate(mandateId)),

    collectPayment: async (input) =>
      toPayment(
        await client.createPayment(
          {
            amount: input.amountMinor,
            currency: input.currency,
            description: input.description,
            charge_date: input.chargeDate,
            metadata: input.metadata,
            links: { mandate: input.mandateId },
          },
          input.idempotencyKey,
        ),
      ),
    getPayment: async (paymentId) => toPayment(await client.getPayment(paymentId)),
    retryPayment: async (paymentId) => toPayment(await client.retryPayment(paymentId)),
    cancelPayment: async (paymentId) => toPayment(await client.cancelPayment(paymentId)),

    createSubscription: async (input) =>
      toSubscription(
        await client.createSubscription(
          {
            amount: input.amountMinor,
            currency: input.currency,
            name: input.name,
            interval: input.interval.count,
            interval_unit: input.interval.unit,
            start_date: input.startDate,
            count: input.count,
            metadata: input.metadata,
            links: { mandate: input.mandateId },
          },
          input.idempotencyKey,
        ),
      ),
    getSubscription: async (subscriptionId) => toSubscription(await client.getSubscription(subscriptionId)),
    cancelSubscription: async (subscriptionId) => toSubscription(await client.cancelSubscription(subscriptionId)),

    async refund(input) {
      const refund = await client.createRefund(
        {
          amount: input.amountMinor,
          total_amount_confirmation: input.totalRefundedMinor,
          metadata: input.metadata,
          links: { payment: input.paymentId },
        },
        input.idempotencyKey,
      );
      return { id: refund.id, paymentId: refund.links.payment, amountMinor: Number(refund.amount), providerStatus: refund.status };
    },

    verifyWebhook(rawBody, headers) {
      if (!verifyWebhookSignature(rawBody, options.webhookSecret, headers.get("webhook-signature"))) {
        return { ok: false, reason: "bad_signature", status: INVALID_SIGNATURE_STATUS };
      }
      const events = parseWebhookEvents(rawBody);
      if (!events) return { ok: false, reason: "malformed", status: 400 };
      return { ok: true, events: events.map(toEvent) };
    },
  };
}
