import { redirect } from "react-router";
import type { Route } from "./+types/progress-photos.$photoId.$file";
import { getSessionUser } from "~/auth/session.server";
import { mustEnrolTwoFactor, TWO_FACTOR_FIRST } from "~/auth/two-factor-sign-in.server";
import { answerResource } from "~/lib/resource.server";
import { AppError } from "~/lib/app-error";
import { PRIVATE_IMAGE_HEADERS } from "~/modules/progress-photos/private-images.server";
import { serveProgressPhoto } from "~/modules/progress-photos/progress-photos.server";

/**
 * GET /progress-photos/:photoId/:file (`960.webp`): a progress photo's bytes, only to the
 * member whose photo it is and to staff, never kept by any cache. Visitors are sent to
 * sign in and get no bytes; another member gets 404, as for a photo that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getSessionUser(request);
  if (!viewer) {
    const url = new URL(request.url);
    return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`, { headers: { "Cache-Control": "no-store" } });
  }
  return answerResource(async () => {
    if (await mustEnrolTwoFactor(viewer)) throw new AppError(403, TWO_FACTOR_FIRST);
    return serveProgressPhoto(viewer, params.photoId, params.file, { head: request.method === "HEAD" });
  }, PRIVATE_IMAGE_HEADERS);
}
