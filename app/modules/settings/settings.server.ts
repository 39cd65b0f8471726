import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { siteSetting } from "~/db/schema/settings";
import { defaultSiteSettings, type SiteSettings } from "./settings-defaults";
import { siteSettingsSchema } from "./settings.schema";

const KEY = "site";

/** The site's business details, with defaults for anything not yet set. */
export async function getSiteSettings(): Promise<SiteSettings> {
  const [row] = await getDb().select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, KEY));
  if (!row) return defaultSiteSettings;
  const parsed = siteSettingsSchema.safeParse(row.value);
  return parsed.success ? parsed.data : defaultSiteSettings;
}
