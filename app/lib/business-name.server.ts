import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { siteSetting } from "~/db/schema/settings";
import { DEFAULT_BUSINESS_NAME } from "./business-name";

/** The site_settings row of the business details (the settings module owns the rest of it). */
export const SITE_SETTINGS_KEY = "site";

const businessNameOf = z.object({ businessName: z.string().trim().min(1).max(100) });

/**
 * The business name of the site settings, for the code below the modules (the mail sender,
 * the password reset e-mail): read at each call, so a saved change applies at once.
 */
export async function getBusinessName(): Promise<string> {
  const [row] = await getDb().select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, SITE_SETTINGS_KEY));
  const parsed = businessNameOf.safeParse(row?.value);
  return parsed.success ? parsed.data.businessName : DEFAULT_BUSINESS_NAME;
}
