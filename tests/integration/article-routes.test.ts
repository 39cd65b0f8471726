// @test-database any: who may do what over the routes, and their answers; the SQL beneath is tested on both databases by its service's own tests (decision 0020).
/**
 * The article routes (listing, view, editor, preview, sitemap) with real sessions on
 * the real database, for each role: visitor, member, trainer, admin.
 */
import { count, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { article } from "~/db/schema/articles";
import { auditLog } from "~/db/schema/audit";
import { user } from "~/db/schema/auth";
import { createArticle, type ArticleInput } from "~/modules/articles/articles.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { action as editAction, loader as editLoader } from "~/routes/articles.$id.edit";
import { loader as viewLoader } from "~/routes/articles.$ref";
import { action as newAction, loader as newLoader } from "~/routes/articles.new";
import { loader as listLoader } from "~/routes/articles";
import { action as previewAction } from "~/routes/cms.markdown-preview";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { callRouteOrData, getRequest, isDataResult, postBody, postForm, signInCookie, toastOf } from "../support/route-calls";

type Who = "admin" | "trainer" | "member" | null;
const cookies: Record<"admin" | "trainer" | "member", string> = { admin: "", trainer: "", member: "" };
const actors = {} as Record<"admin" | "trainer" | "member", { id: string; email: string; role: "admin" | "trainer" | "member" }>;
const emails = ["admin@article-routes.test", "trainer@article-routes.test", "member@article-routes.test"];

/** What a loader or action gave back: a Response (redirect), data() with a status, or plain data. */
type Outcome = { status: number; location: string | null; body: unknown; headers: Headers };

async function call(fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}): Promise<Outcome> {
  const result = await callRouteOrData(fn, request, params);
  if (result instanceof Response) {
    const isJson = result.headers.get("content-type")?.includes("json");
    return { status: result.status, location: result.headers.get("location"), body: isJson ? await result.json() : await result.text(), headers: result.headers };
  }
  if (isDataResult(result)) return { status: result.init?.status ?? 200, location: null, body: result.data, headers: new Headers(result.init?.headers) };
  return { status: 200, location: null, body: result, headers: new Headers() };
}

const get = (pathname: string, who: Who) => getRequest(pathname, who && cookies[who]);
const post = (pathname: string, who: Who, fields: Record<string, string>) => postForm(pathname, who && cookies[who], fields);
const postJson = (pathname: string, who: Who, body: unknown) => postBody(pathname, who && cookies[who], JSON.stringify(body), { "content-type": "application/json" });

const form = { intent: "save", title: "Hill Sprints", excerpt: "Short and steep.", content: "Run **up**.", category: "Training", readTime: "6", published: "on" };

const input = (overrides: Partial<ArticleInput> = {}): ArticleInput => ({
  title: "Fixture",
  excerpt: "",
  content: "The **secret** body.",
  category: "Training",
  imageId: null,
  readTime: 5,
  published: true,
  membersOnly: false,
  ...overrides,
});

async function snapshot() {
  return { articles: await getDb().select().from(article).orderBy(article.id), audits: (await getDb().select({ n: count() }).from(auditLog))[0]!.n };
}

beforeAll(async () => {
  for (const role of ["admin", "trainer", "member"] as const) {
    const email = `${role}@article-routes.test`;
    const created = await createUserWithPassword({ name: `Art ${role}`, email, password: `${role}-password`, role });
    actors[role] = { id: created.id, email, role };
    cookies[role] = await signInCookie(email, `${role}-password`);
  }
});

afterAll(async () => {
  await getDb().delete(article);
  await getDb().delete(user).where(inArray(user.email, emails));
});

beforeEach(async () => {
  await getDb().delete(article);
  await getDb().delete(auditLog);
});

