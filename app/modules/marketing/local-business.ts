import type { SiteSettings } from "~/modules/settings/settings-defaults";

/** schema.org data for the home page; only details the coach has set are included. */
export function localBusinessJsonLd(settings: SiteSettings, origin: string): string {
  const sameAs = [settings.instagramUrl, settings.facebookUrl, settings.youtubeUrl, settings.tiktokUrl].filter(Boolean);
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "HealthClub",
    name: settings.businessName,
    url: `${origin}/`,
    image: `${origin}/og-image.png`,
    description: "Personal training, group classes, nutrition coaching and online coaching.",
    ...(settings.phone ? { telephone: settings.phone } : {}),
    ...(settings.email ? { email: settings.email } : {}),
    ...(settings.address ? { address: { "@type": "PostalAddress", streetAddress: settings.address } } : {}),
    ...(settings.coachName ? { founder: { "@type": "Person", name: settings.coachName } } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
  // Escape "<" so the JSON can never close the script element.
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
