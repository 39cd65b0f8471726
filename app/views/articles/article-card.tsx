import { FileText } from "lucide-react";
import { Link } from "react-router";
import { Picture } from "~/components/ui/picture";
import { DraftBadge, MembersOnlyBadge } from "./article-badges";
import type { ArticleSummary } from "~/modules/articles/articles.server";

export type ArticleCardData = Omit<ArticleSummary, "createdAt"> & { createdAt: string; date: string };

/** One article in the 'Latest Articles' grid. */
export function ArticleCard({ article }: { article: ArticleCardData }) {
  const href = `/articles/${encodeURIComponent(article.slug)}`;
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm" aria-labelledby={`article-${article.id}`}>
      <div className="relative aspect-[16/9] overflow-hidden bg-zinc-100">
        {article.image ? (
          <Picture image={article.image} decorative sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" className="h-full" />
        ) : (
          <div className="flex h-full items-center justify-center bg-zinc-900 text-zinc-500" aria-hidden="true">
            <FileText className="size-12" />
          </div>
        )}
        <div className="absolute left-3 top-3 flex flex-wrap gap-2">
          {article.membersOnly ? <MembersOnlyBadge /> : null}
          {!article.published ? <DraftBadge /> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="text-sm text-zinc-700">
          <span className="font-semibold uppercase tracking-wide text-brand-strong">{article.category}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={article.createdAt}>{article.date}</time>
        </p>
        <h3 id={`article-${article.id}`} className="text-xl font-bold leading-snug">
          {article.title}
        </h3>
        <p className="flex-1 text-zinc-700">{article.description}</p>
        <Link to={href} className="inline-flex min-h-11 items-center self-start font-semibold text-brand-strong underline-offset-4 hover:underline">
          Read More<span className="sr-only">: {article.title}</span>
        </Link>
      </div>
    </article>
  );
}
