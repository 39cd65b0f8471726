import { can, type Action, type Entity } from "~/auth/permissions";
import { getSessionUser, type SessionUser } from "~/auth/session.server";
import { mustEnrolTwoFactor, TWO_FACTOR_FIRST } from "~/auth/two-factor-sign-in.server";
import { AppError } from "~/lib/app-error";
import { onlyPost } from "~/lib/only-post.server";

const noStore = { "Cache-Control": "no-store" };


/**
 * The staff upload endpoints (images, PDFs): the file itself is the request body. 201
 * with what `store` returns; refusals are JSON {error}: 401 signed out, 403 without the
 * permission, an AppError's status (413, 415, 422) for the file.
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
  try {
    return Response.json(await store(actor), { status: 201, headers: noStore });
  } catch (error) {
    if (error instanceof AppError) return Response.json({ error: error.message }, { status: error.status, headers: noStore });
    throw error;
  }
}
