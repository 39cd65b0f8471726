/**
 * Money as billing keeps it (decision 0131): integers in the currency's minor units (pence,
 * cents), typed by people as plain decimals ("35", "35.00"). Anything else (a sign, hex,
 * an exponent, a caret, more than two decimals, more than MAX_PRICE_MINOR) is refused with
 * a message, never rounded or guessed.
 */

/** The currencies GoCardless collects by direct debit; the site uses one of them. */
export const currencies = ["GBP", "EUR", "USD", "AUD", "CAD", "NZD", "SEK", "DKK"] as const;
export type Currency = (typeof currencies)[number];

/** £1,000,000.00: more than any coaching product, and far inside a 32-bit integer. */
export const MAX_PRICE_MINOR = 100_000_000;

const DECIMAL = /^(\d{1,7})(?:\.(\d{1,2}))?$/;

export type MoneyRead = { minor: number; problem: null } | { minor: null; problem: string };

/** Reads a typed amount ("35", "35.5", "35.50") into minor units; `label` names the field in the message. */
export function readMoney(raw: unknown, label = "Price"): MoneyRead {
  const text = typeof raw === "string" ? raw.trim() : typeof raw === "number" && Number.isFinite(raw) ? String(raw) : "";
  if (text === "") return { minor: null, problem: `${label} is required` };
  const match = DECIMAL.exec(text);
  if (!match) return { minor: null, problem: `${label} must be an amount such as 35 or 35.50` };
  const minor = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (minor < 1) return { minor: null, problem: `${label} must be more than 0` };
  if (minor > MAX_PRICE_MINOR) return { minor: null, problem: `${label} must be at most ${formatMoney(MAX_PRICE_MINOR, "GBP").slice(1)}` };
  return { minor, problem: null };
}

/** "£35.00", "€1,200.50": how every page, e-mail, receipt and CSV writes an amount. */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(minor / 100);
}

/** "35.00": the amount as a form field shows it for editing, and as the CSV writes it. */
export function moneyInputValue(minor: number): string {
  return (minor / 100).toFixed(2);
}
