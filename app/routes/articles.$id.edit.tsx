import type { Route } from "./+types/articles.$id.edit";
import { requirePermission } from "~/auth/session.server";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { AppError } from "~/lib/app-error";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { ArticleForm } from "~/views/articles/article-form";
import { ARTICLE_FORM_MAX_BYTES } from "~/modules/articles/articles.schema";
import { deleteArticle, getArticleFormValues, updateArticle } from "~/modules/articles/articles.server";
import { ArticleNotFound } from "~/views/articles/article-not-found";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Edit Article", matches) }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requirePermission(request, "articles", "update");
  const found = await getArticleFormValues(actor, params.id);
  if (!found) throw new AppError(404, "Article not found");
  return found;
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requirePermission(request, "articles", "update");
  // A post without an intent (JSON) saves, as the form's 'save' does.
  return runAction(
    request,
    async (form) => {
      if (form.intent === "delete") {
        if (!(await deleteArticle(actor, params.id))) {
          return redirectWithToast("/articles", { type: "error", title: "Failed to delete article", description: "That article no longer exists." });
        }
        return redirectWithToast("/articles", { type: "success", title: "Article deleted successfully" });
      }
      if (!(await updateArticle(actor, params.id, form))) throw new AppError(404, "That article no longer exists.");
      // The spec: after an update the editor stays open.
      return redirectWithToast(`/articles/${encodeURIComponent(params.id)}/edit`, { type: "success", title: "Article updated successfully" });
    },
    { maxBytes: ARTICLE_FORM_MAX_BYTES },
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Edit Article" failure="Failed to fetch article" notFound={<ArticleNotFound />} />;
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
