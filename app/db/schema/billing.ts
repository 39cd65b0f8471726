import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { classBooking } from "./classes";
import { program } from "./programs";
import { trainingSession } from "./training-sessions";

/** How a product is paid for (decision 0131). */
export const productKinds = [
  /** Charged every interval until cancelled (weekly, every N weeks, monthly). */
  "subscription",
  /** N weeks, paid at once or in instalments, then it ends. */
  "term",
  /** N credits for classes or 1:1 sessions, paid at once, used before they expire. */
  "pack",
] as const;
export type ProductKind = (typeof productKinds)[number];

/** Which public page lists a product (or none: sold by invitation or on the billing page only). */
export const productPages = ["services", "personal-training", "nutrition-coaching", "group-classes", "none"] as const;
export type ProductPage = (typeof productPages)[number];

export const classAccessKinds = ["none", "unlimited", "limited"] as const;
export const creditKinds = ["class", "session"] as const;
export type CreditKind = (typeof creditKinds)[number];

/**
 * Something the coach sells: the spec's 'Service package' (name, price, period, description,
 * features, popular flag, note) plus how it is paid and what it includes, as data. Prices
 * are integers in the site currency's minor units. A product bought is copied into the
 * member's plan, so editing or archiving it never changes what a member already has.
 */
export const billingProduct = pgTable(
  "billing_products",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    kind: text("kind", { enum: productKinds }).notNull(),
    /** Per interval (subscription), the whole term (term: split evenly into its instalments), or the whole pack. */
    priceMinor: integer("price_minor").notNull(),
    description: text("description").notNull().default(""),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    popular: boolean("popular").notNull().default(false),
    note: text("note").notNull().default(""),
    page: text("page", { enum: productPages }).notNull().default("none"),
    position: integer("position").notNull().default(0),
    /** Subscription: "week" or "month", every `intervalCount` of them. */
    intervalUnit: text("interval_unit", { enum: ["week", "month"] }),
    intervalCount: integer("interval_count"),
    /** Term: how many weeks it lasts, and in how many equal instalments it is paid (1 = at once). */
    termWeeks: integer("term_weeks"),
    instalments: integer("instalments"),
    /** Pack: how many credits, of which kind, valid how many days from purchase. */
    credits: integer("credits"),
    creditKind: text("credit_kind", { enum: creditKinds }),
    creditValidDays: integer("credit_valid_days"),
    /** What a subscription or term includes while it is paid. */
    classAccess: text("class_access", { enum: classAccessKinds }).notNull().default("none"),
    classesPerWeek: integer("classes_per_week").notNull().default(0),
    sessionsPerWeek: integer("sessions_per_week").notNull().default(0),
    /** A program template assigned to the member when the plan starts. */
    programTemplateId: text("program_template_id").references(() => program.id, { onDelete: "set null" }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("billing_products_page_idx").on(t.page, t.position).where(sql`${t.archivedAt} is null`),
    check("billing_products_price_check", sql`${t.priceMinor} between 1 and 100000000`),
  ],
);

