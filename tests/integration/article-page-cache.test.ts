// @test-database any: the HTTP surface checked here does not depend on the database kind (decision 0020).
/**
 * The signed-out article list and public article pages served from the page cache
 * (server/page-cache.ts) over real HTTP: a publish, an edit and a delete show at once; a
 * members-only article or a draft is never in a signed-out copy, list or page; queries
 * outside the bounded key space, and signed-in visitors, get a fresh render.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as DbClient from "~/db/client.server";
import type * as ArticlesSchema from "~/db/schema/articles";
import type * as ArticlesModule from "~/modules/articles/articles.server";
import type * as ProfileModule from "~/modules/users/profile.server";
import type * as UsersModule from "~/modules/users/users.server";
import { cacheKey } from "../../server/page-cache";
import { startApp, type RunningApp } from "../support/in-process-app";
import { rawSender, sessionCookie } from "../support/sign-in";

let app: RunningApp;
let articles: typeof ArticlesModule;
let coach: { id: string; email: string; role: "admin" };
let memberCookie: string;

const MEMBER = { email: "member@article-cache.test", password: "cache-Member-pass-7" };

beforeAll(async () => {
  app = await startApp({ BASE_URL: "http://localhost:3000", TRUST_PROXY: "false" });
  articles = await app.load<typeof ArticlesModule>("/app/modules/articles/articles.server.ts");
  const users = await app.load<typeof UsersModule>("/app/modules/users/users.server.ts");
  const profiles = await app.load<typeof ProfileModule>("/app/modules/users/profile.server.ts");
  const admin = await users.createUserWithPassword({ name: "Cora Coach", email: "coach@article-cache.test", password: "cache-Coach-pass-7", role: "admin" });
  coach = { id: admin.id, email: "coach@article-cache.test", role: "admin" };
  const member = await users.createUserWithPassword({ name: "Max Member", ...MEMBER, role: "member" });
  await profiles.completeOwnProfile(member, { fullName: "Max Member", location: "Leeds", interests: "Running", experience: "A year", goals: "A marathon" });
  memberCookie = await sessionCookie(MEMBER.email, MEMBER.password, { base: "http://localhost:3000", send: rawSender(app.base) });
}, 240_000);

afterAll(() => app?.stop());

interface Page {
  status: number;
  html: string;
  /** A shared copy carries no nonce: its CSP lists its inline scripts by hash. */
  shared: boolean;
}

async function get(path: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(`${app.base}${path}`, { headers, redirect: "manual" });
  const csp = response.headers.get("content-security-policy") ?? "";
  return { status: response.status, html: await response.text(), shared: response.status === 200 && !csp.includes("'nonce-") };
}

const article = (title: string, fields: Partial<ArticlesModule.ArticleInput> = {}): ArticlesModule.ArticleInput => ({
  title,
  excerpt: "",
  content: `All about ${title}.`,
  category: "Recovery",
  imageId: null,
  readTime: 3,
  published: true,
  membersOnly: false,
  ...fields,
});

