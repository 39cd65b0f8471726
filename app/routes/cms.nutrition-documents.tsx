import { data } from "react-router";
import type { Route } from "./+types/cms.nutrition-documents";
import { requirePermission } from "~/auth/session.server";
import { pageTitle } from "~/lib/meta";
import { BodyError, bodyErrorResponse, readFormOrJson } from "~/lib/request-body.server";
import { CmsTabs } from "~/views/library/cms-tabs";
import { DocumentsManager } from "~/views/nutrition/documents-manager";
import { handleDocumentsAction, loadDocumentsManager } from "~/modules/nutrition/documents-manager.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Nutrition Documents · Content Management", matches) }, { name: "robots", content: "noindex" }];

const MAX_BODY_BYTES = 64 * 1024;

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermission(request, "contentManager", "view");
  return loadDocumentsManager(actor);
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "contentManager", "view");
  let body: Record<string, unknown>;
  try {
    body = await readFormOrJson(request, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyError) return bodyErrorResponse(error);
    throw error;
  }
  const result = await handleDocumentsAction(actor, body);
  return data(result, { status: result.ok ? 200 : result.status });
}

export default function NutritionDocuments({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Content Management</h1>
      <CmsTabs current="nutrition-documents" />
      <div className="mt-8">
        <DocumentsManager data={loaderData} />
      </div>
    </div>
  );
}
