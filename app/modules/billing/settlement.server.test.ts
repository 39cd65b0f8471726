/**
 * Settlement (decision 0131): a payment's outcome moves its plan, its credits and its receipt
 * once, whichever door it came through and however often the news arrives. Runs on PGlite
 * and PostgreSQL (receipt numbers taken by transactions at once stay gapless).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runDueJobs } from "~/jobs.server";
import { getDb } from "~/db/client.server";
import { billingPayment, billingReceipt, creditGrant, memberPlan } from "~/db/schema/billing";
import { siteSetting } from "~/db/schema/settings";
import { newPerson } from "~/modules/workouts/training.test-support";
import { outboxMails } from "../../../tests/support/outbox";
import { insertPayment, insertPlan } from "./billing.test-support";
import { BILLING_SETTINGS_KEY } from "./billing-settings.server";
import { RECEIPT_COUNTER_KEY } from "./receipts.server";
import { confirmPayment, failPayment } from "./settlement.server";

const NOW = new Date("2030-03-04T09:00:00Z");
const week = (n: number) => ({ periodStart: `2030-03-${String(4 + 7 * n).padStart(2, "0")}`, periodEnd: `2030-03-${String(10 + 7 * n).padStart(2, "0")}` });

const planOf = async (id: string) => (await getDb().select().from(memberPlan).where(eq(memberPlan.id, id)))[0]!;
const paymentOf = async (id: string) => (await getDb().select().from(billingPayment).where(eq(billingPayment.id, id)))[0]!;
const confirm = (id: string, status?: "confirmed" | "paid_out") => getDb().transaction((tx) => confirmPayment(tx, id, NOW, status));
const fail = (id: string, status: "failed" | "charged_back" | "cancelled" = "failed") => getDb().transaction((tx) => failPayment(tx, id, { status, reason: "The payer's bank refused it", now: NOW }));

describe("confirmPayment", () => {
  it("starts a pending plan, pays it through the period and issues one receipt, however often it is told", async () => {
    const member = await newPerson();
    const plan = await insertPlan(member.id);
    const payment = await insertPayment(plan, week(0));
    const first = await confirm(payment.id);
    expect(first).toMatchObject({ planStarted: true, changed: true });
    expect(await planOf(plan.id)).toMatchObject({ status: "active", paidThrough: "2030-03-10", startsOn: "2030-03-04", unpaidSince: null });
    const again = await confirm(payment.id);
    expect(again).toEqual({ receiptId: first.receiptId, planStarted: false, changed: false });
    const paidOut = await confirm(payment.id, "paid_out");
    expect(paidOut.receiptId).toBe(first.receiptId);
    expect((await paymentOf(payment.id)).status).toBe("paid_out");
    const receipts = await getDb().select().from(billingReceipt).where(eq(billingReceipt.paymentId, payment.id));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ amountMinor: 3500, currency: "GBP", payerEmail: member.email, description: "Online Coaching", vatNumber: null, vatMinor: null });
  });

  it("does not undo a charge-back or a cancelled payment when a late 'confirmed' arrives", async () => {
    const member = await newPerson();
    const plan = await insertPlan(member.id, { status: "active", paidThrough: "2030-03-10", startsOn: "2030-03-04" });
    const payment = await insertPayment(plan, { ...week(0), status: "charged_back" });
    expect(await confirm(payment.id)).toEqual({ receiptId: null, planStarted: false, changed: false });
    expect((await paymentOf(payment.id)).status).toBe("charged_back");
  });

  it("makes a pack's credits usable only when its payment is confirmed, and voids them if it is charged back", async () => {
    const member = await newPerson();
    const plan = await insertPlan(member.id, {}, "prod_pt_starter");
    const payment = await insertPayment(plan);
    const grantOf = async () => (await getDb().select().from(creditGrant).where(eq(creditGrant.planId, plan.id)))[0]!;
    expect((await grantOf()).status).toBe("pending");
    await confirm(payment.id);
    expect(await grantOf()).toMatchObject({ status: "active", paymentId: payment.id });
    expect(await fail(payment.id, "charged_back")).toBe(true);
    expect((await grantOf()).status).toBe("void");
  });

  it("puts VAT on the receipt only when the business has a VAT number", async () => {
    await getDb().insert(siteSetting).values({ key: BILLING_SETTINGS_KEY, value: { vatNumber: "GB123456789", vatRateBasisPoints: 2000 } }).onConflictDoUpdate({ target: siteSetting.key, set: { value: { vatNumber: "GB123456789", vatRateBasisPoints: 2000 } } });
    try {
      const member = await newPerson();
      const plan = await insertPlan(member.id);
      const payment = await insertPayment(plan, { ...week(0), amountMinor: 6000 });
      const { receiptId } = await confirm(payment.id);
      const [receipt] = await getDb().select().from(billingReceipt).where(eq(billingReceipt.id, receiptId!));
      expect(receipt).toMatchObject({ vatNumber: "GB123456789", vatRateBasisPoints: 2000, vatMinor: 1000 });
    } finally {
      await getDb().delete(siteSetting).where(eq(siteSetting.key, BILLING_SETTINGS_KEY));
    }
  });
});

describe("failPayment", () => {
  it("makes an active plan past due from the first failure, pays it through only what is settled, and a confirmed retry makes it active", async () => {
    const member = await newPerson();
    const plan = await insertPlan(member.id);
    const first = await insertPayment(plan, week(0));
    const second = await insertPayment(plan, week(1));
    await confirm(first.id);
    await confirm(second.id);
    expect((await planOf(plan.id)).paidThrough).toBe("2030-03-17");
    const third = await insertPayment(plan, week(2));
    expect(await fail(third.id)).toBe(true);
    expect(await fail(third.id)).toBe(false);
    expect(await planOf(plan.id)).toMatchObject({ status: "past_due", paidThrough: "2030-03-17", unpaidSince: NOW });
    // A late failure of a payment that had been confirmed takes its period back.
    expect(await fail(second.id)).toBe(true);
    expect((await planOf(plan.id)).paidThrough).toBe("2030-03-10");
    await confirm(third.id);
    expect((await planOf(plan.id)).status).toBe("past_due");
    await getDb().update(billingPayment).set({ status: "pending" }).where(eq(billingPayment.id, second.id));
    await confirm(second.id);
    expect(await planOf(plan.id)).toMatchObject({ status: "active", paidThrough: "2030-03-24", unpaidSince: null });
  });

  it("leaves a plan that never started pending, with the failure noted", async () => {
    const member = await newPerson();
    const plan = await insertPlan(member.id);
    const payment = await insertPayment(plan, week(0));
    await fail(payment.id);
    expect(await planOf(plan.id)).toMatchObject({ status: "pending", unpaidSince: NOW, paidThrough: null });
  });
});

describe("receipts", () => {
  it("numbers receipts without gaps when payments are confirmed at the same moment", async () => {
    const member = await newPerson();
    const plan = await insertPlan(member.id, {}, "prod_pt_starter");
    const payments = await Promise.all(Array.from({ length: 6 }, () => insertPayment(plan)));
    const before = await getDb().select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, RECEIPT_COUNTER_KEY));
    const last = (before[0]?.value as { last: number } | undefined)?.last ?? 0;
    const receiptIds = await Promise.all(payments.map((p) => confirm(p.id).then((r) => r.receiptId!)));
    const numbers = (await Promise.all(receiptIds.map(async (id) => (await getDb().select().from(billingReceipt).where(eq(billingReceipt.id, id)))[0]!.number))).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6].map((n) => last + n));
  });

  it("e-mails the receipt as HTML with a text part, with a link to its PDF", async () => {
    const member = await newPerson();
    const plan = await insertPlan(member.id);
    const payment = await insertPayment(plan, week(0));
    const { receiptId } = await confirm(payment.id);
    await runDueJobs();
    const mail = outboxMails().find((m) => m.includes(`To: ${member.email}`) && m.includes("Your receipt"));
    expect(mail).toBeDefined();
    expect(mail).toContain("Content-Type: text/plain");
    expect(mail).toContain("Content-Type: text/html");
    expect(mail).toContain(`/members/billing/receipts/${receiptId}`);
    expect(mail).toContain("35.00");
  });
});
