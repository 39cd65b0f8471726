/**
 * The periods a plan's payments pay for (decision 0131), as local dates (YYYY-MM-DD, both
 * ends inclusive) in the site's time zone. A subscription pays one interval at a time; a
 * term is paid at once (one period, the whole term) or in equal instalments, each paying
 * for its share of the weeks (the last takes what is left); a pack has no period.
 */
import { addDays } from "~/lib/time-zone";

export interface PlanTerms {
  kind: "subscription" | "term" | "pack";
  intervalUnit: "week" | "month" | null;
  intervalCount: number | null;
  termWeeks: number | null;
  instalments: number | null;
}

export interface Period {
  start: string;
  end: string;
}

/** The same day `months` months later, held to the month's last day (31 January + 1 month = 28 or 29 February). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** How many weeks each instalment of a term pays for, in order. */
export function instalmentWeeks(termWeeks: number, instalments: number): number[] {
  const each = Math.floor(termWeeks / instalments);
  return Array.from({ length: instalments }, (_, i) => (i === instalments - 1 ? termWeeks - each * (instalments - 1) : each));
}

/** The period the payment numbered `index` (0 = the first) pays for, when the plan starts on `startsOn`. Null for a pack, or past a term's last instalment. */
export function periodOf(terms: PlanTerms, startsOn: string, index: number): Period | null {
  if (terms.kind === "pack") return null;
  if (terms.kind === "term") {
    const weeks = instalmentWeeks(terms.termWeeks ?? 1, terms.instalments ?? 1);
    if (index >= weeks.length) return null;
    const before = weeks.slice(0, index).reduce((sum, w) => sum + w, 0);
    const start = addDays(startsOn, before * 7);
    return { start, end: addDays(start, (weeks[index] ?? 1) * 7 - 1) };
  }
  const count = terms.intervalCount ?? 1;
  if (terms.intervalUnit === "month") {
    const start = addMonths(startsOn, index * count);
    return { start, end: addDays(addMonths(startsOn, (index + 1) * count), -1) };
  }
  const start = addDays(startsOn, index * count * 7);
  return { start, end: addDays(start, count * 7 - 1) };
}

/** The amount of the payment numbered `index`: the price per interval, or the term's price split evenly (the last instalment takes the remainder). */
export function amountOf(terms: PlanTerms & { priceMinor: number }, index: number): number {
  if (terms.kind !== "term" || (terms.instalments ?? 1) <= 1) return terms.priceMinor;
  const n = terms.instalments ?? 1;
  const each = Math.floor(terms.priceMinor / n);
  return index === n - 1 ? terms.priceMinor - each * (n - 1) : each;
}
