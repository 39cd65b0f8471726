import type { Route } from "./+types/cms.nutrition-documents";
import { userContext } from "~/auth/user-context";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { DocumentsManager } from "~/views/nutrition/documents-manager";
import { addDocument, listManagedDocuments, removeDocument } from "~/modules/nutrition/documents-manager.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Nutrition Documents · Content Management", matches) }, { name: "robots", content: "noindex" }];

export function loader({ context }: Route.LoaderArgs) {
  return listManagedDocuments(context.get(userContext));
}

export function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  return runAction(request, {
    "create-document": (form) => addDocument(actor, form),
    "delete-document": (form) => removeDocument(actor, typeof form.id === "string" ? form.id : ""),
  });
}

export default function NutritionDocuments({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mt-8">
      <DocumentsManager data={loaderData} />
    </div>
  );
}
