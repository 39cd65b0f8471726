/**
 * The member's own billing page (/members/billing): their package and its next payment,
 * packs waiting for payment, one page of their payments with receipts, their credits, and
 * the live products they can buy. Every query is scoped by the acting member's id here.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { billingCheckout, billingPayment, billingProduct, billingReceipt, creditGrant, creditUse, memberPlan } from "~/db/schema/billing";
import { formatLongDate } from "~/lib/dates";
import { getPaymentProvider } from "~/lib/payments/payment-provider.server";
import { addDays, todayIn, toZonedParts } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { getBillingSettings } from "./billing-settings.server";
import { PAYMENTS_PER_PAGE, paymentStatusWords, periodLabel, planStatusWords } from "./member-billing";
import { formatMoney } from "./money";
import { amountOf, periodOf } from "./periods";
import { livePackage, MAX_PENDING_PACKS, requireBillingMember, type Plan } from "./plans.server";

type Actor = Pick<SessionUser, "id" | "role" | "email">;

/** Grants listed at most: packs bought and not yet used up or expired. */
const MAX_GRANTS = 50;
/** Products offered at most (the catalogue is the coach's, and small). */
const MAX_PRODUCTS = 100;

/** The first period not yet paid for, and what it costs; null when nothing more is due (a term paid in full, a cancel). */
function nextPayment(plan: Plan): { date: string; amountMinor: number } | null {
  if (plan.cancelRequestedAt || !plan.startsOn || !plan.paidThrough) return null;
  for (let index = 0; index < 1000; index++) {
    const period = periodOf(plan, plan.startsOn, index);
    if (!period) return null;
    if (period.start > plan.paidThrough) return { date: period.start, amountMinor: amountOf(plan, index) };
  }
  return null;
}

/** What the member should know or do about their package's state. */
function statusNote(plan: Plan, graceDays: number, timeZone: string): string | null {
  if (plan.status === "pending") {
    return plan.method === "manual"
      ? "Your coach takes this payment in person (cash or bank transfer). Your package starts when they record it."
      : "Your Direct Debit is being set up; we'll e-mail your receipt when the first payment is confirmed.";
  }
  if (plan.status === "past_due") {
    const until = plan.unpaidSince ? formatLongDate(addDays(toZonedParts(plan.unpaidSince, timeZone).date, graceDays)) : null;
    return `A payment could not be taken. Please check that your bank account can pay it, then ask your coach to retry it.${until ? ` Your package carries on until ${until}; after that it pauses until paid.` : ""}`;
  }
  if (plan.status === "paused") return "A payment is unpaid, so new bookings are paused. Please contact your coach to pay it: everything resumes once it is paid.";
  if (plan.endsOn) return `Cancelled: ends on ${formatLongDate(plan.endsOn)}.`;
  return null;
}

async function packageOf(memberId: string, timeZone: string) {
  const db = getDb();
  const plan = await livePackage(db, memberId);
  if (!plan) return null;
  const { graceDays } = await getBillingSettings();
  const next = nextPayment(plan);
  const [open] = await db
    .select({ id: billingCheckout.id, redirectUrl: billingCheckout.redirectUrl })
    .from(billingCheckout)
    .where(and(eq(billingCheckout.planId, plan.id), eq(billingCheckout.status, "open")))
    .limit(1);
  return {
    id: plan.id,
    productId: plan.productId,
    name: plan.name,
    price: formatMoney(plan.priceMinor, plan.currency),
    period: periodLabel({ ...plan, credits: null, creditKind: null }),
    status: plan.endsOn && plan.status !== "pending" ? ("ending" as const) : plan.status,
    statusText: plan.endsOn && plan.status === "active" ? `Ends on ${formatLongDate(plan.endsOn)}` : planStatusWords[plan.status],
    note: statusNote(plan, graceDays, timeZone),
    next: next ? { date: formatLongDate(next.date), amount: formatMoney(next.amountMinor, plan.currency) } : null,
    cancelled: plan.cancelRequestedAt !== null,
    /** What 'Cancel' does to it: ends on this date, or at once (never paid). */
    cancelEnds: plan.status === "pending" && !plan.paidThrough ? null : formatLongDate(plan.endsOn ?? plan.paidThrough ?? todayIn(timeZone)),
    /** A hosted page not finished: 'Continue setting up' (the same 'Buy' again). */
    canContinue: plan.status === "pending" && plan.method === "direct_debit" && (open !== undefined || plan.mandateId !== null),
  };
}

