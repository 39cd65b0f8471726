import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { openReceiptPdf, renderReceiptPdf, type ReceiptRow } from "./receipt-pdf.server";
import { insertReceipt, newPerson } from "./staff-payments-test-support";

/** The lines a PDF drawn in Helvetica shows: each TJ's hex runs, read as Windows-1252 ('€' is 0x80 there). */
function shownText(pdf: Buffer): string[] {
  const source = pdf.toString("latin1");
  return [...source.matchAll(/\[((?:<[0-9a-f]+> -?[\d.]+ ?)+)\] TJ/g)].map((m) =>
    [...m[1]!.matchAll(/<([0-9a-f]+)>/g)]
      .map((h) => Buffer.from(h[1]!, "hex").toString("latin1"))
      .join("")
      .replace(/\x80/g, "€"),
  );
}

async function receipt(values: Partial<ReceiptRow> = {}) {
  return insertReceipt(values);
}

describe("a receipt's PDF", () => {
  it("is a PDF holding the business, the number, the date paid, the payer, the description and the amount in pounds", async () => {
    const row = await receipt({ number: 42, amountMinor: 3500, paidOn: "2026-12-06" });
    const pdf = await renderReceiptPdf(row, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = shownText(pdf);
    expect(text).toEqual(expect.arrayContaining(["Relentless Fitness", "12 High Street", "Leeds LS1 1AA", "Receipt", "Receipt number", "R-000042", "Date paid", "6 December 2026"]));
    expect(text).toEqual(expect.arrayContaining(["Received from", "Grace Hopper", "Online Coaching, week of 7 December", "Amount paid", "£35.00"]));
    expect(text.join("\n")).not.toContain("VAT");
  });

  it("prints euros and names the erased payer", async () => {
    const text = shownText(await renderReceiptPdf(await receipt({ currency: "EUR", amountMinor: 125050, payerName: null }), { compress: false }));
    expect(text).toContain("€1,250.50");
    expect(text).toContain("Erased member");
  });

  it("shows the VAT number and the VAT included only when the receipt carries a VAT number", async () => {
    const withVat = await receipt({ amountMinor: 3500, vatNumber: "GB123456789", vatRateBasisPoints: 2000, vatMinor: 583 });
    const text = shownText(await renderReceiptPdf(withVat, { compress: false }));
    expect(text).toContain("VAT number: GB123456789");
    expect(text).toContain("VAT included at 20%");
    expect(text).toContain("£5.83");
    const reduced = shownText(await renderReceiptPdf(await receipt({ vatNumber: "GB1", vatRateBasisPoints: 550, vatMinor: 182 }), { compress: false }));
    expect(reduced).toContain("VAT included at 5.5%");
    const none = shownText(await renderReceiptPdf(await receipt({ vatNumber: null, vatRateBasisPoints: 2000, vatMinor: 583 }), { compress: false }));
    expect(none.join("\n")).not.toContain("VAT");
  });

  it("draws a name outside Windows-1252 in the embedded Unicode font instead of garbling it", async () => {
    const pdf = (await renderReceiptPdf(await receipt({ payerName: "Łukasz Żółw" }), { compress: false })).toString("latin1");
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(pdf).not.toContain("/Helvetica");
    const plain = (await renderReceiptPdf(await receipt({ payerName: "Zoë Brontë" }), { compress: false })).toString("latin1");
    expect(plain).toContain("/Helvetica");
    expect(plain).not.toContain("DejaVu");
  });
});

describe("who may open a receipt", () => {
  it("gives a member their own receipt, staff any, and another member or an unknown id 'not found'", async () => {
    const [grace, other, trainer, admin] = [await newPerson(), await newPerson(), await newPerson("trainer"), await newPerson("admin")];
    const row = await receipt({ memberId: grace.id, number: 77 });
    const own = await openReceiptPdf(grace, row.id);
    expect(own.fileName).toBe("receipt-R-000077.pdf");
    expect(own.bytes.subarray(0, 4).toString()).toBe("%PDF");
    expect((await openReceiptPdf(trainer, row.id)).fileName).toBe("receipt-R-000077.pdf");
    expect((await openReceiptPdf(admin, row.id)).fileName).toBe("receipt-R-000077.pdf");
    await expect(openReceiptPdf(other, row.id)).rejects.toMatchObject({ status: 404, message: "Receipt not found" });
    await expect(openReceiptPdf(grace, "no-such-receipt")).rejects.toBeInstanceOf(AppError);
  });

  it("keeps an erased member's receipt from every member: it belongs to no one", async () => {
    const grace = await newPerson();
    const row = await receipt({ memberId: null, payerName: null });
    await expect(openReceiptPdf(grace, row.id)).rejects.toMatchObject({ status: 404 });
  });
});
