import type { Route } from "./+types/cms.documents";
import { storeDocumentFile } from "~/modules/uploads/documents.server";
import { onlyPost } from "~/lib/only-post.server";
import { handleStaffUpload, readDocumentBody } from "./cms.uploads.server";

export function loader() {
  return onlyPost();
}

/**
 * POST the PDF itself as the body (not a form), its display name in ?name=: 201
 * {document: {uploadId, fileName}} for trainers and administrators. The document itself
 * is created afterwards from the form, with this upload id.
 */
export function action({ request }: Route.ActionArgs) {
  return handleStaffUpload(request, { entity: "nutritionDocuments", action: "create", refusal: "You do not have permission to upload documents." }, async (actor) => ({
    document: await storeDocumentFile(actor, await readDocumentBody(request), new URL(request.url).searchParams.get("name")),
  }));
}
