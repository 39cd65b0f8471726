import type { SiteSettings } from "~/modules/settings/settings-defaults";

export interface SocialProfile {
  url: string;
  /** The network's name, as visitors know it. */
  network: string;
}

type SocialSettings = Pick<SiteSettings, "instagramUrl" | "facebookUrl" | "youtubeUrl" | "tiktokUrl">;

const networks: Array<[keyof SocialSettings, string]> = [
  ["instagramUrl", "Instagram"],
  ["facebookUrl", "Facebook"],
  ["youtubeUrl", "YouTube"],
  ["tiktokUrl", "TikTok"],
];

/**
 * The social page Warrior Prep links to: the first one the coach has set, in the
 * order Instagram, Facebook, YouTube, TikTok. Only http(s) addresses count, so a
 * mistyped setting can never become a script link. Null when none is set.
 */
export function pickSocialProfile(settings: SocialSettings): SocialProfile | null {
  for (const [key, network] of networks) {
    const value = settings[key].trim();
    if (!value) continue;
    try {
      const url = new URL(value);
      if (url.protocol === "https:" || url.protocol === "http:") return { url: url.href, network };
    } catch {
      // not an address: try the next network
    }
  }
  return null;
}
