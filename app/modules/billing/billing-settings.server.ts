/**
 * The billing settings (decision 0131): one row of site_settings under `billing`, read by
 * every billing rule inside its own transaction, saved by administrators in /admin/billing.
 */
import { eq } from "drizzle-orm";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { billingPayment, memberPlan } from "~/db/schema/billing";
import { siteSetting } from "~/db/schema/settings";
import { AppError } from "~/lib/app-error";
import { getEnv } from "~/lib/env.server";
import { announcePublicContentChangeIn } from "~/lib/site-changes.server";
import { billingSettingsFormSchema, billingSettingsFromForm, billingSettingsSchema, defaultBillingSettings, type BillingSettings } from "./billing-settings.schema";

export const BILLING_SETTINGS_KEY = "billing";

/** The settings in force, defaults for anything not set; pass a transaction to read them inside it. */
export async function getBillingSettings(db: Db = getDb()): Promise<BillingSettings> {
  const [row] = await db.select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, BILLING_SETTINGS_KEY));
  if (!row) return defaultBillingSettings;
  const parsed = billingSettingsSchema.safeParse({ ...defaultBillingSettings, ...(row.value as object) });
  return parsed.success ? parsed.data : defaultBillingSettings;
}

/** Refused: a plan or a payment exists, and each keeps the currency it was made in (decision 0132). */
export const CURRENCY_IN_USE = "The currency cannot change once a package has been bought or a payment recorded: plans, payments and receipts keep the currency they were made in.";

/** The form's values (administrators only). */
export async function readBillingSettingsForAdmin(actor: Pick<SessionUser, "role">): Promise<BillingSettings> {
  ensureCan(actor, "billing", "updateSettings");
  return getBillingSettings();
}

/**
 * Saves the settings (administrators only). Throws a ZodError for a value out of bounds and
 * refuses a new currency once any plan or payment exists; nothing is saved then. Prices on
 * the public pages show the currency: their cached copies empty when it commits.
 */
export async function setBillingSettings(actor: Pick<SessionUser, "id" | "email" | "role">, input: unknown): Promise<BillingSettings> {
  ensureCan(actor, "billing", "updateSettings");
  const value = billingSettingsFromForm(billingSettingsFormSchema.parse(input));
  await getDb().transaction(async (tx) => {
    await tx.insert(siteSetting).values({ key: BILLING_SETTINGS_KEY, value: defaultBillingSettings }).onConflictDoNothing();
    await tx.select({ key: siteSetting.key }).from(siteSetting).where(eq(siteSetting.key, BILLING_SETTINGS_KEY)).for("update");
    const before = await getBillingSettings(tx);
    if (before.currency !== value.currency) {
      const [[plan], [payment]] = await Promise.all([tx.select({ id: memberPlan.id }).from(memberPlan).limit(1), tx.select({ id: billingPayment.id }).from(billingPayment).limit(1)]);
      if (plan || payment) throw new AppError(409, "", { fieldErrors: { currency: CURRENCY_IN_USE } });
    }
    await tx.update(siteSetting).set({ value, updatedAt: new Date() }).where(eq(siteSetting.key, BILLING_SETTINGS_KEY));
    await announcePublicContentChangeIn(tx);
  });
  const vat = value.vatNumber ? `VAT ${value.vatNumber} at ${value.vatRateBasisPoints / 100} %` : "no VAT number";
  await recordAudit({
    action: "settings.updated",
    actor,
    target: { type: "site_settings", id: BILLING_SETTINGS_KEY },
    summary: `Billing: ${value.currency}, ${value.graceDays} days' grace, bookings ${value.bookingsNeedPayment ? "need a package or a credit" : "free without one"}, late cancels ${value.lateCancelKeepsCredit ? "keep" : "give back"} the credit, no-shows ${value.noShowKeepsCredit ? "keep" : "give back"} it, ${vat}`,
  });
  return value;
}

/** Whether direct debit is on, as /admin/billing says it: never the token itself. */
export type DirectDebitStatus = { on: false } | { on: true; environment: "sandbox" | "live"; webhookUrl: string };

/** Direct debit is on when GOCARDLESS_ACCESS_TOKEN is set (its webhook secret is then required at start-up). */
export function describeDirectDebit(actor: Pick<SessionUser, "role">): DirectDebitStatus {
  ensureCan(actor, "billing", "updateSettings");
  const env = getEnv();
  if (!env.GOCARDLESS_ACCESS_TOKEN) return { on: false };
  return { on: true, environment: env.GOCARDLESS_ENVIRONMENT, webhookUrl: `${env.BASE_URL}/webhooks/gocardless` };
}
