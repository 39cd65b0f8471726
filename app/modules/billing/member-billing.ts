/**
 * The member's billing page in words (safe in the browser): how a product's price period
 * reads, and what each plan and payment status means for the member.
 */
import type { PaymentStatus, PlanStatus } from "~/db/schema/billing";

export const BUY_INTENT = "buy";
export const CANCEL_INTENT = "cancel";
/** Payments on one page of the billing page: two years of weekly payments are five pages. */
export const PAYMENTS_PER_PAGE = 24;

export interface PeriodTerms {
  kind: "subscription" | "term" | "pack";
  intervalUnit: "week" | "month" | null;
  intervalCount: number | null;
  termWeeks: number | null;
  instalments: number | null;
  credits: number | null;
  creditKind: "class" | "session" | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "per week", "every 2 weeks", "per month", "for 12 weeks", "in 3 instalments over 12 weeks", "4 sessions". */
export function periodLabel(terms: PeriodTerms): string {
  if (terms.kind === "subscription") {
    const unit = terms.intervalUnit ?? "week";
    const n = terms.intervalCount ?? 1;
    return n === 1 ? `per ${unit}` : `every ${n} ${unit}s`;
  }
  if (terms.kind === "term") {
    const weeks = plural(terms.termWeeks ?? 1, "week");
    return (terms.instalments ?? 1) > 1 ? `for ${weeks}, in ${terms.instalments} instalments` : `for ${weeks}`;
  }
  return plural(terms.credits ?? 1, terms.creditKind === "class" ? "class" : "1:1 session", terms.creditKind === "class" ? "classes" : "1:1 sessions");
}

export const planStatusWords: Record<PlanStatus, string> = {
  pending: "Pending: waiting for the first payment",
  active: "Active",
  past_due: "Payment failed",
  paused: "Paused",
  ended: "Ended",
};

export function paymentStatusWords(status: PaymentStatus, refundedMinor: number): string {
  if (refundedMinor > 0 && status !== "refunded") return "Part refunded";
  return { pending: "Pending", confirmed: "Paid", paid_out: "Paid", failed: "Failed", cancelled: "Cancelled", charged_back: "Charged back", refunded: "Refunded" }[status];
}
