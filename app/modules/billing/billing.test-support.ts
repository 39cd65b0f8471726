/**
 * Billing rows for tests, written as the billing modules leave them (a plan bought, a payment
 * collected), so a test of one rule does not go through every other slice to get there.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { billingPayment, billingProduct, creditGrant, memberPlan } from "~/db/schema/billing";

type PlanRow = typeof memberPlan.$inferInsert;
type PaymentRow = typeof billingPayment.$inferInsert;

/** A plan of the member copied from a starting product (Online Coaching by default), pending unless told. */
export async function insertPlan(memberId: string, overrides: Partial<PlanRow> = {}, productId = "prod_online_coaching") {
  const [product] = await getDb().select().from(billingProduct).where(eq(billingProduct.id, productId));
  if (!product) throw new Error(`No product ${productId}`);
  const row: PlanRow = {
    id: `plan_${randomUUID()}`,
    memberId,
    productId,
    name: product.name,
    kind: product.kind,
    priceMinor: product.priceMinor,
    currency: "GBP",
    intervalUnit: product.intervalUnit,
    intervalCount: product.intervalCount,
    termWeeks: product.termWeeks,
    instalments: product.instalments,
    classAccess: product.classAccess,
    classesPerWeek: product.classesPerWeek,
    sessionsPerWeek: product.sessionsPerWeek,
    programTemplateId: product.programTemplateId,
    method: "direct_debit",
    status: "pending",
    ...overrides,
  };
  await getDb().insert(memberPlan).values(row);
  if (product.kind === "pack" && !overrides.status) {
    await getDb()
      .insert(creditGrant)
      .values({ id: `grant_${randomUUID()}`, memberId, planId: row.id, kind: product.creditKind ?? "class", name: product.name, total: product.credits ?? 1, status: "pending", expiresAt: new Date(Date.now() + 90 * 86_400_000) });
  }
  return row as PlanRow & { id: string };
}

/** A payment of the plan (pending by default) for the given period. */
export async function insertPayment(plan: { id: string; memberId?: string | null; priceMinor: number; name: string }, overrides: Partial<PaymentRow> = {}) {
  const row: PaymentRow = {
    id: `pay_${randomUUID()}`,
    memberId: plan.memberId ?? null,
    planId: plan.id,
    description: plan.name,
    amountMinor: plan.priceMinor,
    currency: "GBP",
    method: "direct_debit",
    status: "pending",
    ...overrides,
  };
  await getDb().insert(billingPayment).values(row);
  return row as PaymentRow & { id: string };
}
