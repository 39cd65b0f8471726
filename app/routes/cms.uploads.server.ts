import { can, type Action, type Entity } from "~/auth/permissions";
import { getSessionUser, type SessionUser } from "~/auth/session.server";
import { mustEnrolTwoFactor, TWO_FACTOR_FIRST } from "~/auth/two-factor-sign-in.server";
import { onlyPost } from "~/lib/only-post.server";
import { AppError } from "~/lib/app-error";
import { readLimitedBytes } from "~/lib/request-body.server";
import { answerResource } from "~/lib/resource.server";
import { DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES } from "~/modules/uploads/documents.server";
import { MAX_UPLOAD_BYTES, MESSAGES } from "~/modules/uploads/image-processing.server";

const noStore = { "Cache-Control": "no-store" };

/**
 * The HTTP side of the staff upload endpoints (images, PDFs; this route's and
 * cms.documents.ts's): the file itself is the request body. 201 with what `store`
 * returns; refusals are JSON {error}: 401 signed out, 403 without the permission, an
 * AppError's status for the file (413, 415, 422; 429 with Retry-After while the image
 * queue holds too many of the person's images).
 */
export async function handleStaffUpload<E extends Entity>(
  request: Request,
  permission: { entity: E; action: Action<E>; refusal: string },
  store: (actor: SessionUser) => Promise<Record<string, unknown>>,
): Promise<Response> {
  if (request.method !== "POST") return onlyPost();
  const actor = await getSessionUser(request);
  if (!actor) return Response.json({ error: "Not authenticated" }, { status: 401, headers: noStore });
  if (!can(actor.role, permission.entity, permission.action)) {
    return Response.json({ error: permission.refusal }, { status: 403, headers: noStore });
  }
  if (await mustEnrolTwoFactor(actor)) return Response.json({ error: TWO_FACTOR_FIRST }, { status: 403, headers: noStore });
  return answerResource(async () => Response.json(await store(actor), { status: 201, headers: noStore }), noStore, "json");
}

/** The image itself as the request body, stopping at 10 MB: a huge upload never sits in memory. */
export function readUploadBody(request: Request): Promise<Buffer> {
  return readLimitedBytes(request, MAX_UPLOAD_BYTES, () => new AppError(413, MESSAGES.tooManyBytes));
}

/** The PDF itself as the request body, stopping at 20 MB (with the document's own message). */
export function readDocumentBody(request: Request): Promise<Buffer> {
  return readLimitedBytes(request, MAX_DOCUMENT_BYTES, () => new AppError(413, DOCUMENT_MESSAGES.tooManyBytes));
}
