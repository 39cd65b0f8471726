import type { Route } from "./+types/cms.uploads";
import { can } from "~/auth/permissions";
import { getSessionUser } from "~/auth/session.server";
import { readUploadBody, storeImage, UploadError } from "~/modules/uploads/uploads.server";

const noStore = { "Cache-Control": "no-store" };
const onlyPost = () => Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST", ...noStore } });

export function loader() {
  return onlyPost();
}

/**
 * POST the image file itself as the body (not a form): 201 {image} for trainers and
 * administrators; refusals are JSON {error} with 401, 403, 413, 415 or 422.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return onlyPost();
  const actor = await getSessionUser(request);
  if (!actor) return Response.json({ error: "Not authenticated" }, { status: 401, headers: noStore });
  if (!can(actor.role, "uploads", "create")) {
    return Response.json({ error: "You do not have permission to upload images." }, { status: 403, headers: noStore });
  }
  try {
    const image = await storeImage(actor, await readUploadBody(request));
    return Response.json({ image }, { status: 201, headers: noStore });
  } catch (error) {
    if (error instanceof UploadError) return Response.json({ error: error.message }, { status: error.status, headers: noStore });
    throw error;
  }
}