async function waitingPacks(memberId: string) {
  const rows = await getDb()
    .select()
    .from(memberPlan)
    .where(and(eq(memberPlan.memberId, memberId), eq(memberPlan.kind, "pack"), eq(memberPlan.status, "pending")))
    .orderBy(desc(memberPlan.createdAt))
    .limit(MAX_PENDING_PACKS);
  return rows.map((p) => ({ id: p.id, productId: p.productId, name: p.name, price: formatMoney(p.priceMinor, p.currency), method: p.method }));
}

async function paymentsPage(memberId: string, page: number, timeZone: string) {
  const db = getDb();
  const mine = eq(billingPayment.memberId, memberId);
  const [total] = await db.select({ n: count() }).from(billingPayment).where(mine);
  const pageCount = Math.max(1, Math.ceil((total?.n ?? 0) / PAYMENTS_PER_PAGE));
  const current = Math.min(page, pageCount);
  const rows = await db
    .select({ payment: billingPayment, receiptId: billingReceipt.id })
    .from(billingPayment)
    .leftJoin(billingReceipt, eq(billingReceipt.paymentId, billingPayment.id))
    .where(mine)
    .orderBy(desc(billingPayment.createdAt), desc(billingPayment.id))
    .limit(PAYMENTS_PER_PAGE)
    .offset((current - 1) * PAYMENTS_PER_PAGE);
  return {
    page: current,
    pageCount,
    total: total?.n ?? 0,
    items: rows.map(({ payment: p, receiptId }) => ({
      id: p.id,
      date: formatLongDate(p.chargeDate ?? toZonedParts(p.createdAt, timeZone).date),
      description: p.description,
      amount: formatMoney(p.amountMinor, p.currency),
      status: paymentStatusWords(p.status, p.refundedMinor),
      receiptId: receiptId ?? null,
    })),
  };
}

/** Packs bought: what is left of each (uses not given back), paid ones first to expire first; pending ones as waiting. */
async function creditsOf(memberId: string, now: Date, timeZone: string) {
  const used = getDb()
    .select({ grantId: creditUse.grantId, n: count().as("n") })
    .from(creditUse)
    .where(and(eq(creditUse.memberId, memberId), isNull(creditUse.returnedAt)))
    .groupBy(creditUse.grantId)
    .as("used");
  const rows = await getDb()
    .select({ grant: creditGrant, used: sql<number>`coalesce(${used.n}, 0)`.mapWith(Number) })
    .from(creditGrant)
    .leftJoin(used, eq(used.grantId, creditGrant.id))
    .where(and(eq(creditGrant.memberId, memberId), inArray(creditGrant.status, ["pending", "active"]), gt(creditGrant.expiresAt, now)))
    .orderBy(asc(creditGrant.expiresAt))
    .limit(MAX_GRANTS);
  return rows
    .map(({ grant, used: n }) => ({
      id: grant.id,
      name: grant.name,
      kind: grant.kind === "class" ? "Class credits" : "1:1 session credits",
      left: grant.total - n,
      total: grant.total,
      pending: grant.status === "pending",
      expires: formatLongDate(toZonedParts(grant.expiresAt, timeZone).date),
    }))
    .filter((g) => g.pending || g.left > 0);
}

async function productsOffered(currency: string) {
  const rows = await getDb()
    .select()
    .from(billingProduct)
    .where(isNull(billingProduct.archivedAt))
    .orderBy(asc(billingProduct.kind), asc(billingProduct.page), asc(billingProduct.position), asc(billingProduct.name))
    .limit(MAX_PRODUCTS);
  const shown = rows.map((p) => ({
    id: p.id,
    kind: p.kind,
    name: p.name,
    price: formatMoney(p.priceMinor, currency),
    period: periodLabel(p),
    description: p.description,
    features: p.features,
    popular: p.popular,
    note: p.note,
  }));
  return { packages: shown.filter((p) => p.kind !== "pack"), packs: shown.filter((p) => p.kind === "pack") };
}

/** Everything /members/billing shows the member; `product` is an invitation's package, shown first when it is still offered. */
export async function getOwnBilling(actor: Actor, query: { page: number; product?: string }, now: Date = new Date()) {
  const member = requireBillingMember(actor);
  const { timeZone } = await getSiteSettings();
  const { currency } = await getBillingSettings();
  const [current, packs, payments, credits, products] = await Promise.all([
    packageOf(member.id, timeZone),
    waitingPacks(member.id),
    paymentsPage(member.id, query.page, timeZone),
    creditsOf(member.id, now, timeZone),
    productsOffered(currency),
  ]);
  const suggested = query.product && !current ? (products.packages.find((p) => p.id === query.product) ?? null) : null;
  return {
    directDebit: getPaymentProvider() !== null,
    package: current,
    waitingPacks: packs,
    payments,
    credits,
    packages: products.packages,
    packs: products.packs,
    suggested,
  };
}

export type OwnBilling = Awaited<ReturnType<typeof getOwnBilling>>;
