import { z } from "zod";
import { DEFAULT_BUSINESS_NAME } from "./business-name";
import { readSettingsRow } from "./settings-rows.server";

/** The site_settings row of the business details (the settings module owns the rest of it). */
export const SITE_SETTINGS_KEY = "site";

/**
 * The stored business details as saved (unchecked), read once per page: the root's
 * loader, the page title and a screen that needs the time zone share one read.
 */
export function readSiteSettingsRow(): Promise<unknown> {
  return readSettingsRow(SITE_SETTINGS_KEY);
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
