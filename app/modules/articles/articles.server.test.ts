import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { article } from "~/db/schema/articles";
import { auditLog } from "~/db/schema/audit";
import { createUserWithPassword } from "~/modules/users/users.server";
import type { Role } from "~/auth/permissions";
import {
  countArticles,
  createArticle,
  deleteArticle,
  getArticleForEdit,
  getArticleForViewer,
  listArticles,
  listPublicArticlesForSitemap,
  updateArticle,
  type ArticleInput,
} from "./articles.server";

const people = {} as Record<Role, SessionUser>;

const input = (overrides: Partial<ArticleInput> = {}): ArticleInput => ({
  title: "Squat Deeper",
  excerpt: "Depth without pain.",
  content: "# Why\n\nBecause **depth** builds strength.",
  category: "Training",
  imageId: null,
  readTime: 5,
  published: true,
  membersOnly: false,
  ...overrides,
});

/** Rows straight into the table: one statement, fixed creation times (oldest first). */
async function insertArticles(rows: Array<Partial<typeof article.$inferInsert> & { title: string }>) {
  const start = Date.UTC(2026, 0, 1);
  await getDb()
    .insert(article)
    .values(
      rows.map((r, i) => ({
        id: crypto.randomUUID(),
        slug: `${r.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${i}`,
        content: "Body text",
        category: "Training",
        published: true,
        createdAt: new Date(start + i * 60_000),
        ...r,
      })),
    );
}

beforeAll(async () => {
  for (const role of ["member", "trainer", "admin"] as const) {
    const created = await createUserWithPassword({ name: `Ann ${role}`, email: `${role}@articles.test`, password: "a-good-password", role });
    people[role] = { id: created.id, email: created.email, name: created.name, role, profileComplete: true, weightUnit: "lbs" };
  }
});

beforeEach(async () => {
  await getDb().delete(article);
  await getDb().delete(auditLog);
});

describe("slugs", () => {
  it("derives the slug from the title and gives collisions -2, -3, …", async () => {
    const a = await createArticle(people.trainer, input({ title: "Squat Deeper!" }));
    const b = await createArticle(people.trainer, input({ title: "squat -- deeper" }));
    const c = await createArticle(people.admin, input({ title: "SQUAT DEEPER" }));
    expect([a.slug, b.slug, c.slug]).toEqual(["squat-deeper", "squat-deeper-2", "squat-deeper-3"]);
  });

  it("gives 'new' a suffix and a title without letters or digits 'article'", async () => {
    expect((await createArticle(people.trainer, input({ title: "New" }))).slug).toBe("new-2");
    expect((await createArticle(people.trainer, input({ title: "!!!" }))).slug).toBe("article");
    expect((await createArticle(people.trainer, input({ title: "???" }))).slug).toBe("article-2");
  });

  it("handles simultaneous saves of one title: the unique index refuses the loser, which takes the next suffix", async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => createArticle(people.trainer, input({ title: "Same Moment" }))));
    expect(results.map((r) => r.slug).sort()).toEqual(["same-moment", "same-moment-2", "same-moment-3", "same-moment-4", "same-moment-5", "same-moment-6"]);
    expect(await countArticles()).toBe(6);
  });

  it("follows a changed title on update and keeps the slug when the title stays", async () => {
    const other = await createArticle(people.trainer, input({ title: "Deadlift Basics" }));
    const { id, slug } = await createArticle(people.trainer, input({ title: "Bench Press" }));
    expect(slug).toBe("bench-press");
    expect(await updateArticle(people.trainer, id, input({ title: "Bench Press", content: "Changed" }))).toEqual({ id, slug: "bench-press" });
    expect(await updateArticle(people.trainer, id, input({ title: "Deadlift basics" }))).toEqual({ id, slug: "deadlift-basics-2" });
    // Saving again with the same title keeps its own slug rather than counting itself as a collision.
    expect(await updateArticle(people.trainer, id, input({ title: "Deadlift basics", excerpt: "x" }))).toEqual({ id, slug: "deadlift-basics-2" });
    expect(other.slug).toBe("deadlift-basics");
  });
});

