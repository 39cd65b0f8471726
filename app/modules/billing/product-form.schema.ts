/**
 * The product form of /admin/billing (decision 0132), safe in the browser: the spec's
 * 'Service package' fields, how the product is paid (subscription, term or pack) and what
 * it includes, each number bounded with its own message and the price read by `readMoney`
 * only. The server parses the same schema again; what it returns is the row's columns.
 */
import { z } from "zod";
import { classAccessKinds, creditKinds, productKinds, productPages, type CreditKind, type ProductKind, type ProductPage } from "~/db/schema/billing";
import { readNumber, type NumberRule } from "~/lib/number-rules";
import { multiLineText, singleLineText, toSingleLine } from "~/lib/text-field";
import { readMoney } from "./money";

/** The choices of the form, for its view (views do not read the database's schema). */
export { classAccessKinds, productKinds, productPages, type ProductPage };

/** Live (not archived) products at once: more than three pages of cards could ever show. */
export const MAX_LIVE_PRODUCTS = 50;
/** Every product ever made, archived ones included (restore and edit one instead of adding more). */
export const MAX_PRODUCTS = 200;
export const MAX_FEATURES = 12;
export const FEATURE_MAX_LENGTH = 120;
export const NAME_MAX_LENGTH = 60;
export const DESCRIPTION_MAX_LENGTH = 500;
export const NOTE_MAX_LENGTH = 200;

/** The bounds of every number of the form, shown as hints and checked on the server. */
export const PRODUCT_LIMITS = {
  weeksBetween: { min: 1, max: 12 },
  monthsBetween: { min: 1, max: 12 },
  termWeeks: { min: 1, max: 52 },
  instalments: { min: 1, max: 12 },
  credits: { min: 1, max: 100 },
  creditValidDays: { min: 1, max: 730 },
  classesPerWeek: { min: 1, max: 14 },
  sessionsPerWeek: { min: 0, max: 7 },
} as const;

export const productPageLabels: Record<ProductPage, string> = {
  services: "Services (weekly packages)",
  "personal-training": "Personal Training",
  "nutrition-coaching": "Nutrition Coaching",
  "group-classes": "Group Classes",
  none: "No public page (by invitation or the billing page only)",
};

export const productKindLabels: Record<ProductKind, string> = {
  subscription: "Subscription: paid every interval until cancelled",
  term: "Fixed term: N weeks, paid at once or in instalments",
  pack: "Pack: credits for classes or 1:1 sessions, paid at once",
};

export const billingPeriods = ["week", "weeks", "month", "months"] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/** A product's columns as the form sets them (every kind's fields; the others null). */
export interface ProductValues {
  name: string;
  kind: ProductKind;
  priceMinor: number;
  description: string;
  features: string[];
  popular: boolean;
  note: string;
  page: ProductPage;
  intervalUnit: "week" | "month" | null;
  intervalCount: number | null;
  termWeeks: number | null;
  instalments: number | null;
  credits: number | null;
  creditKind: CreditKind | null;
  creditValidDays: number | null;
  classAccess: (typeof classAccessKinds)[number];
  classesPerWeek: number;
  sessionsPerWeek: number;
  programTemplateId: string | null;
}

export type ProductField =
  | "name"
  | "kind"
  | "price"
  | "description"
  | "features"
  | "note"
  | "page"
  | "period"
  | "intervalCount"
  | "termWeeks"
  | "instalments"
  | "credits"
  | "creditKind"
  | "creditValidDays"
  | "classAccess"
  | "classesPerWeek"
  | "sessionsPerWeek"
  | "programTemplateId";

function wholeRule(label: string, { min, max }: { min: number; max: number }): NumberRule {
  const range = `${label} must be a whole number from ${min} to ${max}`;
  return { label, min, max, integer: true, messages: { missing: `Please enter the ${label.toLowerCase()}`, invalid: range, integer: range, tooSmall: range, tooLarge: range } };
}

/** The features, one a line, blank lines dropped. */
export function featureLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => toSingleLine(line).trim())
    .filter((line) => line !== "");
}

const text = z.string().max(20_000).optional().default("");
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { message });

const productFormFields = z.object({
  name: singleLineText({ message: "Please enter the name" }).min(1, "Please enter the name").max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
  kind: choice(productKinds, "Choose subscription, fixed term or pack"),
  price: z.unknown().optional(),
  description: multiLineText({ message: "Please enter the description" }).max(DESCRIPTION_MAX_LENGTH, `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`).default(""),
  features: multiLineText({ message: "Please enter the features" }).max(20_000, "Too many features").default(""),
  popular: z.unknown().optional(),
  note: singleLineText({ message: "Please enter the note" }).max(NOTE_MAX_LENGTH, `Note must be at most ${NOTE_MAX_LENGTH} characters`).default(""),
  page: choice(productPages, "Choose the page that shows it, or none"),
  period: text,
  intervalCount: z.unknown().optional(),
  termWeeks: z.unknown().optional(),
  instalments: z.unknown().optional(),
  credits: z.unknown().optional(),
  creditKind: text,
  creditValidDays: z.unknown().optional(),
  classAccess: text,
  classesPerWeek: z.unknown().optional(),
  sessionsPerWeek: z.unknown().optional(),
  programTemplateId: z.string().trim().max(100, "Choose a program template from the list").optional().default(""),
});

