import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/articles.$id.edit";
import { requirePermission } from "~/auth/session.server";
import { buttonClass } from "~/components/ui/button";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { readArticleSubmission, saveFailed } from "~/modules/articles/article-editor.server";
import { ArticleForm } from "~/views/articles/article-form";
import { ArticleError, deleteArticle, getArticleForEdit, updateArticle } from "~/modules/articles/articles.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Edit Article", matches) }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requirePermission(request, "articles", "update");
  const article = await getArticleForEdit(actor, params.id);
  if (!article) throw data({ message: "Article not found" }, { status: 404 });
  const { image, imageId, readTime, published, membersOnly, ...text } = article;
  return {
    article: { ...text, imageId: imageId ?? "", readTime: String(readTime), published: String(published), membersOnly: String(membersOnly) },
    defaultImage: imageId && image ? { id: imageId, ...image } : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requirePermission(request, "articles", "update");
  const submission = await readArticleSubmission(request);
  if (submission.kind === "invalid") return submission.response;
  if (submission.kind === "delete") {
    if (!(await deleteArticle(actor, params.id))) {
      return redirectWithToast("/articles", { type: "error", title: "Failed to delete article", description: "That article no longer exists." });
    }
    return redirectWithToast("/articles", { type: "success", title: "Article deleted successfully" });
  }
  let saved: Awaited<ReturnType<typeof updateArticle>>;
  try {
    saved = await updateArticle(actor, params.id, submission.input);
  } catch (error) {
    if (error instanceof ArticleError) return saveFailed(submission.body, { [error.field ?? "title"]: error.message }, 400);
    throw error;
  }
  if (!saved) return saveFailed(submission.body, {}, 404, "That article no longer exists.");
  // The spec: after an update the editor stays open.
  return redirectWithToast(`/articles/${encodeURIComponent(params.id)}/edit`, { type: "success", title: "Article updated successfully" });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold uppercase">{notFound ? "Article not found" : "Failed to fetch article"}</h1>
      <Link to="/articles" className={buttonClass("primary")}>
        Back to Articles
      </Link>
    </section>
  );
}

export default function EditArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { article, defaultImage } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="mb-8 text-3xl font-bold uppercase sm:text-4xl">Edit Article</h1>
      {/* Keyed by the saved version: after 'Save Article' the fields show what was stored. */}
      <ArticleForm
        key={`${article.id}:${article.slug}:${article.title}`}
        mode="edit"
        defaults={article}
        defaultImage={defaultImage}
        result={actionData}
        cancelTo={`/articles/${encodeURIComponent(article.slug)}`}
      />
    </div>
  );
}
