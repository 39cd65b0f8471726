/**
 * The billing settings (decision 0131): one row of site_settings under `billing`, read by
 * every billing rule inside its own transaction. Saving them is the /admin/billing form's work.
 */
import { eq } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { siteSetting } from "~/db/schema/settings";
import { billingSettingsSchema, defaultBillingSettings, type BillingSettings } from "./billing-settings.schema";

export const BILLING_SETTINGS_KEY = "billing";

/** The settings in force, defaults for anything not set; pass a transaction to read them inside it. */
export async function getBillingSettings(db: Db = getDb()): Promise<BillingSettings> {
  const [row] = await db.select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, BILLING_SETTINGS_KEY));
  if (!row) return defaultBillingSettings;
  const parsed = billingSettingsSchema.safeParse({ ...defaultBillingSettings, ...(row.value as object) });
  return parsed.success ? parsed.data : defaultBillingSettings;
}
