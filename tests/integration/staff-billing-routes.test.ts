// @test-database any: the HTTP answers of the receipt PDF, the payments CSV and a member's billing intents.
/**
 * The receipt PDF route, the payments CSV and the member billing page's intents as React
 * Router calls them, with real sign-in cookies: who gets the bytes, the headers, and the
 * trainer's 403 on each administrator's intent.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { creditGrant } from "~/db/schema/billing";
import { giveCredits } from "~/modules/billing/entitlements.test-support";
import { insertPayment, insertReceipt } from "~/modules/billing/staff-payments-test-support";
import { createUserWithPassword } from "~/modules/users/users.server";
import { action as billingAction } from "~/routes/coach.members.$memberId.billing";
import { loader as csvLoader } from "~/routes/coach.payments[.]csv";
import { loader as receiptLoader } from "~/routes/members.billing.receipts.$receiptId";
import { callRoute, getRequest, isDataResult, locationOf, postForm, signInCookie, toastOf, type DataResult } from "../support/route-calls";

const PASSWORD = "staff-billing-pass-1";
const cookies = { grace: "", other: "", trainer: "", admin: "" };
const ids = { grace: "", receipt: "", payment: "" };

beforeAll(async () => {
  const people = { grace: "member", other: "member", trainer: "trainer", admin: "admin" } as const;
  for (const [name, role] of Object.entries(people) as Array<[keyof typeof people, (typeof people)[keyof typeof people]]>) {
    const created = await createUserWithPassword({ email: `books-${name}@example.com`, password: PASSWORD, name: `Books ${name}`, role });
    if (name === "grace") ids.grace = created.id;
    cookies[name] = await signInCookie(`books-${name}@example.com`, PASSWORD);
  }
  const payment = await insertPayment(ids.grace, { method: "cash", chargeDate: "2026-11-30", description: "=SUM(A1)" });
  ids.payment = payment.id;
  ids.receipt = (await insertReceipt({ paymentId: payment.id, memberId: ids.grace, number: 4242 })).id;
});

const receipt = (cookie: string | null, id = ids.receipt) => callRoute(receiptLoader, getRequest(`/members/billing/receipts/${id}`, cookie), { receiptId: id }) as Promise<Response>;

describe("GET /members/billing/receipts/:receiptId", () => {
  it("gives the member their receipt as an inline PDF no cache keeps", async () => {
    const answer = await receipt(cookies.grace);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toBe('inline; filename="receipt-R-004242.pdf"');
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await answer.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    expect((await receipt(cookies.trainer)).status).toBe(200);
  });

  it("answers another member 404, as an unknown receipt, and sends a visitor to sign in", async () => {
    const other = await receipt(cookies.other);
    expect(other.status).toBe(404);
    expect(await other.text()).toBe("Receipt not found");
    expect((await receipt(cookies.grace, "no-such-receipt")).status).toBe(404);
    const visitor = await receipt(null);
    expect(visitor.status).toBe(302);
    expect(locationOf(visitor)).toBe(`/login?redirectTo=${encodeURIComponent(`/members/billing/receipts/${ids.receipt}`)}`);
  });
});

describe("GET /coach/payments.csv", () => {
  it("downloads the filtered payments as CSV for staff, and sends members away", async () => {
    const answer = (await callRoute(csvLoader, getRequest("/coach/payments.csv?method=cash", cookies.trainer))) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const lines = (await answer.text()).split("\r\n");
    expect(lines[0]).toBe("Date,Receipt number,Member,E-mail,Description,Amount,Refunded,Currency,Method,Status,VAT");
    expect(lines[1]).toBe("2026-11-30,R-004242,Books grace,books-grace@example.com,'=SUM(A1),35.00,0.00,GBP,Cash,Confirmed,");
    expect(locationOf(await callRoute(csvLoader, getRequest("/coach/payments.csv", cookies.grace)))).toBe("/unauthorized");
  });
});

describe("a member's billing intents", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    callRoute(billingAction, postForm(`/coach/members/${ids.grace}/billing`, cookie, fields), { memberId: ids.grace }) as Promise<Response | DataResult<{ error: string }>>;

  it("answers a trainer 403 on recording, refunding and cancelling", async () => {
    const intents: Array<Record<string, string>> = [
      { intent: "record-payment", key: crypto.randomUUID(), method: "cash", amount: "10", for: "other", description: "Towel" },
      { intent: "refund-payment", key: crypto.randomUUID(), paymentId: ids.payment, amount: "1" },
      { intent: "cancel-plan", when: "now" },
    ];
    for (const fields of intents) {
      const answer = await post(cookies.trainer, fields);
      expect(isDataResult(answer) && answer.init?.status).toBe(403);
    }
  });

  it("lets an administrator record a payment, answered with a redirect back and a toast", async () => {
    const answer = await post(cookies.admin, { intent: "record-payment", key: crypto.randomUUID(), method: "cash", amount: "10", for: "other", description: "Towel" });
    expect(locationOf(answer)).toBe(`/coach/members/${ids.grace}/billing`);
  });

  it("takes back a pack's credits with a whole refund of its payment, and says so", async () => {
    const pack = await insertPayment(ids.grace, { method: "cash", amountMinor: 8000, description: "8 classes" });
    const grantId = await giveCredits(ids.grace, { total: 8, paymentId: pack.id });
    const answer = await post(cookies.admin, { intent: "refund-payment", key: crypto.randomUUID(), paymentId: pack.id, amount: "80" });
    expect(locationOf(answer)).toBe(`/coach/members/${ids.grace}/billing`);
    expect(await toastOf(answer)).toMatchObject({ title: "Refund made", description: "£80.00 marked refunded. The pack's credits were taken back." });
    expect((await getDb().select({ status: creditGrant.status }).from(creditGrant).where(eq(creditGrant.id, grantId)))[0]!.status).toBe("void");
  });
});
