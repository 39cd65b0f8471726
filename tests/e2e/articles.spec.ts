import { accessibilityViolations } from "./support/axe";
import type { APIRequestContext } from "@playwright/test";
import { fixtureArticles } from "./support/fixture-articles";
import { E2E_BASE_URL } from "./support/server";
import { expect, newPersonPage, signInOverHttp, test } from "./support/test";

const members = fixtureArticles.membersOnly;
const pub = fixtureArticles.public;

test("a trainer writes, publishes, edits and deletes an article through the editor", async ({ page }) => {
  test.setTimeout(90_000);
  const title = `Tempo Squats ${Date.now()}`;
  await signInOverHttp(page, "trainer");
  await page.goto("/articles");
  await page.getByRole("link", { name: "New Article" }).click();
  await expect(page).toHaveURL(/\/articles\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create New Article" })).toBeVisible();

  // The shared schema answers in the browser first.
  await page.getByRole("button", { name: "Save Article" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByText("Content is required")).toBeVisible();
  await expect(page.getByText("Please choose a category")).toBeVisible();
  await expect(page.getByText("Failed to save article").first()).toBeVisible();
  await expect(page.getByLabel("Title")).toBeFocused();

  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Excerpt").fill("Slow down to get stronger.");
  await expect(page.getByLabel("Excerpt")).toHaveAttribute("rows", "3");
  await expect(page.getByLabel("Content", { exact: true })).toHaveAttribute("rows", "15");
  await page.getByLabel("Content", { exact: true }).fill("## Three seconds down\n\nControl the **eccentric**.\n\n<script>window.pwned = 1</script>");
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Three seconds down" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("eccentric");
  await expect(preview.locator("script")).toHaveCount(0);
  await page.getByRole("button", { name: "Write" }).click();
  await page.getByLabel("Category").selectOption("Technique");
  await page.getByLabel("Read time (minutes)").fill("7");
  await expect(page.getByLabel("Members only")).not.toBeChecked();
  await page.getByLabel("Publish immediately").check();
  await page.getByRole("button", { name: "Save Article" }).click();

  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.getByText("Article created successfully")).toBeVisible();
  const card = page.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText("Technique")).toBeVisible();
  await card.getByRole("link", { name: /Read More/ }).click();

  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Three seconds down" })).toBeVisible();
  await expect(page.getByText("7 min read")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  const slug = new URL(page.url()).pathname.split("/").pop();
  expect(slug).toMatch(/^tempo-squats-\d+$/);

  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Article" })).toBeVisible();
  const editUrl = page.url();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await page.getByLabel("Title").fill(`${title} Revised`);
  await page.getByLabel("Members only").check();
  await page.getByRole("button", { name: "Save Article" }).click();
  await expect(page.getByText("Article updated successfully")).toBeVisible();
  expect(page.url()).toBe(editUrl);
  await expect(page.getByLabel("Title")).toHaveValue(`${title} Revised`);
  await expect(page.getByLabel("Members only")).toBeChecked();

  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this article?" });
  await expect(dialog).toBeVisible();
  // Cancel keeps it.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.getByText("Article deleted successfully")).toBeVisible();
  await expect(page.getByRole("article", { name: `${title} Revised` })).toHaveCount(0);
  expect((await page.request.get(`/articles/${slug}-revised`)).status()).toBe(404);
});

test("a visitor cannot read a members-only article and is told why", async ({ page, request }) => {
  // Over HTTP: a redirect, and the body is never sent.
  const raw = await request.get(`/articles/${members.slug}`, { maxRedirects: 0 });
  expect(raw.status()).toBe(302);
  expect(raw.headers().location).toBe("/articles");
  expect(await raw.text()).not.toContain("couch stretch secret");

  await page.goto(`/articles/${members.slug}`);
  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.getByText("Members Only", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("This article is only available to members. Please sign in to view it.")).toBeVisible();
  await expect(page.getByText("couch stretch secret")).toHaveCount(0);
  // Nor does the listing offer it to a visitor.
  await expect(page.getByRole("article", { name: members.title })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "New Article" })).toHaveCount(0);
});

