import type { Route } from "./+types/data-exports.download";
import { getSessionUser, loginRedirect } from "~/auth/session.server";
import { AppError } from "~/lib/app-error";
import { answerResource } from "~/lib/resource.server";
import { LINK_NOT_FOUND, openExportDownload } from "~/modules/member-data/data-exports.server";

const HEADERS = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

/**
 * GET /data-exports/download?token=…: the e-mailed link to a data archive. A visitor signs in
 * first and comes back here; then the archive downloads once, for the person it was made for.
 * Any other answer is the one 404 (unknown, used, expired, or someone else's link).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getSessionUser(request);
  if (!viewer) loginRedirect(request);
  return answerResource(async () => {
    const token = new URL(request.url).searchParams.get("token") ?? "";
    // A HEAD (a mail client's link check) must not use the link up: it learns nothing either.
    if (request.method !== "GET" || !token || token.length > 100) throw new AppError(404, LINK_NOT_FOUND);
    return openExportDownload(viewer, token);
  }, HEADERS);
}
