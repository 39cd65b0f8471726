import { z } from "zod";
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
