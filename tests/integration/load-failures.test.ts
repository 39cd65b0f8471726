// @test-database any: the table taken away fails the same way on either database; the page is what is checked.
/**
 * A page whose own loader fails while the rest of the site works shows the route's error
 * boundary with the spec's words (decision 0023, "Load failures"), inside the site's
 * layout, as a 500: 'Error: Failed to fetch articles' (/articles), 'Failed to fetch
 * article' (an article and its editor), 'Failed to fetch users' (/admin/users), 'Failed to
 * load contact submissions' (/admin/contacts). The whole application runs in-process on
 * this file's own database; the failure is real: the table that loader reads is renamed
 * away for the request (the session and site settings the layout reads stay), then
 * renamed back, and the page works again.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as ArticlesModule from "~/modules/articles/articles.server";
import type * as UsersModule from "~/modules/users/users.server";
import type * as ProfileModule from "~/modules/users/profile.server";
import { sessionCookie } from "../support/sign-in";
import { startApp, type RunningApp } from "./fuzz-harness";

const PASSWORD = "Load-failure-password-1";
const email = "admin@load-failures.test";

let app: RunningApp;
let cookie = "";
let article = { id: "", slug: "" };

/** Runs `request` while `table` is gone (renamed), and puts it back whatever happens. */
async function withoutTable<T>(table: string, request: () => Promise<T>): Promise<T> {
  await app.database.db.execute(sql.raw(`alter table "${table}" rename to "${table}_gone"`));
  try {
    return await request();
  } finally {
    await app.database.db.execute(sql.raw(`alter table "${table}_gone" rename to "${table}"`));
  }
}

async function page(pathname: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${app.base}${pathname}`, { redirect: "manual", headers: { cookie } });
  return { status: response.status, html: await response.text() };
}

beforeAll(async () => {
  app = await startApp();
  const users = await app.load<typeof UsersModule>("/app/modules/users/users.server.ts");
  const profiles = await app.load<typeof ProfileModule>("/app/modules/users/profile.server.ts");
  const admin = await users.createUserWithPassword({ email, password: PASSWORD, name: "Lena Loader", role: "admin" });
  await profiles.completeOwnProfile(admin, { fullName: "Lena Loader", location: "Hull", interests: "Rowing", experience: "Years", goals: "More" });
  const articles = await app.load<typeof ArticlesModule>("/app/modules/articles/articles.server.ts");
  const created = await articles.createArticle({ id: admin.id, email, role: "admin" }, {
    title: "Deadlift Basics",
    excerpt: "",
    content: "Hinge at the hips.",
    category: "Training",
    membersOnly: false,
    imageId: null,
    readTime: 4,
    published: true,
  });
  article = { id: created.id, slug: created.slug };
  cookie = await sessionCookie(email, PASSWORD, { base: app.base });
}, 240_000);

afterAll(() => app?.stop());

/** The route's error boundary inside the site's layout (the signed-in header), not the root's error screen. */
function expectRouteBoundary(answer: { status: number; html: string }, words: string) {
  expect(answer.status).toBe(500);
  expect(answer.html).toContain(words);
  // The header's account menu, named by the first name (the menu itself, or its stand-in while its code loads).
  expect(answer.html).toMatch(/<header[^>]*>[\s\S]*>Lena<[\s\S]*<\/header>/);
  expect(answer.html).not.toContain("Something went wrong");
}

describe("a page whose own loader fails", () => {
  const cases = [
    { name: "/articles", table: "articles", path: () => "/articles", words: "Error: Failed to fetch articles", works: "Deadlift Basics" },
    { name: "an article", table: "articles", path: () => `/articles/${article.slug}`, words: "Failed to fetch article", works: "Hinge at the hips." },
    { name: "the article editor", table: "articles", path: () => `/articles/${article.id}/edit`, words: "Failed to fetch article", works: "Deadlift Basics" },
    { name: "/admin/users", table: "invitations", path: () => "/admin/users", words: "Failed to fetch users", works: email },
    { name: "/admin/contacts", table: "contact_submissions", path: () => "/admin/contacts", words: "Failed to load contact submissions", works: "Contact Submissions" },
  ];

  for (const c of cases) {
    it(`${c.name}: the spec's '${c.words}' as a 500 in the site's layout; back to normal once the table is back`, async () => {
      const failed = await withoutTable(c.table, () => page(c.path()));
      expectRouteBoundary(failed, c.words);
      const works = await page(c.path());
      expect(works.status).toBe(200);
      expect(works.html).toContain(c.works);
      expect(works.html).not.toContain(c.words);
    });
  }

  it("an article that does not exist is the same boundary's 404 'Article not found', not a load failure", async () => {
    for (const path of ["/articles/no-such-article", "/articles/no-such-article/edit"]) {
      const answer = await page(path);
      expect(answer.status).toBe(404);
      expect(answer.html).toContain("Article not found");
      expect(answer.html).not.toContain("Failed to fetch article");
    }
  });
});
