/**
 * What billing asks of a payment provider, in plain terms (decision 0130). GoCardless
 * direct debit implements it today; a card provider can implement it later without the
 * billing rules changing. A "mandate" here is the payer's standing permission to be
 * charged: a direct-debit mandate, or a saved card with its consent. Amounts are in
 * minor units (pence, cents). Every create takes the caller's idempotency key, so a
 * retried call is the same create.
 */
export type ProviderName = "gocardless";

export type MandateState = "pending" | "active" | "failed" | "cancelled" | "expired";
export type PaymentState = "pending" | "confirmed" | "paid_out" | "failed" | "cancelled" | "charged_back";
export type SubscriptionState = "active" | "finished" | "cancelled" | "paused";
export type CheckoutState = "pending" | "completed" | "cancelled";

export interface StartCheckoutInput {
  idempotencyKey: string;
  currency: string;
  /** Shown to the payer on the provider's page. */
  description: string;
  /** Taken with the mandate; absent when only a mandate is wanted. */
  firstPayment?: { amountMinor: number; description: string };
  payer: { email?: string; givenName?: string; familyName?: string };
  /** Where the provider's page sends the payer back, done or not. */
  returnUrl: string;
  exitUrl?: string;
  /** Our own references, echoed back in events (at most 3 keys). */
  metadata?: Record<string, string>;
}

export interface CheckoutStarted {
  checkoutId: string;
  /** The provider's hosted page: the payer's bank or card details go there, never through us. */
  redirectUrl: string;
}

export interface CheckoutResult {
  checkoutId: string;
  state: CheckoutState;
  customerId: string | null;
  mandateId: string | null;
  firstPaymentId: string | null;
}

export interface ProviderMandate {
  id: string;
  state: MandateState;
  providerStatus: string;
}

export interface ProviderPayment {
  id: string;
  state: PaymentState;
  providerStatus: string;
  amountMinor: number;
  refundedMinor: number;
  currency: string;
  chargeDate: string | null;
  mandateId: string;
  subscriptionId: string | null;
  /** Our own references, as set when the payment was created (`{ plan }` on billing's payments). */
  metadata: Record<string, string>;
}

export interface ProviderSubscription {
  id: string;
  state: SubscriptionState;
  providerStatus: string;
  amountMinor: number;
  currency: string;
  mandateId: string;
  upcomingChargeDates: string[];
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountMinor: number;
  providerStatus: string;
}

export interface CreateSubscriptionInput {
  idempotencyKey: string;
  mandateId: string;
  amountMinor: number;
  currency: string;
  name: string;
  interval: { unit: "weekly" | "monthly" | "yearly"; count: number };
  /** The first charge date (YYYY-MM-DD); the provider picks the earliest when absent. */
  startDate?: string;
  /** How many payments in all (a term paid in instalments); unset: until cancelled. */
  count?: number;
  metadata?: Record<string, string>;
}

export interface CollectPaymentInput {
  idempotencyKey: string;
  mandateId: string;
  amountMinor: number;
  currency: string;
  description: string;
  chargeDate?: string;
  metadata?: Record<string, string>;
}

export interface RefundInput {
  idempotencyKey: string;
  paymentId: string;
  amountMinor: number;
  /** Everything refunded on this payment once this refund is made, so a refund sent twice is refused. */
  totalRefundedMinor: number;
  metadata?: Record<string, string>;
}

/** One thing that happened at the provider, named by the provider's resource and action. */
export interface ProviderEvent {
  id: string;
  occurredAt: string;
  resource: "checkout" | "mandate" | "payment" | "subscription" | "refund" | "other";
  /** The provider's word for what happened: "confirmed", "failed", "cancelled", "payment_created", ... */
  action: string;
  resourceId: string | null;
  cause: string | null;
  links: { mandateId?: string; paymentId?: string; subscriptionId?: string; refundId?: string; checkoutId?: string };
  metadata: Record<string, string>;
}

export type WebhookCheck =
  | { ok: true; events: ProviderEvent[] }
  | { ok: false; reason: "bad_signature" | "malformed"; status: number };

export interface PaymentProvider {
  readonly name: ProviderName;
  startMandateWithFirstPayment(input: StartCheckoutInput): Promise<CheckoutStarted>;
  getCheckout(checkoutId: string): Promise<CheckoutResult>;
  getMandate(mandateId: string): Promise<ProviderMandate>;
  cancelMandate(mandateId: string): Promise<ProviderMandate>;
  collectPayment(input: CollectPaymentInput): Promise<ProviderPayment>;
  getPayment(paymentId: string): Promise<ProviderPayment>;
  retryPayment(paymentId: string): Promise<ProviderPayment>;
  cancelPayment(paymentId: string): Promise<ProviderPayment>;
  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  refund(input: RefundInput): Promise<ProviderRefund>;
  /** Checks a webhook's raw body and headers before anything in it is believed. */
  verifyWebhook(rawBody: Buffer | string, headers: Headers): WebhookCheck;
}
