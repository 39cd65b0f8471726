/**
 * A member's billing in their data (decision 0143), on the real database: two members with
 * seed:demo's billing (a weekly package, four paid weeks with receipts, one failed payment),
 * the first also with a refund, a class pack with a credit used, a direct-debit set-up and an
 * audit line about a payment. Their export holds all of it and nothing of the other member;
 * erasure is refused while the package runs or a payment is being collected, then keeps the
 * receipts' numbers and amounts and the payments without the person, removes the rest, and
 * its report says so.
 */
import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailedToken } from "~/../tests/support/outbox";
import { seedBilling } from "~/../scripts/seed-demo-billing";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { billingCheckout, billingMandate, billingPayment, billingReceipt, billingRefund, creditGrant, creditUse, memberPlan } from "~/db/schema/billing";
import { runDueJobs } from "~/jobs.server";
import { AppError } from "~/lib/app-error";
import { todayIn } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { KEPT_AS_ACCOUNTS, PAYMENT_BEING_COLLECTED, PLAN_STILL_LIVE } from "./catalogue-billing.server";
import { DOWNLOAD_PATH, openExportDownload, requestOwnExport } from "./data-exports.server";
import { eraseMember, getErasureReport } from "./erasure.server";
import { bytesOf, readZip, tablesHolding } from "./member-data.test-support";

type Person = { id: string; email: string; name: string; role: "member" | "admin" };
let ann: Person;
let bob: Person;
let admin: Person;
let annPayments: string[];

const person = async (email: string, name: string, role: Person["role"]): Promise<Person> => {
  const created = await createUserWithPassword({ email, password: "member-data-pass-1", name, role });
  return { id: created.id, email: created.email, name: created.name, role };
};

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const receiptsOf = (memberId: string) => getDb().select().from(billingReceipt).where(eq(billingReceipt.memberId, memberId)).orderBy(billingReceipt.number);

beforeAll(async () => {
  admin = await person("ada@billing-data.test", "Ada Admin", "admin");
  ann = await person("ann@billing-data.test", "Annabel Example", "member");
  bob = await person("bob@billing-data.test", "Bobby Other", "member");
  const today = todayIn((await getSiteSettings()).timeZone);
  expect(await seedBilling(ann, today)).toBe(5);
  expect(await seedBilling(bob, today)).toBe(5);
  const db = getDb();
  annPayments = (await db.select({ id: billingPayment.id }).from(billingPayment).where(eq(billingPayment.memberId, ann.id)).orderBy(billingPayment.periodStart)).map((p) => p.id);
  await db.insert(billingRefund).values({ id: crypto.randomUUID(), paymentId: annPayments[0]!, amountMinor: 1000, status: "paid", providerRefundId: "RF_TEST1", reason: "Annabel Example missed a week" });
  await db.update(billingPayment).set({ refundedMinor: 1000 }).where(eq(billingPayment.id, annPayments[0]!));
  const packId = crypto.randomUUID();
  await db.insert(memberPlan).values({ id: packId, memberId: ann.id, productId: "prod_pt_starter", name: "Starter Pack", kind: "pack", priceMinor: 20000, currency: "GBP", method: "manual", status: "active" });
  const grantId = crypto.randomUUID();
  await db.insert(creditGrant).values({ id: grantId, memberId: ann.id, planId: packId, kind: "session", name: "Starter Pack", total: 4, status: "active", expiresAt: new Date(Date.now() + 90 * 86_400_000) });
  await db.insert(creditUse).values({ id: crypto.randomUUID(), grantId, memberId: ann.id });
  await db.insert(billingCheckout).values({ id: crypto.randomUUID(), memberId: ann.id, productId: "prod_online_coaching", provider: "gocardless", providerCheckoutId: "BRQ_TEST1", redirectUrl: "https://pay.example/flow/secret-link", status: "completed" });
  await db.insert(auditLog).values({ id: crypto.randomUUID(), actorId: admin.id, actorEmail: admin.email, action: "billing.refunded", targetType: "billing_payment", targetId: annPayments[0]!, summary: "Refunded £10.00" });
}, 60_000);

