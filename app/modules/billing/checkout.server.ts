/**
 * A member buys a product (decision 0137). Direct debit on: the pending plan and a checkout
 * are saved in one transaction, then (outside it) the provider's hosted page is started, or,
 * when the member has an active mandate already, the first payment is collected on it.
 * Direct debit off: the pending plan waits for staff to record the payment. Nothing here
 * activates anything: only a confirmed payment does (settlement).
 *
 * A provider error leaves the pending plan and its checkout (or payment) in place, without
 * the provider's id: 'Continue' (or the same 'Buy' again) retries with the same idempotency
 * key, so a call whose answer was lost is the same billing request or payment, never a second.
 */
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { billingCheckout, billingMandate, billingPayment, billingProduct, memberPlan } from "~/db/schema/billing";
import { AppError } from "~/lib/app-error";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import type { PaymentProvider } from "~/lib/payments/payment-provider";
import { getPaymentProvider } from "~/lib/payments/payment-provider.server";
import { todayIn } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { amountOf, periodOf } from "./periods";
import { createPendingPlan, lockMember, requireBillingMember, type Plan, type Product } from "./plans.server";

type Actor = Pick<SessionUser, "id" | "role" | "email" | "name">;

export const CHOOSE_PRODUCT = "Please choose a package or pack from the list.";
export const PROVIDER_UNREACHABLE =
  "We could not reach our Direct Debit provider, so nothing has been set up or charged. Please try again in a few minutes: your choice is kept.";
/** Hosted pages one plan may start (each 'Continue' after a page was cancelled at the provider starts one). */
export const MAX_CHECKOUTS_PER_PLAN = 10;

const choice = z.object({ productId: z.string({ error: CHOOSE_PRODUCT }).trim().min(1, CHOOSE_PRODUCT).max(100, CHOOSE_PRODUCT) });

export type CheckoutAnswer =
  /** Send the browser to the provider's hosted page. */
  | { kind: "redirect"; url: string; checkoutId: string; planId: string }
  /** The first payment was asked of the member's active mandate: no page to visit. */
  | { kind: "collected"; planId: string; name: string }
  /** Direct debit is off: the coach takes the payment and records it. */
  | { kind: "manual"; planId: string; name: string };

type Prepared =
  | { kind: "start"; plan: Plan; checkoutId: string }
  | { kind: "redirect"; plan: Plan; checkoutId: string; url: string }
  | { kind: "collect"; plan: Plan; paymentId: string; mandateId: string; providerPaymentId: string | null }
  | { kind: "manual"; plan: Plan };

/** A live product the member can buy, or 400. */
async function liveProduct(tx: Db, productId: string): Promise<Product> {
  const [row] = await tx
    .select()
    .from(billingProduct)
    .where(and(eq(billingProduct.id, productId), isNull(billingProduct.archivedAt)));
  if (!row) throw new AppError(400, CHOOSE_PRODUCT, { title: "No such package" });
  return row;
}

/** The member's plan of this product still waiting for its first payment: a second tap continues it. */
async function waitingPlan(tx: Db, memberId: string, productId: string): Promise<Plan | null> {
  const [row] = await tx
    .select()
    .from(memberPlan)
    .where(and(eq(memberPlan.memberId, memberId), eq(memberPlan.productId, productId), eq(memberPlan.status, "pending")))
    .orderBy(desc(memberPlan.createdAt))
    .limit(1);
  return row ?? null;
}

async function activeMandate(tx: Db, memberId: string) {
  const [row] = await tx
    .select()
    .from(billingMandate)
    .where(and(eq(billingMandate.memberId, memberId), eq(billingMandate.status, "active")))
    .orderBy(desc(billingMandate.updatedAt))
    .limit(1);
  return row ?? null;
}

