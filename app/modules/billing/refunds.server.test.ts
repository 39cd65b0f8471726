import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPayment } from "../../../tests/support/gocardless-stand-in/api";
import { startGoCardlessStandIn, type GoCardlessStandIn } from "../../../tests/support/gocardless-stand-in/server";
import { getDb } from "~/db/client.server";
import { billingPayment, billingRefund, creditGrant } from "~/db/schema/billing";
import { runDueJobs } from "~/jobs.server";
import { resetEnv } from "~/lib/env.server";
import { signWebhookBody } from "~/lib/gocardless/webhook.server";
import { giveCredits } from "./entitlements.test-support";
import { refundPayment } from "./refunds.server";
import { insertPayment, newPerson } from "./staff-payments-test-support";
import { receiveProviderWebhook } from "./webhook-intake.server";

const TOKEN = "sandbox_books_refund_token_0123";
const SECRET = "books-refund-webhook-secret";
let standIn: GoCardlessStandIn;

const form = (paymentId: string, amount: string, values: Record<string, string> = {}) => ({ key: crypto.randomUUID(), paymentId, amount, reason: "", ...values });

async function paymentOf(id: string) {
  const [payment] = await getDb().select().from(billingPayment).where(eq(billingPayment.id, id));
  return payment!;
}
const refundsOf = (paymentId: string) => getDb().select().from(billingRefund).where(eq(billingRefund.paymentId, paymentId));

/** A pack of 8 class credits bought by this payment. */
const packBoughtBy = (memberId: string, paymentId: string) => giveCredits(memberId, { total: 8, paymentId });
const grantStatus = async (grantId: string) => (await getDb().select({ status: creditGrant.status }).from(creditGrant).where(eq(creditGrant.id, grantId)))[0]!.status;

function useDirectDebit() {
  process.env.GOCARDLESS_ACCESS_TOKEN = TOKEN;
  process.env.GOCARDLESS_WEBHOOK_SECRET = SECRET;
  process.env.GOCARDLESS_API_URL = standIn.url;
  resetEnv();
}

/** A direct-debit payment of £amount, confirmed at the stand-in unless said. */
async function directDebitPayment(memberId: string, amountMinor: number, confirmed = true) {
  const atProvider = newPayment(standIn.state, { amount: amountMinor, currency: "GBP", charge_date: "2026-12-01", description: "8 classes", reference: null, retry_if_possible: true, metadata: {}, links: { mandate: "MD000TEST" } });
  if (confirmed) atProvider.status = "confirmed";
  standIn.state.payments.set(atProvider.id, atProvider);
  return insertPayment(memberId, { providerPaymentId: atProvider.id, amountMinor, description: "8 classes" });
}

beforeAll(async () => {
  standIn = await startGoCardlessStandIn({ accessToken: TOKEN, webhookDelivery: "manual" });
});

afterAll(async () => {
  await standIn.stop();
  delete process.env.GOCARDLESS_ACCESS_TOKEN;
  delete process.env.GOCARDLESS_WEBHOOK_SECRET;
  delete process.env.GOCARDLESS_API_URL;
  resetEnv();
});

