import { z } from "zod";
import { singleLineText } from "~/lib/text-field";
import { defaultSiteSettings, type SiteSettings } from "./settings-defaults";

const optional = z.string().trim().max(300).default("");

/** Business details used across the site. Empty means "not set": nothing is invented. */
export const siteSettingsSchema = z.object({
  businessName: z.string().trim().min(1).max(100).default(defaultSiteSettings.businessName),
  coachName: optional,
  phone: optional,
  email: optional,
  address: optional,
  instagramUrl: optional,
  facebookUrl: optional,
  youtubeUrl: optional,
  tiktokUrl: optional,
  notificationEmail: optional,
  timeZone: z.string().default(defaultSiteSettings.timeZone),
}) satisfies z.ZodType<SiteSettings>;

/**
 * An IANA zone this runtime knows (Intl.supportedValuesOf), or an alias of one: the
 * list holds canonical names only (Asia/Calcutta, not Asia/Kolkata) and leaves out UTC.
 */
export function isTimeZone(value: string): boolean {
  if (value === "UTC") return true;
  try {
    const zones = Intl.supportedValuesOf("timeZone");
    if (zones.includes(value)) return true;
    const canonical = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
    return value.includes("/") && zones.includes(canonical);
  } catch {
    return false;
  }
}

const optionalEmail = singleLineText()
  .max(254)
  .refine((v) => v === "" || z.email().safeParse(v).success, "Please enter a valid email address");

const optionalSocialUrl = singleLineText()
  .max(300)
  .refine((v) => v === "" || (/^https?:\/\//i.test(v) && URL.canParse(v)), "Links must start with https:// (or http://)");

const optionalText = (max: number, label: string) => singleLineText().max(max, `${label} must be at most ${max} characters`);

/** The /admin/settings form: stricter than what is read back (old rows stay readable). */
export const siteSettingsFormSchema = z.object({
  businessName: singleLineText().min(1, "Please enter the business name").max(100, "Business name must be at most 100 characters"),
  coachName: optionalText(100, "Coach name"),
  phone: singleLineText()
    .max(40, "Phone must be at most 40 characters")
    .refine((v) => v === "" || /^[+()\d\s.-]{6,40}$/.test(v), "Please enter a valid phone number"),
  email: optionalEmail,
  address: optionalText(300, "Address"),
  instagramUrl: optionalSocialUrl,
  facebookUrl: optionalSocialUrl,
  youtubeUrl: optionalSocialUrl,
  tiktokUrl: optionalSocialUrl,
  notificationEmail: optionalEmail,
  timeZone: z.string().trim().refine(isTimeZone, "Please choose a valid time zone"),
}) satisfies z.ZodType<SiteSettings, unknown>;

export type SiteSettingsField = keyof SiteSettings;
