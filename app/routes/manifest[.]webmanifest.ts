import { getSiteSettings } from "~/modules/settings/settings.server";

/** The home screen shows a short name; longer names are cut at a word (12 characters fit on a phone). */
function shortName(businessName: string): string {
  if (businessName.length <= 12) return businessName;
  const firstWord = businessName.split(/\s+/)[0]!;
  return firstWord.length <= 12 ? firstWord : firstWord.slice(0, 12);
}

/**
 * The web app manifest, under the business name of the site settings (decision 0030):
 * a member who adds the site to their phone's home screen opens it on their dashboard.
 * Revalidated on every use, so a renamed business shows at the next launch.
 */
export async function loader() {
  const { businessName } = await getSiteSettings();
  const manifest = {
    id: "/",
    name: businessName,
    short_name: shortName(businessName),
    start_url: "/members",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#09090b",
    icons: [
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), { headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, no-cache" } });
}