describe("refunding a manual payment", () => {
  it("marks a part refunded, then the rest with the payment refunded, and refuses more", async () => {
    const [admin, member] = [await newPerson("admin"), await newPerson()];
    const paid = await insertPayment(member.id, { method: "cash", amountMinor: 3500 });
    expect(await refundPayment(admin, form(paid.id, "10"))).toMatchObject({ status: "marked", amountText: "£10.00", whole: false });
    expect(await paymentOf(paid.id)).toMatchObject({ refundedMinor: 1000, status: "confirmed" });
    await expect(refundPayment(admin, form(paid.id, "25.01"))).rejects.toMatchObject({ status: 400, message: "At most £25.00 is left to refund." });
    expect(await refundPayment(admin, form(paid.id, "25.00"))).toMatchObject({ whole: true });
    expect(await paymentOf(paid.id)).toMatchObject({ refundedMinor: 3500, status: "refunded" });
    await expect(refundPayment(admin, form(paid.id, "1"))).rejects.toMatchObject({ status: 409, message: "This payment is already refunded in full." });
    expect((await refundsOf(paid.id)).map((r) => [r.amountMinor, r.status])).toEqual([
      [1000, "marked"],
      [2500, "marked"],
    ]);
  });

  it("refunds once for a form sent twice, even when both arrive together", async () => {
    const [admin, member] = [await newPerson("admin"), await newPerson()];
    const paid = await insertPayment(member.id, { method: "bank_transfer", amountMinor: 6000 });
    const once = form(paid.id, "20");
    const outcomes = await Promise.allSettled([refundPayment(admin, once), refundPayment(admin, once)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ status: 409, message: "This refund has already been made." });
    expect((await paymentOf(paid.id)).refundedMinor).toBe(2000);
    expect(await refundsOf(paid.id)).toHaveLength(1);
  });

  it("refuses payments not confirmed, bad amounts, unknown payments and trainers, changing nothing", async () => {
    const [admin, trainer, member] = [await newPerson("admin"), await newPerson("trainer"), await newPerson()];
    for (const status of ["pending", "failed", "cancelled", "charged_back"] as const) {
      const payment = await insertPayment(member.id, { method: "cash", status });
      await expect(refundPayment(admin, form(payment.id, "1"))).rejects.toMatchObject({ status: 409, message: "Only a confirmed payment can be refunded." });
    }
    const paid = await insertPayment(member.id, { method: "cash" });
    for (const amount of ["-1", "0x10", "1e2", "10^9", "0"]) await expect(refundPayment(admin, form(paid.id, amount))).rejects.toMatchObject({ status: 400 });
    await expect(refundPayment(admin, form("no-such-payment", "1"))).rejects.toMatchObject({ status: 404 });
    await expect(refundPayment(trainer, form(paid.id, "1"))).rejects.toMatchObject({ status: 403 });
    await expect(refundPayment(member, form(paid.id, "1"))).rejects.toMatchObject({ status: 403 });
    expect((await paymentOf(paid.id)).refundedMinor).toBe(0);
    expect(await refundsOf(paid.id)).toHaveLength(0);
  });
});

describe("refunding a direct debit", () => {
  it("cannot be sent while direct debit is not set up", async () => {
    const [admin, member] = [await newPerson("admin"), await newPerson()];
    const paid = await insertPayment(member.id, { providerPaymentId: "PM-not-set-up" });
    await expect(refundPayment(admin, form(paid.id, "5"))).rejects.toMatchObject({ status: 409, message: "Direct debit is not set up, so this refund cannot be sent." });
    expect(await refundsOf(paid.id)).toHaveLength(0);
  });

  it("asks GoCardless with the refund's id as key and the total refunded, and stays pending until GoCardless pays it", async () => {
    useDirectDebit();
    const [admin, member] = [await newPerson("admin"), await newPerson()];
    const atProvider = newPayment(standIn.state, { amount: 3500, currency: "GBP", charge_date: "2026-12-01", description: "Online Coaching", reference: null, retry_if_possible: true, metadata: {}, links: { mandate: "MD000TEST" } });
    atProvider.status = "confirmed";
    standIn.state.payments.set(atProvider.id, atProvider);
    const paid = await insertPayment(member.id, { providerPaymentId: atProvider.id, amountMinor: 3500 });

    const first = form(paid.id, "15");
    expect(await refundPayment(admin, first)).toMatchObject({ status: "pending", whole: false });
    const second = form(paid.id, "20");
    expect(await refundPayment(admin, second)).toMatchObject({ status: "pending", whole: true });
    const calls = standIn.requests.filter((r) => r.method === "POST" && r.path === "/refunds");
    expect(calls.map((c) => c.idempotencyKey)).toEqual([first.key, second.key]);
    expect(atProvider.amount_refunded).toBe(3500);
    const refunds = await refundsOf(paid.id);
    expect(refunds.map((r) => r.status)).toEqual(["pending", "pending"]);
    expect(refunds.every((r) => r.providerRefundId?.startsWith("RF"))).toBe(true);
    expect(await paymentOf(paid.id)).toMatchObject({ refundedMinor: 3500, status: "confirmed" });
    await expect(refundPayment(admin, form(paid.id, "1"))).rejects.toMatchObject({ status: 400 });
  });

  it("gives the amount back when GoCardless refuses the refund", async () => {
    const [admin, member] = [await newPerson("admin"), await newPerson()];
    const atProvider = newPayment(standIn.state, { amount: 3500, currency: "GBP", charge_date: "2026-12-01", description: "Online Coaching", reference: null, retry_if_possible: true, metadata: {}, links: { mandate: "MD000TEST" } });
    // Still being collected at GoCardless (our row says confirmed): GoCardless refuses.
    standIn.state.payments.set(atProvider.id, atProvider);
    const paid = await insertPayment(member.id, { providerPaymentId: atProvider.id, amountMinor: 3500 });
    await expect(refundPayment(admin, form(paid.id, "5"))).rejects.toMatchObject({ status: 409, message: expect.stringContaining("GoCardless refused the refund") });
    expect((await paymentOf(paid.id)).refundedMinor).toBe(0);
    expect((await refundsOf(paid.id)).map((r) => r.status)).toEqual(["failed"]);
  });
});