/** The first payment's row, pending, for a plan collected on an active mandate. */
async function addFirstPayment(tx: Db, plan: Plan, timeZone: string, now: Date): Promise<string> {
  const period = periodOf(plan, todayIn(timeZone, now), 0);
  const id = crypto.randomUUID();
  await tx.insert(billingPayment).values({
    id,
    memberId: plan.memberId,
    planId: plan.id,
    description: `${plan.name}: first payment`,
    amountMinor: amountOf(plan, 0),
    currency: plan.currency,
    method: "direct_debit",
    status: "pending",
    periodStart: period?.start ?? null,
    periodEnd: period?.end ?? null,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

async function newCheckout(tx: Db, plan: Plan, now: Date): Promise<string> {
  const [made] = await tx.select({ n: count() }).from(billingCheckout).where(eq(billingCheckout.planId, plan.id));
  if ((made?.n ?? 0) >= MAX_CHECKOUTS_PER_PLAN) {
    throw new AppError(409, "Setting up this Direct Debit has been started too many times. Please cancel it and choose again, or ask your coach.", { title: "Too many attempts" });
  }
  const id = crypto.randomUUID();
  await tx.insert(billingCheckout).values({ id, memberId: plan.memberId, productId: plan.productId, planId: plan.id, provider: "gocardless", createdAt: now, updatedAt: now });
  return id;
}

/** Where a waiting plan continues: its open checkout's page, its first payment, or a new checkout. */
async function continueWaiting(tx: Db, plan: Plan, now: Date): Promise<Prepared> {
  if (plan.method === "manual") return { kind: "manual", plan };
  if (plan.mandateId) {
    const [payment] = await tx.select().from(billingPayment).where(eq(billingPayment.planId, plan.id)).orderBy(billingPayment.createdAt).limit(1);
    const [mandate] = await tx.select().from(billingMandate).where(eq(billingMandate.id, plan.mandateId));
    if (payment && mandate) return { kind: "collect", plan, paymentId: payment.id, mandateId: mandate.providerMandateId, providerPaymentId: payment.providerPaymentId };
  }
  const [open] = await tx
    .select()
    .from(billingCheckout)
    .where(and(eq(billingCheckout.planId, plan.id), eq(billingCheckout.status, "open")))
    .orderBy(desc(billingCheckout.createdAt))
    .limit(1);
  if (open?.redirectUrl) return { kind: "redirect", plan, checkoutId: open.id, url: open.redirectUrl };
  return { kind: "start", plan, checkoutId: open?.id ?? (await newCheckout(tx, plan, now)) };
}

/** One transaction under the member's row lock: a double tap waits here, then continues what the first made. */
function prepare(member: Actor, productId: string, directDebit: boolean, timeZone: string, now: Date): Promise<Prepared> {
  return getDb().transaction(async (tx) => {
    await lockMember(tx, member.id);
    const product = await liveProduct(tx, productId);
    const waiting = await waitingPlan(tx, member.id, product.id);
    if (waiting) return continueWaiting(tx, waiting, now);
    if (!directDebit) return { kind: "manual", plan: (await createPendingPlan(tx, { memberId: member.id, product, method: "manual", now })).plan };
    const mandate = await activeMandate(tx, member.id);
    const { plan } = await createPendingPlan(tx, { memberId: member.id, product, method: "direct_debit", now, mandateId: mandate?.id ?? null });
    if (mandate) return { kind: "collect", plan, paymentId: await addFirstPayment(tx, plan, timeZone, now), mandateId: mandate.providerMandateId, providerPaymentId: null };
    return { kind: "start", plan, checkoutId: await newCheckout(tx, plan, now) };
  });
}

function payerOf(member: Actor) {
  const [givenName, ...rest] = (member.name ?? "").trim().split(/\s+/);
  return { email: member.email, givenName: givenName || undefined, familyName: rest.join(" ") || undefined };
}

/** The provider's call, outside any transaction; a failure becomes the member's message (503). */
async function callProvider<T>(work: () => Promise<T>, context: Record<string, string>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    getLogger().warn({ ...context, err: error instanceof Error ? error.message : String(error) }, "the payment provider refused or could not be reached");
    throw new AppError(503, PROVIDER_UNREACHABLE, { title: "Direct Debit not set up" });
  }
}

async function startHostedPage(provider: PaymentProvider, member: Actor, plan: Plan, checkoutId: string): Promise<CheckoutAnswer> {
  const back = `${getEnv().BASE_URL}/members/billing?checkout=${encodeURIComponent(checkoutId)}`;
  const started = await callProvider(
    () =>
      provider.startMandateWithFirstPayment({
        idempotencyKey: checkoutId,
        currency: plan.currency,
        description: plan.name,
        firstPayment: { amountMinor: amountOf(plan, 0), description: `${plan.name}: first payment` },
        payer: payerOf(member),
        returnUrl: back,
        exitUrl: back,
        metadata: { plan: plan.id, checkout: checkoutId },
      }),
    { checkoutId },
  );
  // Taps that met the same unfinished checkout each got a link to the same billing request: the first saved is everyone's page.
  const [saved] = await getDb()
    .update(billingCheckout)
    .set({ providerCheckoutId: started.checkoutId, redirectUrl: started.redirectUrl, updatedAt: new Date() })
    .where(and(eq(billingCheckout.id, checkoutId), isNull(billingCheckout.redirectUrl)))
    .returning({ url: billingCheckout.redirectUrl });
  const [stored] = saved ? [saved] : await getDb().select({ url: billingCheckout.redirectUrl }).from(billingCheckout).where(eq(billingCheckout.id, checkoutId));
  return { kind: "redirect", url: stored?.url ?? started.redirectUrl, checkoutId, planId: plan.id };
}

async function collectFirstPayment(provider: PaymentProvider, prepared: Extract<Prepared, { kind: "collect" }>): Promise<CheckoutAnswer> {
  const { plan } = prepared;
  const answer: CheckoutAnswer = { kind: "collected", planId: plan.id, name: plan.name };
  if (prepared.providerPaymentId) return answer;
  const payment = await callProvider(
    () =>
      provider.collectPayment({
        idempotencyKey: `plan-${plan.id}`,
        mandateId: prepared.mandateId,
        amountMinor: amountOf(plan, 0),
        currency: plan.currency,
        description: `${plan.name}: first payment`,
        metadata: { plan: plan.id },
      }),
    { planId: plan.id },
  );
  await getDb()
    .update(billingPayment)
    .set({ providerPaymentId: payment.id, chargeDate: payment.chargeDate, updatedAt: new Date() })
    .where(eq(billingPayment.id, prepared.paymentId));
  return answer;
}

/**
 * The member buys (or continues buying) a product. Refused: staff (403), an unknown or
 * archived product (400), a second package (409), too many packs waiting (409), the
 * provider unreachable or refusing (503, the choice kept for 'Continue').
 */
export async function startCheckout(actor: Actor, input: unknown, now: Date = new Date()): Promise<CheckoutAnswer> {
  requireBillingMember(actor);
  const member = actor;
  const { productId } = choice.parse(input);
  const provider = getPaymentProvider();
  const { timeZone } = await getSiteSettings();
  const prepared = await prepare(member, productId, provider !== null, timeZone, now);
  if (prepared.kind === "manual") return { kind: "manual", planId: prepared.plan.id, name: prepared.plan.name };
  if (prepared.kind === "redirect") return { kind: "redirect", url: prepared.url, checkoutId: prepared.checkoutId, planId: prepared.plan.id };
  // Direct debit was turned off since the plan was made: the coach takes this one.
  if (!provider) return { kind: "manual", planId: prepared.plan.id, name: prepared.plan.name };
  if (prepared.kind === "collect") return collectFirstPayment(provider, prepared);
  return startHostedPage(provider, member, prepared.plan, prepared.checkoutId);
}

export type ReturnState = "completed" | "not-finished" | "unknown";

/**
 * What the return from the hosted page should say, read from the provider (never from the
 * redirect itself, and never activating anything). Only the member's own checkout is read.
 */
export async function checkoutReturnState(actor: Actor, checkoutId: string): Promise<{ state: ReturnState; productId: string | null } | null> {
  requireBillingMember(actor);
  if (checkoutId.length > 100) return null;
  const [row] = await getDb()
    .select()
    .from(billingCheckout)
    .where(and(eq(billingCheckout.id, checkoutId), eq(billingCheckout.memberId, actor.id)));
  if (!row) return null;
  if (row.status === "completed") return { state: "completed", productId: row.productId };
  if (row.status !== "open") return { state: "not-finished", productId: row.productId };
  const provider = getPaymentProvider();
  if (!provider || !row.providerCheckoutId) return { state: "not-finished", productId: row.productId };
  try {
    const found = await provider.getCheckout(row.providerCheckoutId);
    return { state: found.state === "completed" ? "completed" : "not-finished", productId: row.productId };
  } catch {
    return { state: "unknown", productId: row.productId };
  }
}
