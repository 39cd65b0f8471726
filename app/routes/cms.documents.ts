import type { Route } from "./+types/cms.documents";
import { can } from "~/auth/permissions";
import { getSessionUser } from "~/auth/session.server";
import { readDocumentBody, storeDocumentFile } from "~/modules/uploads/documents.server";
import { UploadError } from "~/modules/uploads/upload-error";

const noStore = { "Cache-Control": "no-store" };
const onlyPost = () => Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST", ...noStore } });

export function loader() {
  return onlyPost();
}

/**
 * POST the PDF itself as the body (not a form), its display name in ?name=: 201
 * {document: {uploadId, fileName}} for trainers and administrators; refusals are JSON
 * {error} with 401, 403, 413, 415 or 422. The document itself is created afterwards
 * from the form, with this upload id.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return onlyPost();
  const actor = await getSessionUser(request);
  if (!actor) return Response.json({ error: "Not authenticated" }, { status: 401, headers: noStore });
  if (!can(actor.role, "nutritionDocuments", "create")) {
    return Response.json({ error: "You do not have permission to upload documents." }, { status: 403, headers: noStore });
  }
  try {
    const name = new URL(request.url).searchParams.get("name");
    const document = await storeDocumentFile(actor, await readDocumentBody(request), name);
    return Response.json({ document }, { status: 201, headers: noStore });
  } catch (error) {
    if (error instanceof UploadError) return Response.json({ error: error.message }, { status: error.status, headers: noStore });
    throw error;
  }
}
