/**
 * Receipts (decision 0131): one per confirmed payment, numbered without gaps in the order
 * payments are confirmed, with the business's details as they were that day. The number
 * comes from a counter row that the issuing transaction holds locked until it commits, so
 * two processes confirming at once take consecutive numbers and a rolled-back confirmation
 * gives its number back. The e-mail (HTML with a text part) is sent by the job store after
 * the confirmation commits.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { billingPayment, billingReceipt } from "~/db/schema/billing";
import { siteSetting } from "~/db/schema/settings";
import { formatLongDate } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { defineJob, enqueueJob } from "~/lib/jobs.server";
import { composeMail } from "~/lib/mail-body";
import { sendMail } from "~/lib/mail.server";
import { todayIn } from "~/lib/time-zone";
import { getSiteSettingsIn } from "~/modules/settings/settings.server";
import { getBillingSettings } from "./billing-settings.server";
import { formatMoney } from "./money";
import { formatReceiptNumber, vatIncluded } from "./receipt-number";

/** The counter row of receipt numbers in site_settings: `{ "last": n }`. */
export const RECEIPT_COUNTER_KEY = "billing-receipt-number";

/** Where a member (or staff) opens a receipt as a PDF. */
export function receiptPath(receiptId: string): string {
  return `/members/billing/receipts/${receiptId}`;
}

/** The next receipt number, the counter row locked until the caller's transaction ends. */
async function takeReceiptNumber(tx: Db): Promise<number> {
  const [row] = await tx
    .insert(siteSetting)
    .values({ key: RECEIPT_COUNTER_KEY, value: { last: 1 } })
    .onConflictDoUpdate({
      target: siteSetting.key,
      set: { value: sql`jsonb_build_object('last', coalesce((${siteSetting.value} ->> 'last')::int, 0) + 1)`, updatedAt: new Date() },
    })
    .returning({ value: siteSetting.value });
  return Number((row?.value as { last: number }).last);
}

/**
 * Issues the receipt of a confirmed payment, inside the transaction that confirmed it, and
 * enqueues its e-mail. A payment that has one already keeps it (returns its id).
 */
export async function issueReceipt(tx: Db, paymentId: string, now: Date): Promise<string> {
  const [existing] = await tx.select({ id: billingReceipt.id }).from(billingReceipt).where(eq(billingReceipt.paymentId, paymentId));
  if (existing) return existing.id;
  const [payment] = await tx
    .select({
      id: billingPayment.id,
      memberId: billingPayment.memberId,
      description: billingPayment.description,
      amountMinor: billingPayment.amountMinor,
      currency: billingPayment.currency,
      name: user.name,
      email: user.email,
    })
    .from(billingPayment)
    .leftJoin(user, eq(user.id, billingPayment.memberId))
    .where(eq(billingPayment.id, paymentId));
  if (!payment) throw new Error(`No payment ${paymentId} to issue a receipt for`);
  const site = await getSiteSettingsIn(tx);
  const billing = await getBillingSettings(tx);
  const vatNumber = billing.vatNumber.trim();
  const id = `rcpt_${crypto.randomUUID()}`;
  await tx.insert(billingReceipt).values({
    id,
    number: await takeReceiptNumber(tx),
    paymentId: payment.id,
    memberId: payment.memberId,
    payerName: payment.name?.trim() || payment.email,
    payerEmail: payment.email,
    description: payment.description,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    vatRateBasisPoints: vatNumber ? billing.vatRateBasisPoints : null,
    vatMinor: vatNumber ? vatIncluded(payment.amountMinor, billing.vatRateBasisPoints) : null,
    businessName: site.businessName,
    businessAddress: site.address,
    vatNumber: vatNumber || null,
    paidOn: todayIn(site.timeZone, now),
    issuedAt: now,
  });
  await enqueueJob(tx, receiptMailJob, { receiptId: id }, { key: `receipt-mail:${id}` });
  return id;
}

/** The receipt e-mail: sent once the confirmation has committed; a receipt without a payer (erased) is not sent. */
export const receiptMailJob = defineJob({
  kind: "billing.receipt-mail",
  payload: z.object({ receiptId: z.string() }),
  run: ({ receiptId }) => mailReceipt(receiptId),
});

async function mailReceipt(receiptId: string): Promise<void> {
  const [receipt] = await getDb().select().from(billingReceipt).where(eq(billingReceipt.id, receiptId));
  if (!receipt?.payerEmail) return;
  const number = formatReceiptNumber(receipt.number);
  const amount = formatMoney(receipt.amountMinor, receipt.currency);
  const rows: Array<[string, string]> = [
    ["Receipt", number],
    ["Paid on", formatLongDate(receipt.paidOn)],
    ["For", receipt.description],
    ["Amount", amount],
  ];
  if (receipt.vatNumber && receipt.vatMinor !== null && receipt.vatRateBasisPoints !== null) {
    rows.push([`VAT at ${receipt.vatRateBasisPoints / 100} % (included)`, formatMoney(receipt.vatMinor, receipt.currency)], ["VAT number", receipt.vatNumber]);
  }
  const title = `Your receipt ${number} from ${receipt.businessName}`;
  const body = composeMail(
    title,
    [
      { kind: "paragraph", text: `Hello ${receipt.payerName ?? ""},`.replace(" ,", ",") },
      { kind: "paragraph", text: `Thank you: your payment of ${amount} to ${receipt.businessName} is confirmed.` },
      { kind: "rows", rows },
      { kind: "link", text: "Download the receipt (PDF)", href: `${getEnv().BASE_URL}${receiptPath(receipt.id)}` },
      { kind: "paragraph", text: "Your payments and receipts are always on your billing page." },
    ],
    [receipt.businessName, receipt.businessAddress].filter(Boolean).join(", "),
  );
  await sendMail({ to: receipt.payerEmail, subject: title, ...body });
}