describe("the editor is for trainers and admins only", () => {
  it("/articles/new: visitors go to /login (remembering the page), members to /unauthorized", async () => {
    expect((await call(newLoader, get("/articles/new", null))).location).toBe(`/login?redirectTo=${encodeURIComponent("/articles/new")}`);
    expect((await call(newLoader, get("/articles/new", "member"))).location).toBe("/unauthorized");
    for (const who of ["trainer", "admin"] as const) expect((await call(newLoader, get("/articles/new", who))).status).toBe(200);
  });

  it("/articles/:id/edit: the same, and staff get the saved values", async () => {
    const { id } = await createArticle(actors.trainer, input({ title: "Editable", membersOnly: true }));
    const path = `/articles/${id}/edit`;
    expect((await call(editLoader, get(path, null), { id })).location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    expect((await call(editLoader, get(path, "member"), { id })).location).toBe("/unauthorized");
    const loaded = await call(editLoader, get(path, "admin"), { id });
    expect(loaded.body).toMatchObject({ article: { id, title: "Editable", membersOnly: "true", published: "true", readTime: "5" }, defaultImage: null });
    expect((await call(editLoader, get("/articles/nope/edit", "trainer"), { id: "nope" })).status).toBe(404);
  });

  it("refuses a visitor's and a member's create, update and delete over HTTP, and nothing changes", async () => {
    const { id } = await createArticle(actors.trainer, input({ title: "Keep me" }));
    const before = await snapshot();
    const path = `/articles/${id}/edit`;
    expect((await call(newAction, post("/articles/new", null, form))).location).toMatch(/^\/login\?redirectTo=/);
    expect((await call(newAction, post("/articles/new", "member", form))).location).toBe("/unauthorized");
    expect((await call(newAction, postJson("/articles/new", "member", { ...form, readTime: 6, published: true }))).location).toBe("/unauthorized");
    for (const who of [null, "member"] as const) {
      const expected = who ? "/unauthorized" : `/login?redirectTo=${encodeURIComponent(path)}`;
      expect((await call(editAction, post(path, who, { ...form, title: "Hijacked" }), { id })).location).toBe(expected);
      expect((await call(editAction, post(path, who, { intent: "delete" }), { id })).location).toBe(expected);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("saving", () => {
  it("creates (toast, back to /articles, audit), updates (toast, stays) and deletes (toast, /articles)", async () => {
    const created = await call(newAction, post("/articles/new", "trainer", form));
    expect(created.location).toBe("/articles");
    expect(await toastOf(created)).toEqual({ type: "success", title: "Article created successfully" });
    const [row] = await getDb().select().from(article);
    expect(row).toMatchObject({ title: "Hill Sprints", slug: "hill-sprints", readTime: 6, published: true, membersOnly: false, authorId: actors.trainer.id });

    const path = `/articles/${row!.id}/edit`;
    const updated = await call(editAction, post(path, "admin", { ...form, title: "Hill Sprints, Revised", membersOnly: "on" }), { id: row!.id });
    expect(updated.location).toBe(path);
    expect(await toastOf(updated)).toEqual({ type: "success", title: "Article updated successfully" });
    const [after] = await getDb().select().from(article);
    expect(after).toMatchObject({ title: "Hill Sprints, Revised", slug: "hill-sprints-revised", membersOnly: true, published: true });

    const deleted = await call(editAction, post(path, "trainer", { intent: "delete" }), { id: row!.id });
    expect(deleted.location).toBe("/articles");
    expect(await toastOf(deleted)).toEqual({ type: "success", title: "Article deleted successfully" });
    expect(await getDb().select().from(article)).toEqual([]);

    const again = await call(editAction, post(path, "trainer", { intent: "delete" }), { id: row!.id });
    expect(await toastOf(again)).toMatchObject({ type: "error", title: "Failed to delete article" });

    const audits = await getDb().select().from(auditLog);
    expect(audits.map((a) => `${a.action} ${a.targetType} ${a.summary}`).sort()).toEqual([
      'content.created article Article "Hill Sprints" created',
      'content.deleted article Article "Hill Sprints, Revised" deleted',
      'content.updated article Article "Hill Sprints, Revised" updated',
    ]);
  });

  it("accepts the editor's JSON as well as a plain form", async () => {
    const created = await call(newAction, postJson("/articles/new", "admin", { ...form, readTime: 3, published: false, membersOnly: true }));
    expect(created.location).toBe("/articles");
    expect(await getDb().select({ readTime: article.readTime, published: article.published, membersOnly: article.membersOnly }).from(article)).toEqual([
      { readTime: 3, published: false, membersOnly: true },
    ]);
  });

  it("answers invalid input with 400, the messages at their fields, and writes nothing", async () => {
    const before = await snapshot();
    const refused = await call(newAction, post("/articles/new", "trainer", { intent: "save", title: " ", content: "", category: "Cooking", readTime: "0" }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      ok: false,
      intent: "save",
      // The fields say it all; the editor's toast is 'Failed to save article'.
      error: null,
      fieldErrors: {
        title: "Title is required",
        content: "Content is required",
        category: "Please choose a category",
        readTime: "Read time must be a whole number of at least 1",
      },
      values: { category: "Cooking", readTime: "0" },
    });
    const { id } = await createArticle(actors.trainer, input({ title: "Stays" }));
    const mid = await snapshot();
    const badUpdate = await call(editAction, post(`/articles/${id}/edit`, "trainer", { ...form, readTime: "2.5" }), { id });
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body).toMatchObject({ fieldErrors: { readTime: "Read time must be a whole number of at least 1" } });
    const missingImage = await call(editAction, post(`/articles/${id}/edit`, "trainer", { ...form, imageId: "not-an-upload" }), { id });
    expect(missingImage.status).toBe(400);
    expect(missingImage.body).toMatchObject({ fieldErrors: { imageId: expect.stringContaining("could not be found") } });
    expect(await snapshot()).toEqual(mid);
    expect(before.articles).toEqual([]);
  });

  it("refuses a malformed body with a 4xx, not a 500", async () => {
    const bad = await call(newAction, postBody("/articles/new", cookies.trainer, "{not json", { "content-type": "application/json" }));
    expect(bad.status).toBe(400);
    const big = await call(newAction, postJson("/articles/new", "trainer", { ...form, content: "x".repeat(600 * 1024) }));
    expect(big.status).toBe(413);
    expect(await getDb().select().from(article)).toEqual([]);
  });
});

describe("the article page", () => {
  it("sends a visitor away from a members-only article with the 'Members Only' toast, and never the body", async () => {
    const { slug, id } = await createArticle(actors.trainer, input({ title: "Members Secret", membersOnly: true }));
    for (const ref of [slug, id]) {
      const outcome = await call(viewLoader, get(`/articles/${ref}`, null), { ref });
      expect(outcome.status).toBe(302);
      expect(outcome.location).toBe("/articles");
      expect(await toastOf(outcome)).toEqual({
        type: "error",
        title: "Members Only",
        description: "This article is only available to members. Please sign in to view it.",
      });
      expect(JSON.stringify(outcome.body)).not.toContain("secret");
    }
    const member = await call(viewLoader, get(`/articles/${slug}`, "member"), { ref: slug });
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({ html: "<p>The <strong>secret</strong> body.</p>\n", canEdit: false, article: { membersOnly: true } });
    // A personal answer: no shared cache may keep it.
    expect(member.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers 404 for drafts (to non-staff) and unknown articles; staff see drafts with Edit", async () => {
    const { slug } = await createArticle(actors.trainer, input({ title: "Not Yet", published: false }));
    for (const who of [null, "member"] as const) expect((await call(viewLoader, get(`/articles/${slug}`, who), { ref: slug })).status).toBe(404);
    expect((await call(viewLoader, get("/articles/missing", "admin"), { ref: "missing" })).status).toBe(404);
    const staff = await call(viewLoader, get(`/articles/${slug}`, "trainer"), { ref: slug });
    expect(staff.status).toBe(200);
    expect(staff.body).toMatchObject({ canEdit: true, article: { published: false } });
  });
});

describe("the listing", () => {
  it("filters by search and category, never fails on a page past the end, and offers New Article to staff only", async () => {
    await createArticle(actors.trainer, input({ title: "Protein First", category: "Nutrition" }));
    await createArticle(actors.trainer, input({ title: "Deadlift Form", category: "Technique" }));
    await createArticle(actors.trainer, input({ title: "Draft Protein", category: "Nutrition", published: false }));
    const visitor = (await call(listLoader, get("/articles?q=protein&page=99", null))).body as Awaited<ReturnType<typeof listLoader>>;
    expect(visitor.articles.map((a) => a.title)).toEqual(["Protein First"]);
    expect(visitor).toMatchObject({ page: 1, total: 1, canCreate: false, q: "protein" });
    expect(visitor.articles[0]!.date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    const byCategory = (await call(listLoader, get("/content?category=Technique", "member"))).body as Awaited<ReturnType<typeof listLoader>>;
    expect(byCategory.articles.map((a) => a.title)).toEqual(["Deadlift Form"]);
    expect(byCategory.categoryCounts.find((c) => c.category === "Nutrition")?.count).toBe(1);
    const staff = (await call(listLoader, get("/articles?page=abc&category=Bogus", "trainer"))).body as Awaited<ReturnType<typeof listLoader>>;
    expect(staff).toMatchObject({ canCreate: true, total: 3, category: "" });
  });

  it("lists published public articles, and no others, in /sitemap.xml", async () => {
    const pub = await createArticle(actors.trainer, input({ title: "Public One" }));
    await createArticle(actors.trainer, input({ title: "Members One", membersOnly: true }));
    await createArticle(actors.trainer, input({ title: "Draft One", published: false }));
    const xml = await (await sitemapLoader()).text();
    expect(xml).toContain(`<loc>http://localhost:3000/articles/${pub.slug}</loc>`);
    expect(xml).toContain("<loc>http://localhost:3000/articles</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/about</loc>");
    expect(xml).not.toContain("members-one");
    expect(xml).not.toContain("draft-one");
  });
});

describe("the Markdown preview", () => {
  it("renders for staff with the article renderer and refuses everyone else", async () => {
    const body = { content: "**hi** <script>alert(1)</script> [x](javascript:alert(1))" };
    expect((await call(previewAction, postJson("/cms/markdown-preview", null, body))).status).toBe(401);
    expect((await call(previewAction, postJson("/cms/markdown-preview", "member", body))).status).toBe(403);
    const ok = await call(previewAction, postJson("/cms/markdown-preview", "trainer", body));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ html: "<p><strong>hi</strong> &lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1))</p>\n" });
    expect((await call(previewAction, postJson("/cms/markdown-preview", "trainer", { nothing: 1 }))).status).toBe(400);
  });
});
