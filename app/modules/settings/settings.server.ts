import { ensureCan, type SessionUser } from "~/auth/session.server";
import { eq } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { siteSetting } from "~/db/schema/settings";
import { mailMode, sendMail } from "~/lib/mail.server";
import { todayIn } from "~/lib/time-zone";
import { getStorage } from "~/lib/storage.server";
import { recordAudit } from "~/auth/audit.server";
import { announcePublicContentChanged } from "~/lib/site-changes.server";
import { readSiteSettingsRow, SITE_SETTINGS_KEY as KEY } from "~/lib/business-name.server";
import { defaultSiteSettings, type SiteSettings } from "./settings-defaults";
import { siteSettingsFormSchema, siteSettingsSchema } from "./settings.schema";

/** Today in the site's time zone (yyyy-mm-dd): the day a set is logged on, the latest date an entry may carry. */
export async function todayForSite(): Promise<string> {
  return todayIn((await getSiteSettings()).timeZone);
}

/** The site's business details, with defaults for anything not yet set. */
export async function getSiteSettings(): Promise<SiteSettings> {
  const value = await readSiteSettingsRow();
  if (value === undefined) return defaultSiteSettings;
  const parsed = siteSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : defaultSiteSettings;
}

/** The same, read inside the caller's transaction (on PGlite a read through getDb() there would wait for the transaction itself). */
export async function getSiteSettingsIn(tx: Db): Promise<SiteSettings> {
  const [row] = await tx.select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, KEY));
  if (row === undefined) return defaultSiteSettings;
  const parsed = siteSettingsSchema.safeParse(row.value);
  return parsed.success ? parsed.data : defaultSiteSettings;
}

const labels: Record<keyof SiteSettings, string> = {
  businessName: "business name",
  coachName: "coach name",
  phone: "phone",
  email: "e-mail",
  address: "address",
  instagramUrl: "Instagram",
  facebookUrl: "Facebook",
  youtubeUrl: "YouTube",
  tiktokUrl: "TikTok",
  notificationEmail: "notification e-mail",
  timeZone: "time zone",
};

/**
 * Saves the site settings (administrators only), records which fields changed and empties
 * the public page cache of this process.
 * Throws a ZodError for invalid input.
 */
export async function updateSiteSettings(actor: Pick<SessionUser, "id" | "email" | "role">, input: unknown): Promise<SiteSettings> {
  ensureCan(actor, "siteSettings", "update");
  const next = siteSettingsFormSchema.parse(input);
  const before = await getSiteSettings();
  await getDb()
    .insert(siteSetting)
    .values({ key: KEY, value: next })
    .onConflictDoUpdate({ target: siteSetting.key, set: { value: next, updatedAt: new Date() } });
  // The public pages show these details: their cached copies go now, not in 30 s.
  announcePublicContentChanged();
  const changed = (Object.keys(labels) as (keyof SiteSettings)[]).filter((k) => before[k] !== next[k]).map((k) => labels[k]);
  await recordAudit({
    action: "settings.updated",
    actor,
    target: { type: "site_settings", id: KEY },
    summary: changed.length ? `Site settings changed: ${changed.join(", ")}` : "Site settings saved without changes",
  });
  return next;
}

/** The settings page: the values and how mail and uploads are delivered (administrators only). */
export async function readSiteSettingsForAdmin(actor: Pick<SessionUser, "role">): Promise<SiteSettings> {
  ensureCan(actor, "siteSettings", "read");
  return getSiteSettings();
}

/** 'Send a test e-mail' to the administrator's own address; the error message is returned, not thrown. */
export async function sendTestEmail(actor: Pick<SessionUser, "id" | "email" | "role">): Promise<{ ok: true; mode: "smtp" | "outbox" } | { ok: false; error: string }> {
  ensureCan(actor, "siteSettings", "update");
  const { businessName } = await getSiteSettings();
  try {
    await sendMail({
      to: actor.email,
      subject: `${businessName} test e-mail`,
      text: `This is a test e-mail from your ${businessName} site (${mailMode() === "smtp" ? "sent over SMTP" : "written to the outbox"}). E-mail delivery works.`,
    });
    return { ok: true, mode: mailMode() };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** How mail and uploads are delivered, for the settings page. */
export function deliveryModes(actor: Pick<SessionUser, "role">) {
  ensureCan(actor, "siteSettings", "read");
  return { mail: mailMode(), storage: getStorage().description } as const;
}
