import { getEnv } from "~/lib/env.server";

/** Crawlers may read the public site; the member, staff and auth areas are not for them. */
export function loader() {
  const origin = getEnv().BASE_URL;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /cms",
    "Disallow: /members",
    "Disallow: /profile-setup",
    "Disallow: /setup",
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
