/** How a receipt's sequential number is written on the receipt, its e-mail, the pages and the CSV: "R-000042". */
export function formatReceiptNumber(number: number): string {
  return `R-${String(number).padStart(6, "0")}`;
}

/** The VAT inside an amount that includes it, at `basisPoints` (2000 = 20 %), rounded to the minor unit. */
export function vatIncluded(amountMinor: number, basisPoints: number): number {
  return Math.round((amountMinor * basisPoints) / (10_000 + basisPoints));
}
