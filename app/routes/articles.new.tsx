import type { Route } from "./+types/articles.new";
import { requirePermission } from "~/auth/session.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { readArticleSubmission, saveFailed } from "~/modules/articles/article-editor.server";
import { ArticleForm } from "~/views/articles/article-form";
import { ArticleError, createArticle } from "~/modules/articles/articles.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Create New Article", matches) }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  // Visitors go to /login (and come back), members to /unauthorized.
  await requirePermission(request, "articles", "create");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "articles", "create");
  const submission = await readArticleSubmission(request);
  if (submission.kind === "invalid") return submission.response;
  if (submission.kind === "delete") return saveFailed(submission.body, {}, 400, "There is nothing to delete yet.");
  try {
    await createArticle(actor, submission.input);
  } catch (error) {
    if (error instanceof ArticleError) return saveFailed(submission.body, { [error.field ?? "title"]: error.message }, 400);
    throw error;
  }
  return redirectWithToast("/articles", { type: "success", title: "Article created successfully" });
}

export default function NewArticle({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="mb-8 text-3xl font-bold uppercase sm:text-4xl">Create New Article</h1>
      <ArticleForm mode="create" result={actionData} cancelTo="/articles" />
    </div>
  );
}
