import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { billingPayment, billingReceipt, memberPlan } from "~/db/schema/billing";
import { addDays } from "~/lib/time-zone";
import { todayForSite } from "~/modules/settings/settings.server";
import { insertPlan } from "./billing.test-support";
import { recordManualPayment } from "./manual-payments.server";
import { cancelMemberPlan } from "./staff-payments-cancel.server";
import { loadMemberBilling } from "./staff-payments-member.server";
import { newPerson } from "./staff-payments-test-support";

const form = (values: Record<string, string> = {}) => ({ key: crypto.randomUUID(), method: "cash", amount: "35.00", for: "plan", description: "", ...values });

async function planOf(id: string) {
  const [plan] = await getDb().select().from(memberPlan).where(eq(memberPlan.id, id));
  return plan!;
}

describe("recording a manual payment", () => {
  it("pays a pending plan's first period: the plan starts, the payment is confirmed with a receipt", async () => {
    const [admin, member] = [await newPerson("admin"), await newPerson("member", "Cash Payer")];
    const plan = await insertPlan(member.id, { method: "manual" });
    const recorded = await recordManualPayment(admin, member.id, form());
    expect(recorded).toMatchObject({ memberName: "Cash Payer", amountText: "£35.00", planStarted: true });
    const [payment] = await getDb().select().from(billingPayment).where(eq(billingPayment.id, recorded.paymentId));
    const today = await todayForSite();
    expect(payment).toMatchObject({ status: "confirmed", method: "cash", amountMinor: 3500, planId: plan.id, periodStart: today, periodEnd: addDays(today, 6), chargeDate: today, recordedById: admin.id });
    expect(await planOf(plan.id)).toMatchObject({ status: "active", startsOn: today, paidThrough: addDays(today, 6) });
    const [receipt] = await getDb().select().from(billingReceipt).where(eq(billingReceipt.paymentId, recorded.paymentId));
    expect(receipt).toMatchObject({ memberId: member.id, amountMinor: 3500 });
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.action, "payment.recorded"));
    expect(audit.at(-1)?.summary).toBe("Recorded a payment of £35.00 from Cash Payer");

    // The next one pays the following week.
    const second = await recordManualPayment(admin, member.id, form({ method: "bank_transfer" }));
    const [next] = await getDb().select().from(billingPayment).where(eq(billingPayment.id, second.paymentId));
    expect(next).toMatchObject({ periodStart: addDays(today, 7), method: "bank_transfer" });
    expect((await planOf(plan.id)).paidThrough).toBe(addDays(today, 13));
    const page = await loadMemberBilling(admin, member.id, 1);
    expect(page.payments.total).toBe(2);
    expect(page.plan?.nextPeriod).toMatchObject({ start: addDays(today, 14), amountMinor: 3500 });
  });

  it("records a plain payment with its description, once for a form sent twice", async () => {
    const [admin, member] = [await newPerson("admin"), await newPerson()];
    const once = form({ for: "other", description: "Nutrition consultation", amount: "60" });
    await recordManualPayment(admin, member.id, once);
    await expect(recordManualPayment(admin, member.id, once)).rejects.toMatchObject({ status: 409, message: "This payment is already recorded." });
    const rows = await getDb().select().from(billingPayment).where(eq(billingPayment.memberId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ description: "Nutrition consultation", amountMinor: 6000, planId: null, status: "confirmed" });
  });

  it("refuses bad amounts, a plain payment without a description, a plan that is not owed, and changes nothing", async () => {
    const [admin, member, upToDate] = [await newPerson("admin"), await newPerson(), await newPerson()];
    await insertPlan(member.id, { method: "manual" });
    for (const amount of ["-1", "0x10", "1e2", "10^9", ""]) {
      await expect(recordManualPayment(admin, member.id, form({ amount }))).rejects.toMatchObject({ status: 400, fieldErrors: { amount: expect.any(String) } });
    }
    await expect(recordManualPayment(admin, member.id, form({ amount: "30" }))).rejects.toMatchObject({ fieldErrors: { amount: "Online Coaching's next period costs £35.00" } });
    await expect(recordManualPayment(admin, member.id, form({ for: "other" }))).rejects.toMatchObject({ fieldErrors: { description: "Please say what the payment is for" } });
    await expect(recordManualPayment(admin, member.id, form({ method: "card" }))).rejects.toMatchObject({ status: 400 });
    await expect(recordManualPayment(admin, member.id, form({ key: "not-a-key" }))).rejects.toMatchObject({ status: 409 });
    await insertPlan(upToDate.id, { status: "active", startsOn: "2026-01-05", paidThrough: "2027-01-03" });
    await expect(recordManualPayment(admin, upToDate.id, form())).rejects.toMatchObject({ status: 409, message: "Online Coaching is paid by direct debit and is up to date." });
    await expect(recordManualPayment(admin, admin.id, form({ for: "other", description: "x" }))).rejects.toMatchObject({ status: 404 });
    expect(await getDb().select().from(billingPayment).where(eq(billingPayment.memberId, member.id))).toHaveLength(0);
  });

  it("is the administrators': a trainer gets 403 and nothing is recorded, but sees the member's billing", async () => {
    const [trainer, member] = [await newPerson("trainer"), await newPerson()];
    await insertPlan(member.id, { method: "manual" });
    await expect(recordManualPayment(trainer, member.id, form())).rejects.toMatchObject({ status: 403 });
    await expect(cancelMemberPlan(trainer, member.id, { when: "now" })).rejects.toMatchObject({ status: 403 });
    const page = await loadMemberBilling(trainer, member.id, 1);
    expect(page.can).toEqual({ record: false, refund: false, cancel: false });
    expect(page.plan?.status).toBe("pending");
    await expect(loadMemberBilling(member, member.id, 1)).rejects.toMatchObject({ status: 403 });
  });
});

describe("cancelling a member's plan", () => {
  it("ends it after the paid period, or now; a plan never paid ends now", async () => {
    const admin = await newPerson("admin");
    const today = await todayForSite();
    const [a, b, c] = [await newPerson(), await newPerson(), await newPerson()];
    const paid = await insertPlan(a.id, { status: "active", startsOn: addDays(today, -7), paidThrough: addDays(today, 6) });
    expect(await cancelMemberPlan(admin, a.id, { when: "period_end" })).toMatchObject({ endsOn: addDays(today, 6), providerCancelled: true });
    expect(await planOf(paid.id)).toMatchObject({ status: "active", endsOn: addDays(today, 6) });
    const now = await insertPlan(b.id, { status: "active", startsOn: addDays(today, -7), paidThrough: addDays(today, 6) });
    await cancelMemberPlan(admin, b.id, { when: "now" });
    expect(await planOf(now.id)).toMatchObject({ status: "ended", endsOn: today });
    const unpaid = await insertPlan(c.id);
    expect((await cancelMemberPlan(admin, c.id, { when: "period_end" })).endsOn).toBeNull();
    expect((await planOf(unpaid.id)).status).toBe("ended");
    await expect(cancelMemberPlan(admin, c.id, { when: "now" })).rejects.toMatchObject({ status: 404 });
    await expect(cancelMemberPlan(admin, a.id, { when: "tomorrow" })).rejects.toBeDefined();
  });
});
