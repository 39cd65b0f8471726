import { getEnv } from "~/lib/env.server";
import { publicPages } from "~/modules/marketing/public-pages";

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Every public page, for search engines. */
export function loader() {
  const origin = getEnv().BASE_URL;
  const urls = publicPages.map((page) => `  <url><loc>${escapeXml(origin + page.path)}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