/** A member's standing permission to be charged (a direct-debit mandate), as the provider last told us. */
export const billingMandate = pgTable(
  "billing_mandates",
  {
    id: text("id").primaryKey(),
    /** Null once the member is erased. */
    memberId: text("member_id").references(() => user.id, { onDelete: "set null" }),
    provider: text("provider", { enum: ["gocardless"] }).notNull(),
    providerMandateId: text("provider_mandate_id").notNull(),
    providerCustomerId: text("provider_customer_id"),
    status: text("status", { enum: ["pending", "active", "failed", "cancelled", "expired"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("billing_mandates_provider_idx").on(t.provider, t.providerMandateId), index("billing_mandates_member_idx").on(t.memberId)],
);

export const planStatuses = [
  /** Waiting for the provider: the mandate or the first payment is not confirmed yet. */
  "pending",
  "active",
  /** A payment failed: the grace period runs from `unpaidSince`; what it includes still works. */
  "past_due",
  /** Unpaid past the grace period: what it includes is paused until paid. */
  "paused",
  /** Finished: cancelled at the end of its paid period, a term run out, or never started. */
  "ended",
] as const;
export type PlanStatus = (typeof planStatuses)[number];

/**
 * A product a member bought: its terms copied at purchase. A member has at most one live
 * subscription or term at a time (packs sit beside it, as credit grants).
 */
export const memberPlan = pgTable(
  "member_plans",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id").references(() => user.id, { onDelete: "set null" }),
    productId: text("product_id").references(() => billingProduct.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: productKinds }).notNull(),
    priceMinor: integer("price_minor").notNull(),
    currency: text("currency").notNull(),
    intervalUnit: text("interval_unit", { enum: ["week", "month"] }),
    intervalCount: integer("interval_count"),
    termWeeks: integer("term_weeks"),
    instalments: integer("instalments"),
    classAccess: text("class_access", { enum: classAccessKinds }).notNull().default("none"),
    classesPerWeek: integer("classes_per_week").notNull().default(0),
    sessionsPerWeek: integer("sessions_per_week").notNull().default(0),
    programTemplateId: text("program_template_id").references(() => program.id, { onDelete: "set null" }),
    method: text("method", { enum: ["direct_debit", "manual"] }).notNull(),
    status: text("status", { enum: planStatuses }).notNull().default("pending"),
    mandateId: text("mandate_id").references(() => billingMandate.id, { onDelete: "set null" }),
    providerSubscriptionId: text("provider_subscription_id"),
    startsOn: date("starts_on", { mode: "string" }),
    /** Paid up to and including this date (the end of the last confirmed period). */
    paidThrough: date("paid_through", { mode: "string" }),
    /** Set by 'Cancel': the plan ends after this date (the end of the paid period). */
    endsOn: date("ends_on", { mode: "string" }),
    cancelRequestedAt: timestamp("cancel_requested_at", { withTimezone: true }),
    /** The first failed payment not yet made good: the grace period counts from it. */
    unpaidSince: timestamp("unpaid_since", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live subscription or term per member: the lock-free guard behind the row lock.
    uniqueIndex("member_plans_live_idx").on(t.memberId).where(sql`${t.status} <> 'ended' and ${t.kind} <> 'pack'`),
    index("member_plans_member_idx").on(t.memberId, t.createdAt.desc().nullsFirst()),
    index("member_plans_status_idx").on(t.status),
    uniqueIndex("member_plans_subscription_idx").on(t.providerSubscriptionId),
  ],
);

/**
 * A start at the provider's hosted page (a GoCardless Billing Request Flow): the mandate and
 * the first payment in one. Our id is the idempotency key of the provider calls.
 */
export const billingCheckout = pgTable(
  "billing_checkouts",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id").references(() => user.id, { onDelete: "set null" }),
    productId: text("product_id").references(() => billingProduct.id, { onDelete: "set null" }),
    planId: text("plan_id").references(() => memberPlan.id, { onDelete: "set null" }),
    provider: text("provider", { enum: ["gocardless"] }).notNull(),
    /** The billing request; the flow's page address is `redirectUrl`. */
    providerCheckoutId: text("provider_checkout_id"),
    redirectUrl: text("redirect_url"),
    status: text("status", { enum: ["open", "completed", "cancelled", "expired"] }).notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("billing_checkouts_provider_idx").on(t.providerCheckoutId), index("billing_checkouts_member_idx").on(t.memberId, t.createdAt.desc().nullsFirst())],
);

export const paymentStatuses = ["pending", "confirmed", "paid_out", "failed", "cancelled", "charged_back", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * One payment: collected by direct debit (its state as the provider last told us) or
 * recorded by staff (cash, bank transfer). Kept after the member is erased, without them.
 */
export const billingPayment = pgTable(
  "billing_payments",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id").references(() => user.id, { onDelete: "set null" }),
    planId: text("plan_id").references(() => memberPlan.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    refundedMinor: integer("refunded_minor").notNull().default(0),
    currency: text("currency").notNull(),
    method: text("method", { enum: ["direct_debit", "cash", "bank_transfer", "other"] }).notNull(),
    status: text("status", { enum: paymentStatuses }).notNull(),
    providerPaymentId: text("provider_payment_id"),
    /** The period of the plan this payment pays for (inclusive dates). */
    periodStart: date("period_start", { mode: "string" }),
    periodEnd: date("period_end", { mode: "string" }),
    chargeDate: date("charge_date", { mode: "string" }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    failureReason: text("failure_reason"),
    retriedAt: timestamp("retried_at", { withTimezone: true }),
    recordedById: text("recorded_by_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("billing_payments_provider_idx").on(t.providerPaymentId),
    index("billing_payments_member_idx").on(t.memberId, t.createdAt.desc().nullsFirst()),
    index("billing_payments_created_idx").on(t.createdAt.desc().nullsFirst()),
    // The staff payments list and its CSV, newest first (read backwards) and in keyset pages (decision 0142).
    index("billing_payments_charge_idx").on(t.chargeDate, t.createdAt, t.id),
    index("billing_payments_status_idx").on(t.status, t.chargeDate),
    index("billing_payments_plan_idx").on(t.planId, t.periodStart),
    check("billing_payments_amount_check", sql`${t.amountMinor} > 0 and ${t.refundedMinor} between 0 and ${t.amountMinor}`),
  ],
);

/** A refund of a payment, whole or part: through the provider, or marked for a manual payment. */
export const billingRefund = pgTable(
  "billing_refunds",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => billingPayment.id, { onDelete: "cascade" }),
    amountMinor: integer("amount_minor").notNull(),
    providerRefundId: text("provider_refund_id"),
    status: text("status", { enum: ["pending", "paid", "failed", "marked"] }).notNull(),
    reason: text("reason").notNull().default(""),
    createdById: text("created_by_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("billing_refunds_provider_idx").on(t.providerRefundId), index("billing_refunds_payment_idx").on(t.paymentId)],
);

/**
 * The receipt of a confirmed payment: a gapless sequential number and the business's details
 * as they were when it was issued. Erasure keeps the number and amounts, without the payer.
 */
export const billingReceipt = pgTable(
  "billing_receipts",
  {
    id: text("id").primaryKey(),
    number: integer("number").notNull(),
    paymentId: text("payment_id").references(() => billingPayment.id, { onDelete: "set null" }),
    memberId: text("member_id").references(() => user.id, { onDelete: "set null" }),
    payerName: text("payer_name"),
    payerEmail: text("payer_email"),
    description: text("description").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    /** VAT included in the amount, when the business has a VAT number. */
    vatRateBasisPoints: integer("vat_rate_basis_points"),
    vatMinor: integer("vat_minor"),
    businessName: text("business_name").notNull(),
    businessAddress: text("business_address").notNull(),
    vatNumber: text("vat_number"),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("billing_receipts_number_idx").on(t.number), uniqueIndex("billing_receipts_payment_idx").on(t.paymentId), index("billing_receipts_member_idx").on(t.memberId)],
);

/** Credits bought in a pack: granted when its payment is confirmed, taken back if it fails. */
export const creditGrant = pgTable(
  "credit_grants",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    planId: text("plan_id").references(() => memberPlan.id, { onDelete: "set null" }),
    paymentId: text("payment_id").references(() => billingPayment.id, { onDelete: "set null" }),
    kind: text("kind", { enum: creditKinds }).notNull(),
    name: text("name").notNull(),
    total: integer("total").notNull(),
    status: text("status", { enum: ["pending", "active", "void"] }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("credit_grants_member_idx").on(t.memberId, t.kind, t.expiresAt), check("credit_grants_total_check", sql`${t.total} between 1 and 1000`)],
);

/** One credit spent on a class place or a 1:1 session; `returnedAt` when a timely cancel gave it back. */
export const creditUse = pgTable(
  "credit_uses",
  {
    id: text("id").primaryKey(),
    grantId: text("grant_id")
      .notNull()
      .references(() => creditGrant.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    classBookingId: text("class_booking_id").references(() => classBooking.id, { onDelete: "set null" }),
    trainingSessionId: text("training_session_id").references(() => trainingSession.id, { onDelete: "set null" }),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
  },
  (t) => [
    index("credit_uses_grant_idx").on(t.grantId).where(sql`${t.returnedAt} is null`),
    uniqueIndex("credit_uses_booking_idx").on(t.classBookingId).where(sql`${t.returnedAt} is null`),
    uniqueIndex("credit_uses_session_idx").on(t.trainingSessionId).where(sql`${t.returnedAt} is null`),
  ],
);

/**
 * A provider's webhook event, stored once by its id when it arrives and processed on the job
 * store (exactly once: the row is locked and `processedAt` set in the transaction that applies it).
 */
export const billingEvent = pgTable(
  "billing_events",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: ["gocardless"] }).notNull(),
    resource: text("resource").notNull(),
    action: text("action").notNull(),
    resourceId: text("resource_id"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** The event as ProviderEvent (no personal data: GoCardless events carry ids only). */
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /** What processing did, in words, for the staff list and the logs. */
    outcome: text("outcome"),
  },
  (t) => [index("billing_events_unprocessed_idx").on(t.receivedAt).where(sql`${t.processedAt} is null`), index("billing_events_resource_idx").on(t.resourceId)],
);
