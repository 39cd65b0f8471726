import crypto from "node:crypto";
import { and, asc, count, desc, eq, ilike, like, ne, or, sql, type SQL } from "drizzle-orm";
import { can } from "~/auth/permissions";
import type { PictureImage } from "~/components/ui/picture";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { AppError } from "~/lib/app-error";
import { article } from "~/db/schema/articles";
import { user } from "~/db/schema/auth";
import { recordAudit } from "~/auth/audit.server";
import { announcePublicContentChanged } from "~/lib/site-changes.server";
import { getPictureImages } from "~/modules/uploads/uploads.server";
import { ARTICLE_CATEGORIES, isArticleCategory } from "./article-categories";
import { articleSchema, type ArticleInput } from "./articles.schema";
import { renderMarkdown, snippet } from "./markdown.server";
import { nextFreeSlug, slugify } from "./slug";
import { containing, escapeLike } from "~/lib/like";

export type { ArticleInput };

export type { PictureImage };

export const ARTICLES_PAGE_SIZE = 12;
const MAX_PAGE_SIZE = 100;
const DESCRIPTION_LENGTH = 160;

type Viewer = Pick<SessionUser, "id" | "role"> | null;
type Actor = Pick<SessionUser, "id" | "role" | "email">;

/** One card of the listing (and of the content manager's Articles tab). */
export interface ArticleSummary {
  id: string;
  slug: string;
  title: string;
  /** The excerpt, or a plain-text snippet of the content when there is none. */
  description: string;
  category: string;
  membersOnly: boolean;
  published: boolean;
  /** ISO 8601 */
  createdAt: string;
  readTime: number;
  image: PictureImage | null;
}

const seesDrafts = (viewer: Viewer) => viewer !== null && can(viewer.role, "articles", "viewDrafts");

/** Showing drafts is a permission like any other: a visitor asking for them gets the same 403. */
function ensureMaySeeDrafts(viewer: Viewer): void {
  if (!viewer) throw new AppError(403, "You do not have permission to do that.");
  ensureCan(viewer, "articles", "viewDrafts");
}

/**
 * What this viewer may see, as SQL (spec section 2 and DESIGN.md): visitors published
 * public articles; members every published article; trainers and admins drafts too.
 */
function visibleTo(viewer: Viewer, includeDrafts: boolean): SQL | undefined {
  if (includeDrafts) return undefined;
  if (!viewer) return and(eq(article.published, true), eq(article.membersOnly, false));
  return eq(article.published, true);
}

/** Titles and descriptions; an article without an excerpt is described by its content. */
function matches(q: string): SQL {
  const pattern = containing(q);
  return or(ilike(article.title, pattern), ilike(article.excerpt, pattern), and(eq(article.excerpt, ""), ilike(article.content, pattern)))!;
}

export interface ListArticlesOptions {
  q?: string;
  category?: string;
  page?: number;
  pageSize?: number;
  /** Trainers and admins see drafts unless this is false; anyone else asking for them is refused. */
  includeDrafts?: boolean;
}

async function imagesFor(ids: Array<string | null>): Promise<Map<string, PictureImage>> {
  return ids.some(Boolean) ? getPictureImages(ids) : new Map();
}

/** One page of the articles this viewer may see, newest first, with per-category counts. */
export async function listArticles(
  viewer: SessionUser | null,
  options: ListArticlesOptions = {},
): Promise<{ items: ArticleSummary[]; total: number; page: number; pageCount: number; categoryCounts: Array<{ category: string; count: number }> }> {
  const includeDrafts = options.includeDrafts ?? seesDrafts(viewer);
  if (includeDrafts) ensureMaySeeDrafts(viewer);
  const db = getDb();
  const q = options.q?.trim().slice(0, 200) ?? "";
  const category = isArticleCategory(options.category) ? options.category : undefined;
  const pageSize = Math.min(Math.max(1, Math.floor(options.pageSize ?? ARTICLES_PAGE_SIZE)), MAX_PAGE_SIZE);

  // The tiles count what this viewer can see for this search, before the category filter.
  const base = and(visibleTo(viewer, includeDrafts), q ? matches(q) : undefined);
  const where = and(base, category ? eq(article.category, category) : undefined);

  const [perCategory, [filtered]] = await Promise.all([
    db.select({ category: article.category, n: count() }).from(article).where(base).groupBy(article.category),
    db.select({ n: count() }).from(article).where(where),
  ]);
  const total = filtered?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const requested = Number.isFinite(options.page) ? Math.floor(options.page!) : 1;
  const page = Math.min(Math.max(1, requested), pageCount);

  const rows = await db
    .select({
      id: article.id,
      slug: article.slug,
      title: article.title,
      excerpt: article.excerpt,
      // Enough of the body for a 160-character description, never the whole article.
      contentStart: sql<string>`case when ${article.excerpt} = '' then left(${article.content}, 2000) else '' end`,
      category: article.category,
      membersOnly: article.membersOnly,
      published: article.published,
      createdAt: article.createdAt,
      readTime: article.readTime,
      imageId: article.imageId,
    })
    .from(article)
    .where(where)
    .orderBy(desc(article.createdAt), desc(article.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);

  const images = await imagesFor(rows.map((r) => r.imageId));
  const counts = new Map(perCategory.map((c) => [c.category, c.n]));
  return {
    items: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      description: r.excerpt || snippet(r.contentStart, DESCRIPTION_LENGTH),
      category: r.category,
      membersOnly: r.membersOnly,
      published: r.published,
      createdAt: r.createdAt.toISOString(),
      readTime: r.readTime,
      image: (r.imageId && images.get(r.imageId)) || null,
    })),
    total,
    page,
    pageCount,
    categoryCounts: ARTICLE_CATEGORIES.map((c) => ({ category: c, count: counts.get(c) ?? 0 })),
  };
}

