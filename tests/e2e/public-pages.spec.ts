import { accessibilityViolations } from "./support/axe";
import { publicPages } from "../../app/modules/marketing/public-pages";
import { emptyHttpCache, expect, test } from "./support/test";
import { E2E_BASE_URL } from "./support/server";

for (const page of publicPages) {
  test(`${page.path} has no serious or critical accessibility violations and loads nothing from other hosts`, async ({ page: browserPage }) => {
    await emptyHttpCache(browserPage);
    const foreign: string[] = [];
    browserPage.on("request", (r) => {
      if (!r.url().startsWith(E2E_BASE_URL) && !r.url().startsWith("data:")) foreign.push(r.url());
    });
    const response = await browserPage.goto(page.path, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    expect(await accessibilityViolations(browserPage)).toEqual([]);
    expect(foreign).toEqual([]);
  });

  test(`${page.path} is server-rendered: its main heading is in the HTML without JavaScript`, async ({ request }) => {
    const response = await request.get(page.path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const headings = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]!.replace(/<[^<>]+>/g, "").replace(/\s+/g, " ").trim());
    expect(headings).toHaveLength(1);
    expect(headings[0]).toBe(page.heading.replace(/&/g, "&amp;"));
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="${E2E_BASE_URL}${page.path}"/>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"\/>/);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
  });
}

test("every public page has its own title and description", async ({ request }) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const page of publicPages) {
    const html = await (await request.get(page.path)).text();
    titles.add(html.match(/<title>([^<]+)<\/title>/)![1]!);
    descriptions.add(html.match(/<meta name="description" content="([^"]+)"\/>/)![1]!);
  }
  expect(titles.size).toBe(publicPages.length);
  expect(descriptions.size).toBe(publicPages.length);
});

test("the sitemap lists every public page and robots.txt points to it", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const page of publicPages) expect(xml).toContain(`<loc>${E2E_BASE_URL}${page.path}</loc>`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${E2E_BASE_URL}/sitemap.xml`);
  expect(robots).toContain("Disallow: /admin");
});

test("the home page describes the business for search engines (schema.org LocalBusiness)", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const json = html.match(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/)?.[1];
  expect(json).toBeTruthy();
  const data = JSON.parse(json!);
  expect(data["@context"]).toBe("https://schema.org");
  expect(data["@type"]).toBe("HealthClub");
  expect(data.name).toBe("Relentless");
  expect(data.url).toBe(`${E2E_BASE_URL}/`);
});

test("the home page's calls to action lead to /contact and /about", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Ignite Your Transformation" }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.goto("/");
  await page.getByRole("link", { name: "Meet Your Coach" }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test("/contact#contactForm scrolls the application form into view", async ({ page }) => {
  await page.goto("/contact#contactForm");
  await expect(page.getByRole("heading", { name: "Apply for Coaching" })).toBeInViewport();
});