describe("the signed-out article list and article pages from the page cache", () => {
  it("shows a published article on /articles at once, and an edit and a delete at once, list and page", async () => {
    const db = await app.load<typeof DbClient>("/app/db/client.server.ts");
    const { article: articleTable } = await app.load<typeof ArticlesSchema>("/app/db/schema/articles.ts");
    await get("/articles");
    expect((await get("/articles")).shared).toBe(true);

    // A row written straight to the database announces nothing: the shared copy does not show it (it is a copy).
    await db
      .getDb()
      .insert(articleTable)
      .values({ id: crypto.randomUUID(), slug: "quiet-row", ...article("Quiet Row Unannounced"), authorId: coach.id });
    expect((await get("/articles")).html).not.toContain("Quiet Row Unannounced");

    const published = await articles.createArticle(coach, article("Foam Rolling Fundamentals"));
    const list = await get("/articles");
    expect(list.html).toContain("Foam Rolling Fundamentals");
    expect(list.html).toContain("Quiet Row Unannounced");
    expect(list.shared).toBe(true);
    for (const path of ["/content", "/articles?category=Recovery"]) {
      await get(path);
      const copy = await get(path);
      expect(copy.html, path).toContain("Foam Rolling Fundamentals");
      expect(copy.shared, path).toBe(true);
    }
    for (const ref of [published.slug, published.id]) {
      await get(`/articles/${ref}`);
      const page = await get(`/articles/${ref}`);
      expect(page.status).toBe(200);
      expect(page.shared).toBe(true);
      expect(page.html).toContain("All about Foam Rolling Fundamentals.");
    }

    await articles.updateArticle(coach, published.id, article("Foam Rolling Fundamentals", { content: "Roll slowly, breathe out." }));
    expect((await get(`/articles/${published.slug}`)).html).toContain("Roll slowly, breathe out.");
    await articles.updateArticle(coach, published.id, article("Foam Rolling, Revised", { content: "Roll slowly, breathe out." }));
    expect((await get("/articles")).html).toContain("Foam Rolling, Revised");
    expect((await get("/content")).html).not.toContain("Foam Rolling Fundamentals");
    expect((await get(`/articles/${published.id}`)).html).toContain("Foam Rolling, Revised");

    expect(await articles.deleteArticle(coach, published.id)).toBe(true);
    expect((await get("/articles")).html).not.toContain("Foam Rolling, Revised");
    expect((await get("/articles?category=Recovery")).html).not.toContain("Foam Rolling, Revised");
    expect((await get(`/articles/${published.id}`)).status).toBe(404);
  });

  it("never puts a members-only article or a draft in a signed-out copy, list or page, even after a member saw them", async () => {
    const secret = await articles.createArticle(coach, article("Members Secret Mobility", { membersOnly: true, category: "Technique" }));
    const draft = await articles.createArticle(coach, article("Unpublished Draft Drill", { published: false, category: "Technique" }));

    // The member's own render lists the members-only article (and is never shared) …
    const seen = await get("/articles?category=Technique", { cookie: memberCookie });
    expect(seen.html).toContain("Members Secret Mobility");
    expect(seen.shared).toBe(false);
    const memberPage = await get(`/articles/${secret.slug}`, { cookie: memberCookie });
    expect(memberPage.html).toContain("All about Members Secret Mobility.");
    expect(memberPage.shared).toBe(false);

    // … and no signed-out copy does, however often it is asked for.
    for (let round = 0; round < 2; round++) {
      for (const path of ["/articles", "/content", "/articles?category=Technique", "/articles?page=1"]) {
        const copy = await get(path);
        expect(copy.shared, path).toBe(true);
        expect(copy.html, path).not.toContain("Members Secret Mobility");
        expect(copy.html, path).not.toContain("Unpublished Draft Drill");
      }
      for (const ref of [secret.slug, secret.id]) {
        const page = await get(`/articles/${ref}`);
        expect(page.status).toBe(302);
        expect(page.html).not.toContain("All about Members Secret Mobility.");
      }
      for (const ref of [draft.slug, draft.id]) {
        const page = await get(`/articles/${ref}`);
        expect(page.status).toBe(404);
        expect(page.html).not.toContain("All about Unpublished Draft Drill.");
      }
    }
  });

  it("renders a signed-in visitor's list afresh, and every query outside the bounded keys", async () => {
    await articles.createArticle(coach, article("Sleep and Strength", { category: "Lifestyle" }));
    for (const path of ["/articles", "/articles?category=Lifestyle&page=1"]) {
      await get(path);
      expect((await get(path)).shared, path).toBe(true);
      const signedIn = await get(path, { cookie: memberCookie });
      expect(signedIn.shared, path).toBe(false);
      expect(signedIn.html, path).toContain("Sleep and Strength");
    }
    for (const path of ["/articles?q=sleep", "/articles?utm_source=x", "/articles?page=2&page=3", "/articles?category=Nope", "/articles?page=21", "/articles?page=01"]) {
      await get(path);
      const rendered = await get(path);
      expect(rendered.status, path).toBe(200);
      expect(rendered.shared, path).toBe(false);
    }
    expect((await get("/articles?q=sleep")).html).toContain("Sleep and Strength");
  });
});

describe("the page cache's key of a request", () => {
  it.each([
    ["/", "/"],
    ["/articles", "/articles"],
    ["/content", "/content"],
    ["/articles?page=2&category=Mindset", "/articles?category=Mindset&page=2"],
    ["/articles?category=Mindset&page=2", "/articles?category=Mindset&page=2"],
    ["/content?page=20", "/content?page=20"],
    ["/articles/deadlift-basics", "/articles/deadlift-basics"],
    ["/articles/5f0c3a4e-1b2c-4d5e-8f90-123456789abc", "/articles/5f0c3a4e-1b2c-4d5e-8f90-123456789abc"],
  ])("%s is kept as %s", (url, key) => {
    expect(cacheKey(url)).toBe(key);
  });

  it.each([
    "/articles?q=squat",
    "/articles?page=21",
    "/articles?page=0",
    "/articles?page=1e1",
    "/articles?category=mindset",
    "/articles?category=Mindset&category=Training",
    "/articles?",
    "/articles?utm_source=x",
    "/articles/new",
    "/articles/abc/edit",
    "/articles/%C3%A9t%C3%A9",
    "/about?utm_source=x",
    "/members",
  ])("%s is rendered per request", (url) => {
    expect(cacheKey(url)).toBeNull();
  });
});
