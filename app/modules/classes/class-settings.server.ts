/**
 * The class booking rules (decision 0101): one row of site_settings under its own key,
 * edited by administrators in /admin/settings and read by every booking in its transaction.
 */
import { eq } from "drizzle-orm";
import { recordAudit } from "~/auth/audit.server";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { siteSetting } from "~/db/schema/settings";
import { classBookingSettingsFormSchema, classBookingSettingsSchema, defaultClassBookingSettings, type ClassBookingSettings } from "./class-bookings.schema";
import { announcePublicContentChangeIn } from "~/lib/site-changes.server";

export const CLASS_SETTINGS_KEY = "class-bookings";

/** The rules in force, defaults for anything not set; pass a transaction to read them inside it. */
export async function getClassBookingSettings(db: Db = getDb()): Promise<ClassBookingSettings> {
  const [row] = await db.select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, CLASS_SETTINGS_KEY));
  if (!row) return defaultClassBookingSettings;
  const parsed = classBookingSettingsSchema.safeParse(row.value);
  return parsed.success ? parsed.data : defaultClassBookingSettings;
}

/** The settings page's values (administrators only). */
export async function readClassBookingSettingsForAdmin(actor: Pick<SessionUser, "role">): Promise<ClassBookingSettings> {
  ensureCan(actor, "siteSettings", "read");
  return getClassBookingSettings();
}

/** Saves the rules (administrators only). Throws a ZodError for a value out of bounds; nothing is saved then. */
export async function setClassBookingSettings(actor: Pick<SessionUser, "id" | "email" | "role">, input: unknown): Promise<ClassBookingSettings> {
  ensureCan(actor, "siteSettings", "update");
  const value: ClassBookingSettings = classBookingSettingsFormSchema.parse(input);
  await getDb()
    .insert(siteSetting)
    .values({ key: CLASS_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: siteSetting.key, set: { value, updatedAt: new Date() } });
  // The cut-off and the days ahead change what the visitors' Group Classes page lists.
  await announcePublicContentChangeIn(getDb());
  await recordAudit({
    action: "settings.updated",
    actor,
    target: { type: "site_settings", id: CLASS_SETTINGS_KEY },
    summary: `Class bookings: cancel until ${value.cancelCutoffHours} h before, offers held ${value.offerWindowMinutes} min, ${value.weeklyLimit} a week, ${value.bookAheadDays} days ahead`,
  });
  return value;
}
