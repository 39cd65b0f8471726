import { getEnv } from "~/lib/env.server";
import { listPublicArticlesForSitemap } from "~/modules/articles/articles.server";
import { publicPages } from "~/modules/marketing/public-pages";

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Every public page and every published public article, for search engines. */
export async function loader() {
  const origin = getEnv().BASE_URL;
  const pages = [...publicPages.map((page) => page.path), "/articles"].map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`);
  const articles = (await listPublicArticlesForSitemap()).map(
    (a) => `  <url><loc>${escapeXml(`${origin}/articles/${encodeURIComponent(a.slug)}`)}</loc><lastmod>${a.updatedAt}</lastmod></url>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...pages, ...articles].join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
