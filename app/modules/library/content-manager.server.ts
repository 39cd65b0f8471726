import { z } from "zod";
import type { SessionUser } from "~/auth/session.server";
import { flag, pageNumber, parseSearchParams, reference } from "~/lib/search-params";
import { formatUsDate } from "~/lib/dates";
import { createArticle, deleteArticle, listArticles } from "~/modules/articles/articles.server";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { getPictureImages } from "~/modules/uploads/uploads.server";
import { cmsArticleSchema, formSchemas, type ContentInput } from "./library.schema";
import { CONTENT_PAGE_SIZE, createContent, deleteContent, listContent, type ContentItem } from "./library.server";
import { TYPE_OF_TAB, type ContentCardPage, type ContentListData, type ContentTab, type LibraryTab } from "./library-types";

/**
 * The content manager's services (spec section 9): one tab's cards, adding and deleting
 * an item of a tab. Articles live in their own module; the manager shows them like the rest.
 */

function contentFacts(item: ContentItem): string[] {
  const facts: string[] = [];
  if (item.difficulty) facts.push(item.difficulty);
  if (item.duration) facts.push(`Duration ${item.duration}`);
  if (item.caloriesPerDay) facts.push(`${item.caloriesPerDay} kcal/day`);
  if (item.durationWeeks) facts.push(`${item.durationWeeks} ${item.durationWeeks === 1 ? "week" : "weeks"}`);
  if (item.workoutsPerWeek) facts.push(`${item.workoutsPerWeek} workouts/week`);
  return facts;
}

/** One page of articles, drafts included, as cards (dates in the site's time zone). */
export async function listArticleCards(actor: SessionUser, page: number): Promise<ContentCardPage> {
  const [result, { timeZone }] = await Promise.all([listArticles(actor, { page, pageSize: CONTENT_PAGE_SIZE, includeDrafts: true }), getSiteSettings()]);
  return {
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    cards: result.items.map((a) => ({
      id: a.id,
      title: a.title,
      description: a.description,
      category: a.category,
      membersOnly: a.membersOnly,
      date: formatUsDate(a.createdAt, timeZone),
      dateTime: a.createdAt,
      image: a.image,
      facts: [`${a.readTime} min read`],
      status: a.published ? "Published" : "Draft",
      editHref: `/articles/${a.id}/edit`,
    })),
  };
}

/** One page of videos, meal plans or schedules, as cards. */
export async function listLibraryCards(actor: SessionUser, tab: LibraryTab, page: number): Promise<ContentCardPage> {
  const [result, { timeZone }] = await Promise.all([listContent(actor, TYPE_OF_TAB[tab], { page }), getSiteSettings()]);
  const images = result.items.some((i) => i.imageId) ? await getPictureImages(result.items.map((i) => i.imageId)) : new Map();
  return {
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    cards: result.items.map((item) => ({
      id: item.id,
      title: item.title,
      description: item.description,
      category: item.category,
      membersOnly: item.membersOnly,
      date: formatUsDate(item.createdAt, timeZone),
      dateTime: item.createdAt.toISOString(),
      image: (item.imageId && images.get(item.imageId)) || null,
      facts: contentFacts(item),
    })),
  };
}

/**
 * Adds what a tab's 'Add Content' form sent, checked with the form's schema (a ZodError
 * names the fields). Articles are published at once: the editor offers drafts and excerpts.
 */
export async function addContent(actor: SessionUser, tab: ContentTab, form: Record<string, unknown>): Promise<void> {
  formSchemas[tab].parse(form);
  if (tab === "articles") {
    await createArticle(actor, { ...cmsArticleSchema.parse(form), excerpt: "", readTime: 5, published: true });
    return;
  }
  // The library checks the form again, with its type.
  await createContent(actor, { ...form, type: TYPE_OF_TAB[tab] } as ContentInput);
}

/** False when the item was already gone. */
export function removeContent(actor: SessionUser, tab: ContentTab, id: string): Promise<boolean> {
  if (!id) return Promise.resolve(false);
  return tab === "articles" ? deleteArticle(actor, id) : deleteContent(actor, id);
}

/** The page; without JavaScript the dialogs open through ?add=1 and ?delete=<id>. */
const contentListQuery = z.object({ page: pageNumber, add: flag, delete: reference() });

/** What one tab's screen shows for this URL's query. */
export async function loadContentList(actor: SessionUser, tab: ContentTab, url: URL): Promise<ContentListData> {
  const query = parseSearchParams(url, contentListQuery);
  const list = tab === "articles" ? await listArticleCards(actor, query.page) : await listLibraryCards(actor, tab, query.page);
  return { tab, ...list, openAdd: query.add, confirmDelete: query.delete ?? null };
}