describe("refunds and a pack's credits", () => {
  it("keeps the credits through a part refund and takes them back with a whole one", async () => {
    const [admin, member] = [await newPerson("admin"), await newPerson()];
    const paid = await insertPayment(member.id, { method: "cash", amountMinor: 8000, description: "8 classes" });
    const grantId = await packBoughtBy(member.id, paid.id);
    expect(await refundPayment(admin, form(paid.id, "10"))).toMatchObject({ whole: false, creditsTakenBack: false });
    expect(await grantStatus(grantId)).toBe("active");
    expect(await refundPayment(admin, form(paid.id, "70"))).toMatchObject({ whole: true, creditsTakenBack: true });
    expect(await grantStatus(grantId)).toBe("void");
  });

  it("gives the credits back when GoCardless refuses a whole refund", async () => {
    useDirectDebit();
    const [admin, member] = [await newPerson("admin"), await newPerson()];
    const paid = await directDebitPayment(member.id, 8000, false);
    const grantId = await packBoughtBy(member.id, paid.id);
    await expect(refundPayment(admin, form(paid.id, "80"))).rejects.toMatchObject({ status: 409 });
    expect(await grantStatus(grantId)).toBe("active");
    expect((await paymentOf(paid.id)).refundedMinor).toBe(0);
  });

  it("gives the money and the credits back when a whole refund bounces, once however often GoCardless says so", async () => {
    useDirectDebit();
    const [admin, member] = [await newPerson("admin"), await newPerson()];
    const paid = await directDebitPayment(member.id, 8000);
    const grantId = await packBoughtBy(member.id, paid.id);
    expect(await refundPayment(admin, form(paid.id, "80"))).toMatchObject({ status: "pending", creditsTakenBack: true });
    expect(await grantStatus(grantId)).toBe("void");
    const [refund] = await refundsOf(paid.id);

    const events = standIn.runScenario("refund_bounced", refund!.providerRefundId!);
    const body = Buffer.from(JSON.stringify({ events: [...events, ...events] }));
    const headers = new Headers({ "Content-Type": "application/json", "Webhook-Signature": signWebhookBody(body, SECRET) });
    expect((await receiveProviderWebhook(body, headers)).status).toBe(200);
    expect((await receiveProviderWebhook(body, headers)).status).toBe(200);
    await runDueJobs();
    expect((await refundsOf(paid.id)).map((r) => r.status)).toEqual(["failed"]);
    expect(await paymentOf(paid.id)).toMatchObject({ refundedMinor: 0, status: "confirmed" });
    expect(await grantStatus(grantId)).toBe("active");
  });
});
