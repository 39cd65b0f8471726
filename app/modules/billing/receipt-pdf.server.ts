/**
 * A receipt as a PDF (decision 0141), drawn with pdfkit from the `billing_receipts` row
 * alone: the business's name, address and VAT number as they were when it was issued, the
 * number, the day paid, the payer (or 'Erased member'), what was paid for, the amount and,
 * with a VAT number, the VAT it included.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { can } from "~/auth/permissions";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { billingReceipt } from "~/db/schema/billing";
import { AppError } from "~/lib/app-error";
import { formatMoney } from "./money";
import { formatReceiptNumber } from "./receipt-number";

export type ReceiptRow = typeof billingReceipt.$inferSelect;

export const RECEIPT_NOT_FOUND = "Receipt not found";
export const ERASED_PAYER = "Erased member";

/**
 * PDF's built-in Helvetica writes Windows-1252 only: a '£', '€' or 'é' prints, an 'Ł' or a
 * Cyrillic name would come out as garbage. A receipt holding any such character is drawn
 * in DejaVu Sans instead (kept beside this file, embedded as a subset); the rest stay on
 * Helvetica, which costs nothing to embed.
 */
const WINDOWS_1252 = /^[\n\x20-\x7e\xa0-\xff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]*$/u;
const UNICODE_FONT = path.resolve(process.cwd(), "app/modules/billing/receipt-pdf-fonts/DejaVuSans.ttf");
let unicodeFont: Buffer | undefined;

/** "20%", "5.5%". */
function rateText(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString("en-GB", { maximumFractionDigits: 2 })}%`;
}

/** "6 December 2026". */
function paidOnText(date: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

/** The receipt's lines as label and value, in the order printed. */
export function receiptLines(receipt: ReceiptRow): Array<[string, string]> {
  const lines: Array<[string, string]> = [
    ["Receipt number", formatReceiptNumber(receipt.number)],
    ["Date paid", paidOnText(receipt.paidOn)],
    ["Received from", receipt.payerName ?? ERASED_PAYER],
    ["Description", receipt.description],
    ["Amount paid", formatMoney(receipt.amountMinor, receipt.currency)],
  ];
  if (receipt.vatNumber && receipt.vatMinor !== null && receipt.vatRateBasisPoints !== null) {
    lines.push([`VAT included at ${rateText(receipt.vatRateBasisPoints)}`, formatMoney(receipt.vatMinor, receipt.currency)]);
  }
  return lines;
}

/** The PDF's bytes. `compress: false` leaves the page's text readable in the bytes (tests). */
export function renderReceiptPdf(receipt: ReceiptRow, options: { compress?: boolean } = {}): Promise<Buffer> {
  const lines = receiptLines(receipt);
  const texts = [receipt.businessName, receipt.businessAddress, receipt.vatNumber ?? "", ...lines.flat()];
  const doc = new PDFDocument({ size: "A4", margin: 56, compress: options.compress ?? true, info: { Title: `Receipt ${formatReceiptNumber(receipt.number)}`, Author: receipt.businessName } });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  let regular = "Helvetica";
  let bold = "Helvetica-Bold";
  if (!texts.every((t) => WINDOWS_1252.test(t))) {
    unicodeFont ??= fs.readFileSync(UNICODE_FONT);
    doc.registerFont("Unicode", unicodeFont);
    regular = bold = "Unicode";
  }
  const width = doc.page.width - 112;
  doc.font(bold).fontSize(18).text(receipt.businessName, { width });
  doc.font(regular).fontSize(10).fillColor("#3f3f46");
  if (receipt.businessAddress.trim()) doc.text(receipt.businessAddress.trim(), { width });
  if (receipt.vatNumber) doc.text(`VAT number: ${receipt.vatNumber}`, { width });
  doc.moveDown(2).fillColor("#000000").font(bold).fontSize(24).text("Receipt", { width });
  doc.moveDown(1).fontSize(11);
  for (const [label, value] of lines) {
    const y = doc.y;
    doc.font(bold).text(label, 56, y, { width: 170 });
    const below = doc.y;
    doc.font(regular).text(value, 236, y, { width: width - 180 });
    doc.y = Math.max(below, doc.y) + 6;
  }
  doc.end();
  return done;
}

/**
 * A receipt's PDF for the person asking: a member only their own (another's is 'not found',
 * as an unknown id is), staff any.
 */
export async function openReceiptPdf(viewer: Pick<SessionUser, "id" | "role">, receiptId: string): Promise<{ fileName: string; bytes: Buffer }> {
  const staff = can(viewer.role, "billing", "viewAny");
  if (!staff) ensureCan(viewer, "billing", "manageOwn");
  const byId = eq(billingReceipt.id, receiptId);
  const [receipt] = await getDb()
    .select()
    .from(billingReceipt)
    .where(staff ? byId : and(byId, eq(billingReceipt.memberId, viewer.id)))
    .limit(1);
  if (!receipt) throw new AppError(404, RECEIPT_NOT_FOUND);
  return { fileName: `receipt-${formatReceiptNumber(receipt.number)}.pdf`, bytes: await renderReceiptPdf(receipt) };
}