/** The form as posted → the product's columns; a ZodError names each field that is wrong. */
export const productFormSchema = productFormFields.transform((form, ctx): ProductValues => {
  const issue = (path: ProductField, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const whole = (path: ProductField, raw: unknown, label: string, bounds: { min: number; max: number }): number => {
    const read = readNumber(raw, wholeRule(label, bounds), true);
    if (read.problem !== null) issue(path, read.problem);
    return read.value ?? bounds.min;
  };

  const price = readMoney(form.price, "Price");
  if (price.problem !== null) issue("price", price.problem);
  const features = featureLines(form.features);
  if (features.length > MAX_FEATURES) issue("features", `At most ${MAX_FEATURES} features, one a line`);
  const long = features.find((f) => f.length > FEATURE_MAX_LENGTH);
  if (long !== undefined) issue("features", `Each feature must be at most ${FEATURE_MAX_LENGTH} characters (one a line)`);

  const values: ProductValues = {
    name: form.name,
    kind: form.kind,
    priceMinor: price.minor ?? 0,
    description: form.description,
    features,
    popular: form.popular === "on" || form.popular === "true" || form.popular === true,
    note: form.note,
    page: form.page,
    intervalUnit: null,
    intervalCount: null,
    termWeeks: null,
    instalments: null,
    credits: null,
    creditKind: null,
    creditValidDays: null,
    classAccess: "none",
    classesPerWeek: 0,
    sessionsPerWeek: 0,
    programTemplateId: form.programTemplateId === "" ? null : form.programTemplateId,
  };

  if (form.kind === "subscription") {
    const period = billingPeriods.find((p) => p === form.period);
    if (!period) issue("period", "Choose how often it is paid: every week, every N weeks, every month or every N months");
    values.intervalUnit = period === "month" || period === "months" ? "month" : "week";
    values.intervalCount =
      period === "weeks" ? whole("intervalCount", form.intervalCount, "Weeks between payments", PRODUCT_LIMITS.weeksBetween)
      : period === "months" ? whole("intervalCount", form.intervalCount, "Months between payments", PRODUCT_LIMITS.monthsBetween)
      : 1;
  } else if (form.kind === "term") {
    values.termWeeks = whole("termWeeks", form.termWeeks, "Weeks", PRODUCT_LIMITS.termWeeks);
    values.instalments = whole("instalments", form.instalments, "Instalments", PRODUCT_LIMITS.instalments);
    if (values.instalments > values.termWeeks) issue("instalments", "A term cannot have more instalments than weeks");
    else if (price.minor !== null && price.minor < values.instalments) issue("instalments", "Each instalment must be more than 0");
  } else {
    values.credits = whole("credits", form.credits, "Credits", PRODUCT_LIMITS.credits);
    const kind = creditKinds.find((k) => k === form.creditKind);
    if (!kind) issue("creditKind", "Choose classes or 1:1 sessions");
    values.creditKind = kind ?? "class";
    values.creditValidDays = whole("creditValidDays", form.creditValidDays, "Days valid", PRODUCT_LIMITS.creditValidDays);
  }

  // What a subscription or a term includes while it is paid; a pack is its credits.
  if (form.kind !== "pack") {
    const access = classAccessKinds.find((a) => a === form.classAccess);
    if (!access) issue("classAccess", "Choose no group classes, unlimited, or a number a week");
    values.classAccess = access ?? "none";
    if (access === "limited") values.classesPerWeek = whole("classesPerWeek", form.classesPerWeek, "Group classes a week", PRODUCT_LIMITS.classesPerWeek);
    values.sessionsPerWeek = whole("sessionsPerWeek", form.sessionsPerWeek ?? "0", "1:1 sessions a week", PRODUCT_LIMITS.sessionsPerWeek);
  }
  return values;
});

export const moveProductSchema = z.object({
  productId: z.string({ message: "Please choose a product" }).trim().min(1, "Please choose a product").max(100, "Please choose a product"),
  direction: z.enum(["up", "down"], { message: "Move the product up or down" }),
});

/** The form's values of a stored product (for the editor). */
export function productFormValues(p: ProductValues & { priceInput: string }): Record<ProductField | "popular", string> {
  const period: BillingPeriod = p.intervalUnit === "month" ? (p.intervalCount === 1 ? "month" : "months") : p.intervalCount && p.intervalCount > 1 ? "weeks" : "week";
  return {
    name: p.name,
    kind: p.kind,
    price: p.priceInput,
    description: p.description,
    features: p.features.join("\n"),
    popular: p.popular ? "on" : "",
    note: p.note,
    page: p.page,
    period,
    intervalCount: p.intervalCount && p.intervalCount > 1 ? String(p.intervalCount) : "2",
    termWeeks: String(p.termWeeks ?? 4),
    instalments: String(p.instalments ?? 1),
    credits: String(p.credits ?? 10),
    creditKind: p.creditKind ?? "class",
    creditValidDays: String(p.creditValidDays ?? 90),
    classAccess: p.classAccess,
    classesPerWeek: String(p.classesPerWeek || 2),
    sessionsPerWeek: String(p.sessionsPerWeek),
    programTemplateId: p.programTemplateId ?? "",
  };
}
