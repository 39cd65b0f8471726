/**
 * How a product's price, period and inclusions read on a card (decision 0132): from its
 * data and the site currency, in the browser and on the server alike. "£35" + "/week",
 * "every 2 weeks", "/month", "4 weeks", "4 sessions", "10 classes", "1 session".
 */
import type { CreditKind, ProductKind } from "~/db/schema/billing";

/** The fields of a product (or a plan copied from one) the labels read. */
export interface ProductTerms {
  kind: ProductKind;
  priceMinor: number;
  intervalUnit: "week" | "month" | null;
  intervalCount: number | null;
  termWeeks: number | null;
  instalments: number | null;
  credits: number | null;
  creditKind: CreditKind | null;
}

export interface ProductInclusions {
  classAccess: "none" | "unlimited" | "limited";
  classesPerWeek: number;
  sessionsPerWeek: number;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The price as a card shows it: whole amounts without pence ("£35"), others with them ("£35.50"). */
export function priceLabel(priceMinor: number, currency: string): string {
  const whole = priceMinor % 100 === 0;
  return new Intl.NumberFormat("en-GB", { style: "currency", currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 }).format(priceMinor / 100);
}

/** What the price pays for, beside it on the card. */
export function periodLabel(p: ProductTerms): string {
  if (p.kind === "subscription") {
    const every = p.intervalCount ?? 1;
    const unit = p.intervalUnit ?? "week";
    return every === 1 ? `/${unit}` : `every ${plural(every, unit)}`;
  }
  if (p.kind === "term") {
    const weeks = plural(p.termWeeks ?? 1, "week");
    return (p.instalments ?? 1) > 1 ? `${weeks}, ${plural(p.instalments ?? 1, "payment")}` : weeks;
  }
  return plural(p.credits ?? 1, p.creditKind === "session" ? "session" : "class", p.creditKind === "session" ? "sessions" : "classes");
}

/** What a subscription or term includes while paid, for staff ("Unlimited group classes · 1 1:1 session a week"); "" when nothing. */
export function inclusionsLabel(p: ProductInclusions): string {
  const parts: string[] = [];
  if (p.classAccess === "unlimited") parts.push("Unlimited group classes");
  if (p.classAccess === "limited") parts.push(`${plural(p.classesPerWeek, "group class", "group classes")} a week`);
  if (p.sessionsPerWeek > 0) parts.push(`${plural(p.sessionsPerWeek, "1:1 session")} a week`);
  return parts.join(" · ");
}

/** How a product is paid, in a few words for staff lists ("Subscription, every 2 weeks", "Pack of 10 classes, valid 90 days"). */
export function kindLabel(p: ProductTerms & { creditValidDays: number | null }): string {
  if (p.kind === "subscription") return `Subscription, ${periodLabel(p).replace(/^\//, "every ")}`;
  if (p.kind === "term") return (p.instalments ?? 1) > 1 ? `Fixed term of ${plural(p.termWeeks ?? 1, "week")} in ${plural(p.instalments ?? 1, "instalment")}` : `Fixed term of ${plural(p.termWeeks ?? 1, "week")}, paid at once`;
  return `Pack of ${periodLabel(p)}, valid ${plural(p.creditValidDays ?? 1, "day")}`;
}

/** A product as a public page's card shows it (the spec's 'Service package'). */
export interface PublicPackage {
  id: string;
  name: string;
  price: string;
  period: string;
  description: string;
  features: string[];
  popular: boolean;
  note: string;
}