describe("the demo's billing", () => {
  it("puts a member on the weekly package by direct debit: four weeks paid with receipts numbered in order, this week's payment failed, the plan past due", async () => {
    const [plan] = await getDb().select().from(memberPlan).where(and(eq(memberPlan.memberId, bob.id), eq(memberPlan.kind, "subscription")));
    expect(plan).toMatchObject({ productId: "prod_online_coaching", method: "direct_debit", status: "past_due", priceMinor: 3500, intervalUnit: "week", endsOn: null });
    expect(plan!.unpaidSince).toBeInstanceOf(Date);
    expect(plan!.providerSubscriptionId).toMatch(/^SB_DEMO[0-9A-F]{10}$/);
    const payments = await getDb().select().from(billingPayment).where(eq(billingPayment.memberId, bob.id)).orderBy(billingPayment.periodStart);
    expect(payments.map((p) => p.status)).toEqual(["confirmed", "confirmed", "confirmed", "confirmed", "failed"]);
    expect(plan!.paidThrough).toBe(payments[3]!.periodEnd);
    expect(payments[4]!.failedAt).toEqual(plan!.unpaidSince);
    const [mandate] = await getDb().select().from(billingMandate).where(eq(billingMandate.memberId, bob.id));
    expect(mandate).toMatchObject({ status: "active", providerMandateId: expect.stringMatching(/^MD_DEMO/) as unknown });
    // Ann's four receipts then Bob's four: one run of numbers, no gap.
    const numbers = [...(await receiptsOf(ann.id)), ...(await receiptsOf(bob.id))].map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => numbers[0]! + i));
    expect((await receiptsOf(bob.id))[0]).toMatchObject({ payerName: "Bobby Other", payerEmail: bob.email, amountMinor: 3500, paymentId: payments[0]!.id });
  });

  it("is made once: a second run adds nothing", async () => {
    expect(await seedBilling(bob, todayIn((await getSiteSettings()).timeZone))).toBe(0);
    expect(await getDb().select().from(memberPlan).where(eq(memberPlan.memberId, bob.id))).toHaveLength(1);
  });
});

describe("the export", () => {
  it("holds the member's plans, payments, refunds, receipts, credits, set-ups and mandates, without the hosted page's address, and nothing of another member", async () => {
    await requestOwnExport(ann);
    await runDueJobs();
    const files = await readZip(await bytesOf(await openExportDownload(ann, mailedToken(ann.email, DOWNLOAD_PATH))));
    const rowsOf = (table: string) => JSON.parse(files.get(`data/${table}.json`)!.toString()) as Array<Record<string, unknown>>;
    const counts = Object.fromEntries(
      ["member_plans", "billing_payments", "billing_refunds", "billing_receipts", "credit_grants", "credit_uses", "billing_checkouts", "billing_mandates"].map((t) => [t, rowsOf(t).length]),
    );
    expect(counts).toEqual({ member_plans: 2, billing_payments: 5, billing_refunds: 1, billing_receipts: 4, credit_grants: 1, credit_uses: 1, billing_checkouts: 1, billing_mandates: 1 });
    expect(rowsOf("billing_receipts").map((r) => r.payer_email)).toEqual(Array(4).fill(ann.email));
    expect(rowsOf("billing_mandates")[0]!.provider_mandate_id).toMatch(/^MD_DEMO/);
    expect(rowsOf("billing_checkouts")[0]).not.toHaveProperty("redirect_url");
    expect(rowsOf("billing_checkouts")[0]).toHaveProperty("provider_checkout_id", "BRQ_TEST1");
    for (const [name, bytes] of files) if (name.startsWith("data/")) expect(bytes.toString(), name).not.toContain(bob.id);
    expect(files.get("README.txt")!.toString()).toContain("data/billing_receipts.json");
  });
});

