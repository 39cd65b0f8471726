import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { siteSetting } from "~/db/schema/settings";
import { DEFAULT_BUSINESS_NAME } from "./business-name";
import { readOncePerRequest } from "./request-scope.server";

/** The site_settings row of the business details (the settings module owns the rest of it). */
export const SITE_SETTINGS_KEY = "site";

/**
 * The stored business details as saved (unchecked), read once per page: the root's
 * loader, the page title and a screen that needs the time zone share one read.
 */
export function readSiteSettingsRow(): Promise<unknown> {
  return readOncePerRequest("site-settings", async () => {
    const [row] = await getDb().select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, SITE_SETTINGS_KEY));
    return row?.value;
  });
}

const businessNameOf = z.object({ businessName: z.string().trim().min(1).max(100) });

/**
 * The business name of the site settings, for the code below the modules (the mail sender,
 * the password reset e-mail): read at each request, so a saved change applies at once.
 */
export async function getBusinessName(): Promise<string> {
  const parsed = businessNameOf.safeParse(await readSiteSettingsRow());
  return parsed.success ? parsed.data.businessName : DEFAULT_BUSINESS_NAME;
}