/** The article behind /articles/{ref}: its slug, or its id. */
async function findByRef(ref: string) {
  const rows = await getDb()
    .select({
      id: article.id,
      slug: article.slug,
      title: article.title,
      excerpt: article.excerpt,
      content: article.content,
      category: article.category,
      imageId: article.imageId,
      readTime: article.readTime,
      published: article.published,
      membersOnly: article.membersOnly,
      createdAt: article.createdAt,
      updatedAt: article.updatedAt,
      authorName: user.name,
    })
    .from(article)
    .leftJoin(user, eq(user.id, article.authorId))
    .where(or(eq(article.slug, ref), eq(article.id, ref)))
    // A slug match wins over an id match.
    .orderBy(sql`case when ${article.slug} = ${ref} then 0 else 1 end`)
    .limit(1);
  return rows[0] ?? null;
}

export interface ArticleView {
  id: string;
  slug: string;
  title: string;
  description: string;
  excerpt: string;
  category: string;
  readTime: number;
  published: boolean;
  membersOnly: boolean;
  createdAt: string;
  updatedAt: string;
  authorName: string | null;
  image: PictureImage | null;
}

/**
 * The article view for this viewer. A members-only article asked for without a
 * session answers "members-only" and never its body; a draft is "not-found" to
 * anyone who may not see drafts (its existence is not revealed).
 */
export async function getArticleForViewer(
  viewer: SessionUser | null,
  ref: string,
): Promise<{ kind: "found"; article: ArticleView; html: string } | { kind: "members-only" } | { kind: "not-found" }> {
  if (!ref || ref.length > 200) return { kind: "not-found" };
  const row = await findByRef(ref);
  if (!row) return { kind: "not-found" };
  if (!row.published) {
    if (!seesDrafts(viewer)) return { kind: "not-found" };
    ensureMaySeeDrafts(viewer);
  }
  if (row.membersOnly && !viewer) return { kind: "members-only" };
  const images = await imagesFor([row.imageId]);
  return {
    kind: "found",
    article: {
      id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.excerpt || snippet(row.content, DESCRIPTION_LENGTH),
      excerpt: row.excerpt,
      category: row.category,
      readTime: row.readTime,
      published: row.published,
      membersOnly: row.membersOnly,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      authorName: row.authorName?.trim() || null,
      image: (row.imageId && images.get(row.imageId)) || null,
    },
    html: renderMarkdown(row.content),
  };
}

export interface ArticleForEdit extends ArticleInput {
  id: string;
  slug: string;
  image: PictureImage | null;
}

/** Everything the editor needs, or null when there is no such article. */
export async function getArticleForEdit(actor: Actor, id: string): Promise<ArticleForEdit | null> {
  ensureCan(actor, "articles", "update");
  if (!id || id.length > 200) return null;
  const [row] = await getDb().select().from(article).where(eq(article.id, id));
  if (!row) return null;
  const images = await imagesFor([row.imageId]);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    category: isArticleCategory(row.category) ? row.category : ARTICLE_CATEGORIES[0],
    imageId: row.imageId,
    readTime: row.readTime,
    published: row.published,
    membersOnly: row.membersOnly,
    image: (row.imageId && images.get(row.imageId)) || null,
  };
}

/** The editor's fields as the form holds them (strings), with the current image; null when the article is gone. */
export async function getArticleFormValues(actor: Actor, id: string) {
  const found = await getArticleForEdit(actor, id);
  if (!found) return null;
  const { image, imageId, readTime, published, membersOnly, ...text } = found;
  return {
    article: { ...text, imageId: imageId ?? "", readTime: String(readTime), published: String(published), membersOnly: String(membersOnly) },
    defaultImage: imageId && image ? { id: imageId, ...image } : null,
  };
}

