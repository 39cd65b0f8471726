import { DEFAULT_BUSINESS_NAME } from "~/lib/business-name";

/** The site's business details before the coach sets them (plain data, safe for every page's bundle). */
export interface SiteSettings {
  businessName: string;
  coachName: string;
  phone: string;
  email: string;
  address: string;
  instagramUrl: string;
  facebookUrl: string;
  youtubeUrl: string;
  tiktokUrl: string;
  notificationEmail: string;
  timeZone: string;
}

export const defaultSiteSettings: SiteSettings = {
  businessName: DEFAULT_BUSINESS_NAME,
  coachName: "",
  phone: "",
  email: "",
  address: "",
  instagramUrl: "",
  facebookUrl: "",
  youtubeUrl: "",
  tiktokUrl: "",
  notificationEmail: "",
  timeZone: "Europe/London",
};
