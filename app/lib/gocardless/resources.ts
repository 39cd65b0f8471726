/**
 * The GoCardless resources Relentless reads, as the API reference gives their JSON
 * (only the fields billing uses; amounts are in minor units, dates are ISO strings).
 */
export type Metadata = Record<string, string>;

export interface Customer {
  id: string;
  created_at: string;
  email: string | null;
  given_name: string | null;
  family_name: string | null;
  company_name: string | null;
  metadata: Metadata;
}

export interface MandateRequest {
  currency: string;
  scheme?: string | null;
  description?: string | null;
  metadata?: Metadata;
  links?: { mandate?: string };
}

export interface PaymentRequest {
  amount: number;
  currency: string;
  description?: string | null;
  metadata?: Metadata;
  links?: { payment?: string };
}

export type BillingRequestStatus = "pending" | "ready_to_fulfil" | "fulfilling" | "fulfilled" | "cancelled";

export interface BillingRequest {
  id: string;
  created_at: string;
  status: BillingRequestStatus;
  fallback_enabled: boolean;
  mandate_request: MandateRequest | null;
  payment_request: PaymentRequest | null;
  metadata: Metadata;
  links: {
    customer?: string;
    customer_bank_account?: string;
    mandate_request?: string;
    mandate_request_mandate?: string;
    payment_request?: string;
    payment_request_payment?: string;
  };
}

export interface BillingRequestFlow {
  id: string;
  created_at: string;
  authorisation_url: string;
  expires_at: string;
  redirect_uri: string | null;
  exit_uri: string | null;
  auto_fulfil: boolean;
  lock_customer_details: boolean;
  prefilled_customer: { given_name?: string; family_name?: string; email?: string } | null;
  links: { billing_request: string };
}

export type MandateStatus =
  | "pending_customer_approval"
  | "pending_submission"
  | "submitted"
  | "active"
  | "failed"
  | "cancelled"
  | "expired"
  | "consumed"
  | "blocked"
  | "suspended_by_payer";

export interface Mandate {
  id: string;
  created_at: string;
  status: MandateStatus;
  scheme: string | null;
  reference: string | null;
  next_possible_charge_date: string | null;
  metadata: Metadata;
  links: { customer: string; customer_bank_account: string; creditor?: string; new_mandate?: string };
}

export type PaymentStatus =
  | "pending_customer_approval"
  | "pending_submission"
  | "submitted"
  | "confirmed"
  | "paid_out"
  | "cancelled"
  | "customer_approval_denied"
  | "failed"
  | "charged_back";

export interface Payment {
  id: string;
  created_at: string;
  status: PaymentStatus;
  amount: number;
  amount_refunded: number;
  currency: string;
  charge_date: string | null;
  description: string | null;
  reference: string | null;
  retry_if_possible: boolean;
  metadata: Metadata;
  links: { mandate: string; subscription?: string; creditor?: string; payout?: string };
}

export type SubscriptionIntervalUnit = "weekly" | "monthly" | "yearly";
export type SubscriptionStatus = "pending_customer_approval" | "customer_approval_denied" | "active" | "finished" | "cancelled" | "paused";

export interface Subscription {
  id: string;
  created_at: string;
  status: SubscriptionStatus;
  amount: number;
  currency: string;
  name: string | null;
  interval: number;
  interval_unit: SubscriptionIntervalUnit;
  day_of_month: number | null;
  start_date: string;
  end_date: string | null;
  count: number | null;
  retry_if_possible: boolean;
  upcoming_payments: { charge_date: string; amount: number }[];
  metadata: Metadata;
  links: { mandate: string };
}

export type RefundStatus = "created" | "pending_submission" | "submitted" | "paid" | "cancelled" | "bounced" | "funds_returned";

export interface Refund {
  id: string;
  created_at: string;
  status: RefundStatus;
  amount: number;
  currency: string;
  reference: string | null;
  metadata: Metadata;
  links: { payment: string; mandate?: string };
}

export interface GoCardlessEvent {
  id: string;
  created_at: string;
  resource_type: string;
  action: string;
  details: { origin?: string; cause?: string; description?: string; scheme?: string; reason_code?: string };
  metadata: Metadata;
  /** The metadata of the resource the event is about (ours, as we set it on the create). */
  resource_metadata?: Metadata;
  links: Record<string, string>;
}