/** The slugs already taken by other articles that `base` could collide with. */
async function takenSlugs(base: string, exceptId?: string): Promise<Set<string>> {
  const rows = await getDb()
    .select({ slug: article.slug })
    .from(article)
    .where(and(or(eq(article.slug, base), like(article.slug, `${escapeLike(base)}-%`)), exceptId ? ne(article.id, exceptId) : undefined))
    .orderBy(asc(article.slug));
  return new Set(rows.map((r) => r.slug));
}

/** PostgreSQL's unique_violation on the slug index (drizzle wraps the driver's error). */
function isSlugConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === "23505" && (constraint === undefined || constraint === "articles_slug_idx")) return true;
    if (typeof message === "string" && message.includes("articles_slug_idx")) return true;
  }
  return false;
}

const SLUG_ATTEMPTS = 8;

/**
 * Writes with the first free slug. Two saves of the same title at the same moment can
 * both pick it; the unique index refuses the second, which then takes the next suffix.
 */
async function withFreeSlug<T>(title: string, exceptId: string | undefined, write: (slug: string) => Promise<T>): Promise<T> {
  const base = slugify(title);
  const tried = new Set<string>();
  for (let attempt = 0; ; attempt += 1) {
    const taken = await takenSlugs(base, exceptId);
    for (const slug of tried) taken.add(slug);
    const slug = nextFreeSlug(base, taken);
    try {
      return await write(slug);
    } catch (error) {
      if (!isSlugConflict(error) || attempt >= SLUG_ATTEMPTS) throw error;
      tried.add(slug);
    }
  }
}

const IMAGE_GONE = "That image could not be found. Please upload it again.";

/** A featured image must be a stored image upload (else the foreign key would fail with a 500). */
async function ensureImageExists(imageId: string | null): Promise<void> {
  if (!imageId) return;
  const images = await getPictureImages([imageId]);
  if (!images.has(imageId)) throw new AppError(400, IMAGE_GONE, { fieldErrors: { imageId: IMAGE_GONE } });
}

/** Stores a new article; `input` is checked here with the editor's schema (a ZodError names the fields). */
export async function createArticle(actor: Actor, input: unknown): Promise<{ id: string; slug: string }> {
  ensureCan(actor, "articles", "create");
  const values = articleSchema.parse(input);
  await ensureImageExists(values.imageId);
  const id = crypto.randomUUID();
  const slug = await withFreeSlug(values.title, undefined, async (candidate) => {
    await getDb()
      .insert(article)
      .values({ id, slug: candidate, ...values, authorId: actor.id });
    return candidate;
  });
  await recordAudit({ action: "content.created", actor, target: { type: "article", id }, summary: `Article "${values.title}" created` });
  announcePublicContentChanged();
  return { id, slug };
}

/** Saves the editor's fields; the slug follows a changed title. Null when the article is gone. */
export async function updateArticle(actor: Actor, id: string, input: unknown): Promise<{ id: string; slug: string } | null> {
  ensureCan(actor, "articles", "update");
  const values = articleSchema.parse(input);
  const db = getDb();
  const [current] = await db.select({ title: article.title, slug: article.slug }).from(article).where(eq(article.id, id));
  if (!current) return null;
  await ensureImageExists(values.imageId);
  const write = async (slug: string) => {
    const updated = await db
      .update(article)
      .set({ ...values, slug, updatedAt: new Date() })
      .where(eq(article.id, id))
      .returning({ id: article.id });
    return updated.length > 0 ? slug : null;
  };
  const slug = current.title === values.title ? await write(current.slug) : await withFreeSlug(values.title, id, write);
  if (!slug) return null;
  await recordAudit({ action: "content.updated", actor, target: { type: "article", id }, summary: `Article "${values.title}" updated` });
  announcePublicContentChanged();
  return { id, slug };
}

/** False when there was no such article. */
export async function deleteArticle(actor: Actor, id: string): Promise<boolean> {
  ensureCan(actor, "articles", "delete");
  const deleted = await getDb().delete(article).where(eq(article.id, id)).returning({ id: article.id, title: article.title });
  const row = deleted[0];
  if (!row) return false;
  await recordAudit({ action: "content.deleted", actor, target: { type: "article", id }, summary: `Article "${row.title}" deleted` });
  announcePublicContentChanged();
  return true;
}

/** Every article, drafts included (the admin dashboard's count). */
export async function countArticles(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(article);
  return row?.n ?? 0;
}

/** Published public articles for /sitemap.xml. */
export async function listPublicArticlesForSitemap(): Promise<Array<{ slug: string; updatedAt: string }>> {
  const rows = await getDb()
    .select({ slug: article.slug, updatedAt: article.updatedAt })
    .from(article)
    .where(visibleTo(null, false))
    .orderBy(desc(article.createdAt));
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() }));
}

/** The editor's preview: the same renderer as the article page (staff only). */
export function renderPreview(actor: Actor, source: string): string {
  ensureCan(actor, "articles", "create");
  return renderMarkdown(source);
}
