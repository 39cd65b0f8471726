import { ArrowLeft, Clock, Pencil } from "lucide-react";
import { data, Link } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { ArticleNotFound } from "~/views/articles/article-not-found";
import type { Route } from "./+types/articles.$ref";
import { can } from "~/auth/permissions";
import { getSessionUser } from "~/auth/session.server";
import { buttonClass } from "~/components/ui/button";
import { Picture } from "~/components/ui/picture";
import { seo, siteFromMatches } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { DraftBadge, MembersOnlyBadge } from "~/views/articles/article-badges";
import { articleBodyClass } from "~/modules/articles/article-body";
import { formatUsLongDate } from "~/lib/dates";
import { getArticleForViewer } from "~/modules/articles/articles.server";
import { getSiteSettings } from "~/modules/settings/settings.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getSessionUser(request);
  const result = await getArticleForViewer(viewer, params.ref);
  if (result.kind === "members-only") {
    // The body never leaves the server: the visitor is told why and sent back to the list.
    throw await redirectWithToast("/articles", {
      type: "error",
      title: "Members Only",
      description: "This article is only available to members. Please sign in to view it.",
    });
  }
  if (result.kind === "not-found") throw data({ message: "Article not found" }, { status: 404 });
  const { timeZone } = await getSiteSettings();
  const { article, html } = result;
  return data(
    {
      article: { ...article, date: formatUsLongDate(article.createdAt, timeZone) },
      html,
      canEdit: viewer !== null && can(viewer.role, "articles", "update"),
    },
    // Members-only articles and drafts are personal answers: no shared cache may keep them.
    { headers: article.membersOnly || !article.published ? { "Cache-Control": "private, no-store" } : {} },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const cache = loaderHeaders.get("Cache-Control");
  return cache ? { "Cache-Control": cache } : new Headers();
};

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaded) return [{ title: `Article not found | ${site.siteName}` }, { name: "robots", content: "noindex" }];
  const { article } = loaded;
  const tags = seo({
    title: `${article.title} | ${site.siteName}`,
    description: article.description || `${article.category} article from ${site.siteName}.`,
    path: `/articles/${encodeURIComponent(article.slug)}`,
    type: "article",
    image: article.image?.src,
    ...site,
  });
  const extra = [
    { property: "article:published_time", content: article.createdAt },
    { property: "article:modified_time", content: article.updatedAt },
    { property: "article:section", content: article.category },
  ];
  // Only public, published articles are for search engines.
  const robots = article.membersOnly || !article.published ? [{ name: "robots", content: "noindex" }] : [];
  return [...tags, ...extra, ...robots];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Articles" failure="Failed to fetch article" notFound={<ArticleNotFound />} />;
}

export default function ArticleView({ loaderData }: Route.ComponentProps) {
  const { article, html, canEdit } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6" aria-labelledby="article-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/articles" className={buttonClass("ghost", "-ml-4")}>
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Articles
        </Link>
        {canEdit ? (
          <Link to={`/articles/${article.id}/edit`} className={buttonClass("secondary")}>
            <Pencil className="size-4" aria-hidden="true" /> Edit
          </Link>
        ) : null}
      </div>

      {article.image || article.membersOnly || !article.published ? (
        <div className="relative mt-6 overflow-hidden rounded-2xl bg-zinc-100">
          {article.image ? <Picture image={article.image} priority decorative sizes="(min-width: 768px) 768px, 100vw" /> : <div className="h-16" />}
          <div className="absolute left-4 top-4 flex flex-wrap gap-2">
            {article.membersOnly ? <MembersOnlyBadge /> : null}
            {!article.published ? <DraftBadge /> : null}
          </div>
        </div>
      ) : null}

      <header className="mt-8 space-y-4">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-700">
          <time dateTime={article.createdAt}>{article.date}</time>
          <span aria-hidden="true">·</span>
          <span className="font-semibold uppercase tracking-wide text-brand-strong">{article.category}</span>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-4" aria-hidden="true" /> {article.readTime} min read
          </span>
        </p>
        <h1 id="article-title" className="text-4xl font-bold uppercase leading-tight sm:text-5xl">
          {article.title}
        </h1>
        {article.excerpt ? <p className="text-xl text-zinc-700">{article.excerpt}</p> : null}
        {article.authorName ? <p className="text-sm text-zinc-700">By {article.authorName}</p> : null}
      </header>

      {/* Rendered from Markdown and sanitised on the server (modules/articles/markdown.server.ts). */}
      <div className={`mt-10 ${articleBodyClass}`} dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