test("a member reads a members-only article", async ({ page }) => {
  await signInOverHttp(page, "member");
  await page.goto("/articles");
  const card = page.getByRole("article", { name: members.title });
  await expect(card.getByText("Members Only")).toBeVisible();
  await expect(page.getByRole("link", { name: "New Article" })).toHaveCount(0);
  await card.getByRole("link", { name: /Read More/ }).click();
  await expect(page).toHaveURL(new RegExp(`/articles/${members.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: members.title })).toBeVisible();
  await expect(page.getByText("couch stretch secret")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
});

async function articleIdAsTrainer(request: APIRequestContext, slug: string): Promise<string> {
  const html = await (await request.get(`/articles/${slug}`)).text();
  const id = html.match(/href="\/articles\/([^/"]+)\/edit"/)?.[1];
  expect(id).toBeTruthy();
  return id!;
}

test("visitors and members are refused the editor over HTTP, and nothing changes", async ({ browser, request }) => {
  const trainer = await newPersonPage(browser);
  await signInOverHttp(trainer, "trainer");
  const id = await articleIdAsTrainer(trainer.request, pub.slug);
  const member = await newPersonPage(browser);
  await signInOverHttp(member, "member");

  const fields = { intent: "save", title: "Hijacked", content: "Owned", category: "Training", readTime: "5", published: "on" };
  for (const [who, client, expected] of [
    ["visitor", request, /^\/login\?redirectTo=/],
    ["member", member.request, /^\/unauthorized$/],
  ] as const) {
    const created = await client.post("/articles/new", { form: fields, maxRedirects: 0 });
    expect(created.status(), `${who} create`).toBe(302);
    expect(created.headers().location, `${who} create`).toMatch(expected);
    const updated = await client.post(`/articles/${id}/edit`, { form: fields, maxRedirects: 0 });
    expect(updated.status(), `${who} update`).toBe(302);
    expect(updated.headers().location, `${who} update`).toMatch(expected);
    const deleted = await client.post(`/articles/${id}/edit`, { form: { intent: "delete" }, maxRedirects: 0 });
    expect(deleted.status(), `${who} delete`).toBe(302);
    expect(deleted.headers().location, `${who} delete`).toMatch(expected);
    const page = await client.get("/articles/new", { maxRedirects: 0 });
    expect(page.headers().location, `${who} editor page`).toMatch(expected);
  }

  // The trainer sees every article, drafts included: nothing was added, changed or removed.
  const list = await (await trainer.request.get("/articles?q=Hijacked")).text();
  expect(list).toContain("No articles found.");
  const article = await (await request.get(`/articles/${pub.slug}`)).text();
  expect(article).toContain(pub.title);
  expect(article).not.toContain("Hijacked");
  await trainer.close();
  await member.close();
});

test("the listing and an article page have no serious accessibility violations", async ({ page }) => {
  await page.goto("/articles");
  await expect(page.getByRole("heading", { name: "Browse by Category" })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.goto(`/articles/${pub.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: pub.title })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test("search and category tiles filter the list without JavaScript, and public articles have their own metadata", async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/content");
  await page.getByLabel("Search articles").fill("WARM-UP");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/content\?q=WARM-UP$/);
  await expect(page.getByRole("article", { name: pub.title })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);

  await page.goto("/articles");
  const tile = page.getByRole("link", { name: /^Recovery \d+ articles?$/ });
  await tile.click();
  await expect(page).toHaveURL(/category=Recovery/);
  await expect(page.getByRole("link", { name: /^Recovery/ })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("article", { name: pub.title })).toHaveCount(0);
  await page.getByRole("link", { name: "Show all categories" }).click();
  await expect(page.getByRole("article", { name: pub.title })).toBeVisible();
  await context.close();

  const html = await (await request.get(`/articles/${pub.slug}`)).text();
  expect(html).toContain(`<link rel="canonical" href="${E2E_BASE_URL}/articles/${pub.slug}"/>`);
  expect(html).toContain('<meta property="og:type" content="article"/>');
  expect(html).toContain(`<meta property="og:title" content="${pub.title}`);
  expect(html).not.toContain('content="noindex"');
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${E2E_BASE_URL}/articles/${pub.slug}</loc>`);
  expect(sitemap).not.toContain(members.slug);
});