describe("erasure", () => {
  const form = (m: Person) => ({ confirmEmail: m.email });

  it("is refused while the package runs, then while a payment is being collected, and changes nothing", async () => {
    const before = await tablesHolding(ann);
    expect(await refusal(eraseMember(admin, ann.id, form(ann)))).toMatchObject({ status: 409, message: PLAN_STILL_LIVE });
    // 'Cancel' on the billing page: the plan ends after its paid period, nothing more is charged.
    await getDb().update(memberPlan).set({ endsOn: sql`${memberPlan.paidThrough}` }).where(and(eq(memberPlan.memberId, ann.id), eq(memberPlan.kind, "subscription")));
    await getDb().update(billingPayment).set({ status: "pending" }).where(eq(billingPayment.id, annPayments[4]!));
    expect(await refusal(eraseMember(admin, ann.id, form(ann)))).toMatchObject({ status: 409, message: PAYMENT_BEING_COLLECTED });
    expect(await tablesHolding(ann)).toEqual(before);
    await getDb().update(billingPayment).set({ status: "failed" }).where(eq(billingPayment.id, annPayments[4]!));
  });

  it("keeps receipts (numbers, amounts), payments and refunds without the person, removes plans, credits, set-ups and mandates, and the report says so", async () => {
    const receipts = (await receiptsOf(ann.id)).map((r) => ({ id: r.id, number: r.number, amountMinor: r.amountMinor, description: r.description, paidOn: r.paidOn }));
    const bobBefore = await tablesHolding(bob);

    const report = await getErasureReport(admin, await eraseMember(admin, ann.id, form(ann)));

    expect(await tablesHolding(ann)).toEqual({});
    // Nor the name, which a refund's reason or a receipt's payer held.
    expect(await namedRows(ann.name)).toBe(0);
    const kept = await getDb().select().from(billingReceipt).where(inArray(billingReceipt.id, receipts.map((r) => r.id))).orderBy(billingReceipt.number);
    expect(kept.map((r) => ({ id: r.id, number: r.number, amountMinor: r.amountMinor, description: r.description, paidOn: r.paidOn }))).toEqual(receipts);
    for (const r of kept) expect(r).toMatchObject({ memberId: null, payerName: null, payerEmail: null, businessName: expect.any(String) as unknown });
    const payments = await getDb().select().from(billingPayment).where(inArray(billingPayment.id, annPayments)).orderBy(billingPayment.periodStart);
    expect(payments.map((p) => [p.memberId, p.planId, p.status, p.amountMinor])).toEqual([
      ...Array(4).fill([null, null, "confirmed", 3500]),
      [null, null, "failed", 3500],
    ]);
    expect(payments[0]!.refundedMinor).toBe(1000);
    expect(await getDb().select({ amount: billingRefund.amountMinor, reason: billingRefund.reason }).from(billingRefund).where(eq(billingRefund.paymentId, annPayments[0]!))).toEqual([{ amount: 1000, reason: "" }]);
    expect(await getDb().select().from(auditLog).where(eq(auditLog.targetId, annPayments[0]!))).toEqual([]);

    const byTable = new Map(report.tables.map((t) => [t.table, t]));
    for (const table of ["billing_receipts", "billing_payments", "billing_refunds"]) expect(byTable.get(table), table).toMatchObject({ kept: KEPT_AS_ACCOUNTS });
    expect(byTable.get("billing_receipts")).toMatchObject({ kind: "Receipts", rows: 4 });
    expect(byTable.get("billing_payments")).toMatchObject({ kind: "Payments", rows: 5 });
    for (const table of ["member_plans", "billing_mandates", "billing_checkouts", "credit_grants", "credit_uses"]) expect(byTable.get(table)?.kept, table).toBeUndefined();
    expect(byTable.get("member_plans")?.rows).toBe(2);
    expect(byTable.get("billing_mandates")?.kind).toBe("Direct debit mandates");

    // The other member's billing is theirs still.
    expect(await tablesHolding(bob)).toEqual(bobBefore);
    expect(await receiptsOf(bob.id)).toHaveLength(4);
  });
});

/** Refunds and receipts whose any column holds `name`. */
async function namedRows(name: string): Promise<number> {
  const result = (await getDb().execute(
    sql`select (select count(*) from billing_refunds r where position(${name} in r::text) > 0) + (select count(*) from billing_receipts c where position(${name} in c::text) > 0) as n`,
  )) as unknown as { rows: Array<{ n: number | string }> };
  return Number(result.rows[0]?.n ?? 0);
}