describe("visibility", () => {
  type State = "draft public" | "draft members" | "published public" | "published members";
  type Viewer = "visitor" | Role;
  // The one table: who sees which article, in the list and on the article page.
  const matrix: Record<State, Record<Viewer, boolean>> = {
    "draft public": { visitor: false, member: false, trainer: true, admin: true },
    "draft members": { visitor: false, member: false, trainer: true, admin: true },
    "published public": { visitor: true, member: true, trainer: true, admin: true },
    "published members": { visitor: false, member: true, trainer: true, admin: true },
  };
  const states = Object.keys(matrix) as State[];
  const viewers: Viewer[] = ["visitor", "member", "trainer", "admin"];
  const asViewer = (v: Viewer) => (v === "visitor" ? null : people[v]);
  const ids = {} as Record<State, { id: string; slug: string }>;

  beforeEach(async () => {
    for (const state of states) {
      ids[state] = await createArticle(people.trainer, input({ title: state, published: state.startsWith("published"), membersOnly: state.endsWith("members") }));
    }
  });

  for (const viewer of viewers) {
    it(`the list shows a ${viewer} exactly what the table allows, drafts marked`, async () => {
      const { items, total } = await listArticles(asViewer(viewer));
      const expected = states.filter((s) => matrix[s][viewer]);
      expect(items.map((i) => i.title).sort()).toEqual([...expected].sort());
      expect(total).toBe(expected.length);
      for (const item of items) expect(item.published).toBe(item.title.startsWith("published"));
    });

    it(`the article page answers a ${viewer} as the table says, by slug and by id`, async () => {
      for (const state of states) {
        for (const ref of [ids[state].slug, ids[state].id]) {
          const result = await getArticleForViewer(asViewer(viewer), ref);
          if (matrix[state][viewer]) {
            expect(result.kind, `${state} via ${ref}`).toBe("found");
            if (result.kind === "found") {
              expect(result.article.slug).toBe(ids[state].slug);
              expect(result.html).toContain("<strong>depth</strong>");
            }
          } else if (viewer === "visitor" && state === "published members") {
            // Told why, and never given the body.
            expect(result).toEqual({ kind: "members-only" });
          } else {
            expect(result, `${state} via ${ref}`).toEqual({ kind: "not-found" });
          }
        }
      }
    });
  }

  it("refuses drafts to anyone who asks for them without the permission", async () => {
    await expect(listArticles(null, { includeDrafts: true })).rejects.toMatchObject({ init: { status: 403 } });
    await expect(listArticles(people.member, { includeDrafts: true })).rejects.toMatchObject({ init: { status: 403 } });
    // Staff can ask for the public view only.
    const { items } = await listArticles(people.trainer, { includeDrafts: false });
    expect(items.map((i) => i.title).sort()).toEqual(["published members", "published public"]);
  });

  it("answers not-found for unknown and absurd refs", async () => {
    expect(await getArticleForViewer(people.admin, "no-such-article")).toEqual({ kind: "not-found" });
    expect(await getArticleForViewer(people.admin, "x".repeat(500))).toEqual({ kind: "not-found" });
  });

  it("puts only published public articles in the sitemap", async () => {
    expect((await listPublicArticlesForSitemap()).map((a) => a.slug)).toEqual([ids["published public"].slug]);
  });
});

