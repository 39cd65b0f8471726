import type { Route } from "./+types/articles.new";
import { requirePermission } from "~/auth/session.server";
import { runAction } from "~/lib/action.server";
import { AppError } from "~/lib/app-error";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { ArticleForm } from "~/views/articles/article-form";
import { createArticle } from "~/modules/articles/articles.server";
import { ARTICLE_FORM_MAX_BYTES } from "~/modules/articles/articles.schema";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Create New Article", matches) }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  // Visitors go to /login (and come back), members to /unauthorized.
  await requirePermission(request, "articles", "create");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "articles", "create");
  // A post without an intent (JSON) saves, as the form's 'save' does.
  return runAction(
    request,
    async (form) => {
      if (form.intent === "delete") throw new AppError(400, "There is nothing to delete yet.");
      await createArticle(actor, form);
      return redirectWithToast("/articles", { type: "success", title: "Article created successfully" });
    },
    { maxBytes: ARTICLE_FORM_MAX_BYTES },
  );
}

export default function NewArticle({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="mb-8 text-3xl font-bold uppercase sm:text-4xl">Create New Article</h1>
      <ArticleForm mode="create" result={actionData} cancelTo="/articles" />
    </div>
  );
}
