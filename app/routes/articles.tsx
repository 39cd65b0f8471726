import { Plus, Search, X } from "lucide-react";
import { Form, Link } from "react-router";
import { z } from "zod";
import { ErrorScreen } from "~/components/error-screen";
import type { Route } from "./+types/articles";
import { can } from "~/auth/permissions";
import { getSessionUser } from "~/auth/session.server";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Pagination } from "~/components/ui/pagination";
import { pageNumber, parseSearchParams, searchText } from "~/lib/search-params";
import { seo, siteFromMatches } from "~/lib/seo";
import { ArticleCard } from "~/views/articles/article-card";
import { ARTICLE_CATEGORIES } from "~/modules/articles/article-categories";
import { formatUsLongDate } from "~/lib/dates";
import { listArticles } from "~/modules/articles/articles.server";
import { PageHero } from "~/views/marketing/page-hero";
import { getSiteSettings } from "~/modules/settings/settings.server";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches);
  const tags = seo({
    title: `Articles | ${site.siteName}`,
    description: "Training, nutrition, recovery and mindset articles from the coach: practical advice you can use in your next session.",
    // /content shows the same screen; search engines get one address for it.
    path: "/articles",
    type: "website",
    ...site,
  });
  // Search results and later pages are not pages of their own for search engines.
  const params = new URLSearchParams(location.search);
  return params.has("q") || params.has("page") ? [...tags, { name: "robots", content: "noindex, follow" }] : tags;
};

const articlesQuery = z.object({
  q: searchText(200),
  category: z.enum(ARTICLE_CATEGORIES).or(z.literal("")).catch(""),
  page: pageNumber,
});

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getSessionUser(request);
  const { q, category, page } = parseSearchParams(request, articlesQuery);
  const [list, { timeZone }] = await Promise.all([
    listArticles(viewer, { q, category: category || undefined, page }),
    getSiteSettings(),
  ]);
  return {
    q,
    category,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    categoryCounts: list.categoryCounts,
    articles: list.items.map((a) => ({ ...a, date: formatUsLongDate(a.createdAt, timeZone) })),
    canCreate: viewer !== null && can(viewer.role, "articles", "create"),
  };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Articles" failure="Error: Failed to fetch articles" />;
}

const plural = (n: number) => `${n} article${n === 1 ? "" : "s"}`;

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { q, category, page, pageCount, total, categoryCounts, articles, canCreate } = loaderData;

  const href = (next: { q?: string; category?: string; page?: number }) => {
    const params = new URLSearchParams();
    if (next.q) params.set("q", next.q);
    if (next.category) params.set("category", next.category);
    if (next.page && next.page > 1) params.set("page", String(next.page));
    const qs = params.toString();
    return qs ? `?${qs}` : ".";
  };

  return (
    <>
      <PageHero
        eyebrow="Articles"
        title="Knowledge for the Relentless"
        intro={<p>Training, nutrition, recovery and mindset: practical advice from the coach for your next session and beyond.</p>}
        actions={
          <div className="flex w-full flex-col gap-4">
            <Form method="get" role="search" aria-label="Articles" className="flex w-full max-w-xl gap-2">
              {category ? <input type="hidden" name="category" value={category} /> : null}
              <label htmlFor="article-search" className="sr-only">
                Search articles
              </label>
              <input
                id="article-search"
                type="search"
                name="q"
                defaultValue={q}
                maxLength={200}
                placeholder="Search articles..."
                className="min-h-11 flex-1 rounded-md border border-zinc-500 bg-white px-4 text-base text-zinc-900 placeholder:text-zinc-600"
              />
              <button type="submit" className={buttonClass("primary")}>
                <Search className="size-4" aria-hidden="true" /> Search
              </button>
            </Form>
            {canCreate ? (
              <Link to="/articles/new" className={buttonClass("light", "self-start")}>
                <Plus className="size-4" aria-hidden="true" /> New Article
              </Link>
            ) : null}
          </div>
        }
      />

      <section aria-labelledby="browse-categories" className="mx-auto max-w-7xl px-4 pt-16 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="browse-categories" className="text-3xl font-bold uppercase">
            Browse by Category
          </h2>
          {category ? (
            <Link to={href({ q })} className={buttonClass("secondary")}>
              <X className="size-4" aria-hidden="true" /> Show all categories
            </Link>
          ) : null}
        </div>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {categoryCounts.map((c) => {
            const active = c.category === category;
            return (
              <li key={c.category}>
                <Link
                  to={href({ q, category: active ? "" : c.category })}
                  aria-current={active ? "true" : undefined}
                  className={cn(
                    "flex min-h-20 flex-col justify-center rounded-xl border px-4 py-3 transition-colors",
                    active ? "border-brand bg-brand text-white" : "border-zinc-200 bg-white hover:border-brand",
                  )}
                >
                  <span className="font-display text-lg font-semibold uppercase">{c.category}</span>
                  <span className={cn("text-sm", active ? "text-white" : "text-zinc-700")}>{plural(c.count)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="latest-articles" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="latest-articles" className="text-3xl font-bold uppercase">
          Latest Articles
        </h2>
        <p className="mt-2 text-zinc-700" role="status">
          {q || category
            ? `${plural(total)}${category ? ` in ${category}` : ""}${q ? ` matching “${q}”` : ""}`
            : plural(total)}
        </p>
        {articles.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-zinc-300 px-6 py-12 text-center">
            <p className="text-lg font-semibold">No articles found.</p>
            {q || category ? (
              <Link to="." className="mt-4 inline-flex font-semibold text-brand-strong underline underline-offset-4">
                Clear the search and show every article
              </Link>
            ) : null}
          </div>
        ) : (
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {articles.map((a) => (
              <ArticleCard key={a.id} article={a} />
            ))}
          </div>
        )}
        <Pagination page={page} pageCount={pageCount} href={(n) => href({ q, category, page: n })} label="Article pages" />
      </section>
    </>
  );
}