describe("search, categories and pages", () => {
  it("searches titles and descriptions case-insensitively, with % and _ taken literally", async () => {
    await insertArticles([
      { title: "Protein Timing", excerpt: "When to eat after training", category: "Nutrition" },
      { title: "Sleep and recovery", excerpt: "Eight hours, 100% of the time", category: "Recovery" },
      { title: "snake_case_lifts", excerpt: "", category: "Technique" },
      { title: "Mobility flow", excerpt: "", content: "A daily PROTEIN shake is not mobility.", category: "Recovery" },
      { title: "Members protein", excerpt: "Secret", membersOnly: true, category: "Nutrition" },
      { title: "Draft protein", excerpt: "", published: false, category: "Nutrition" },
      { title: "Body only", excerpt: "Has an excerpt", content: "protein in the body, not the description", category: "Training" },
    ]);
    const titles = async (viewer: SessionUser | null, q: string) => (await listArticles(viewer, { q })).items.map((i) => i.title).sort();
    // Title, excerpt, and the content of an article described by its content; not the body behind an excerpt.
    expect(await titles(null, "PROTEIN")).toEqual(["Mobility flow", "Protein Timing"]);
    expect(await titles(people.member, "protein")).toEqual(["Members protein", "Mobility flow", "Protein Timing"]);
    expect(await titles(people.trainer, "protein")).toEqual(["Draft protein", "Members protein", "Mobility flow", "Protein Timing"]);
    expect(await titles(null, "after TRAINING")).toEqual(["Protein Timing"]);
    expect(await titles(null, "100%")).toEqual(["Sleep and recovery"]);
    expect(await titles(null, "%")).toEqual(["Sleep and recovery"]);
    expect(await titles(null, "_")).toEqual(["snake_case_lifts"]);
    expect(await titles(null, "e_c")).toEqual(["snake_case_lifts"]);
    expect(await titles(null, "nothing like this")).toEqual([]);
  });

  it("counts what this viewer can see per category, for the search, and filters by a category", async () => {
    await insertArticles([
      { title: "a", category: "Training" },
      { title: "b", category: "Training" },
      { title: "c", category: "Training", membersOnly: true },
      { title: "d", category: "Nutrition" },
      { title: "e", category: "Mindset", published: false },
      { title: "Grip", category: "Equipment" },
    ]);
    const counts = async (viewer: SessionUser | null, q?: string) =>
      Object.fromEntries((await listArticles(viewer, { q })).categoryCounts.map((c) => [c.category, c.count]));
    expect(await counts(null)).toEqual({ Training: 2, Nutrition: 1, Recovery: 0, Mindset: 0, Lifestyle: 0, Equipment: 1, Technique: 0 });
    expect(await counts(people.member)).toMatchObject({ Training: 3, Mindset: 0 });
    expect(await counts(people.admin)).toMatchObject({ Training: 3, Mindset: 1 });
    expect(await counts(null, "grip")).toEqual({ Training: 0, Nutrition: 0, Recovery: 0, Mindset: 0, Lifestyle: 0, Equipment: 1, Technique: 0 });

    const training = await listArticles(people.member, { category: "Training" });
    expect(training.items.map((i) => i.title).sort()).toEqual(["a", "b", "c"]);
    expect(training.total).toBe(3);
    // The tiles still count every category while one is chosen.
    expect(training.categoryCounts.find((c) => c.category === "Nutrition")?.count).toBe(1);
    // An unknown category is no filter at all.
    expect((await listArticles(null, { category: "Cooking" })).total).toBe(4);
  });

  it("pages 500 articles by 12, newest first", async () => {
    await insertArticles(Array.from({ length: 500 }, (_, i) => ({ title: `Article ${String(i).padStart(3, "0")}`, excerpt: `Number ${i}` })));
    const first = await listArticles(null, { page: 1 });
    expect(first).toMatchObject({ total: 500, page: 1, pageCount: 42 });
    expect(first.items.map((i) => i.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Article ${String(499 - i).padStart(3, "0")}`));

    const middle = await listArticles(null, { page: 21 });
    expect(middle.page).toBe(21);
    expect(middle.items).toHaveLength(12);
    expect(middle.items[0]!.title).toBe(`Article ${String(499 - 240).padStart(3, "0")}`);

    const last = await listArticles(null, { page: 42 });
    expect(last.items.map((i) => i.title)).toEqual(["Article 007", "Article 006", "Article 005", "Article 004", "Article 003", "Article 002", "Article 001", "Article 000"]);
    // Beyond the end: the last page, not an error.
    expect((await listArticles(null, { page: 9999 })).page).toBe(42);
    expect((await listArticles(null, { page: -3 })).page).toBe(1);
    expect((await listArticles(null, { page: Number.NaN })).page).toBe(1);
  });

  it("describes an article by its excerpt, else by a plain-text snippet of its content", async () => {
    await createArticle(people.trainer, input({ title: "With excerpt", excerpt: "Short and sweet." }));
    await createArticle(people.trainer, input({ title: "Without", excerpt: "", content: `## Heading\n\n**Strong** words ${"and more ".repeat(40)}` }));
    const { items } = await listArticles(null);
    const by = Object.fromEntries(items.map((i) => [i.title, i.description]));
    expect(by["With excerpt"]).toBe("Short and sweet.");
    expect(by.Without!.startsWith("Heading Strong words and more")).toBe(true);
    expect(by.Without!.length).toBeLessThanOrEqual(160);
    expect(items[0]).toMatchObject({ createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), readTime: 5, image: null, category: "Training" });
  });
});

describe("editing", () => {
  it("lets trainers and admins create, update and delete, each written to the audit log", async () => {
    const { id } = await createArticle(people.trainer, input({ title: "Audit me" }));
    const [row] = await getDb().select().from(article).where(eq(article.id, id));
    expect(row).toMatchObject({ title: "Audit me", authorId: people.trainer.id, published: true, membersOnly: false, readTime: 5 });

    await updateArticle(people.admin, id, input({ title: "Audit me again", readTime: 9, membersOnly: true, published: false }));
    expect(await getArticleForEdit(people.trainer, id)).toMatchObject({ title: "Audit me again", readTime: 9, membersOnly: true, published: false, slug: "audit-me-again" });

    expect(await deleteArticle(people.trainer, id)).toBe(true);
    expect(await deleteArticle(people.trainer, id)).toBe(false);
    expect(await countArticles()).toBe(0);

    // created < deleted < updated alphabetically; sort by the order they happened instead.
    const order = ["content.created", "content.updated", "content.deleted"];
    const entries = (await getDb().select().from(auditLog)).sort((a, b) => order.indexOf(a.action) - order.indexOf(b.action));
    expect(entries.map((e) => [e.action, e.targetType, e.targetId, e.summary, e.actorId])).toEqual([
      ["content.created", "article", id, 'Article "Audit me" created', people.trainer.id],
      ["content.updated", "article", id, 'Article "Audit me again" updated', people.admin.id],
      ["content.deleted", "article", id, 'Article "Audit me again" deleted', people.trainer.id],
    ]);
  });

  it("refuses members every change and changes nothing", async () => {
    const { id } = await createArticle(people.trainer, input());
    await expect(createArticle(people.member, input({ title: "Nope" }))).rejects.toMatchObject({ init: { status: 403 } });
    await expect(updateArticle(people.member, id, input({ title: "Nope" }))).rejects.toMatchObject({ init: { status: 403 } });
    await expect(deleteArticle(people.member, id)).rejects.toMatchObject({ init: { status: 403 } });
    await expect(getArticleForEdit(people.member, id)).rejects.toMatchObject({ init: { status: 403 } });
    expect((await getDb().select({ title: article.title }).from(article)).map((r) => r.title)).toEqual(["Squat Deeper"]);
  });

  it("checks the input again on the server and refuses an image that does not exist", async () => {
    await expect(createArticle(people.trainer, { ...input(), readTime: 0 })).rejects.toThrow();
    await expect(createArticle(people.trainer, input({ imageId: "no-such-upload" }))).rejects.toMatchObject({ status: 400, fieldErrors: { imageId: "That image could not be found. Please upload it again." } });
    expect(await countArticles()).toBe(0);
  });

  it("answers null for an update of an article that is gone", async () => {
    expect(await updateArticle(people.trainer, "gone", input())).toBeNull();
    expect(await getArticleForEdit(people.trainer, "gone")).toBeNull();
  });
});
