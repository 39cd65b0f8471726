import { redirect } from "react-router";
import type { Route } from "./+types/message-images.$messageId.$file";
import { getSessionUser } from "~/auth/session.server";
import { mustEnrolTwoFactor, TWO_FACTOR_FIRST } from "~/auth/two-factor-sign-in.server";
import { AppError } from "~/lib/app-error";
import { answerResource } from "~/lib/resource.server";
import { serveMessageImage } from "~/modules/messages/messages.server";
import { PRIVATE_IMAGE_HEADERS } from "~/modules/progress-photos/private-images.server";

/**
 * GET /message-images/:messageId/:file (`960.webp`): an image of a message, only to the
 * member whose conversation it is and to staff, never kept by any cache. Visitors are sent
 * to sign in and get no bytes; another member gets 404, as for an image that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getSessionUser(request);
  if (!viewer) {
    const url = new URL(request.url);
    return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`, { headers: { "Cache-Control": "no-store" } });
  }
  return answerResource(async () => {
    if (await mustEnrolTwoFactor(viewer)) throw new AppError(403, TWO_FACTOR_FIRST);
    return serveMessageImage(viewer, params.messageId, params.file, { head: request.method === "HEAD" });
  }, PRIVATE_IMAGE_HEADERS);
}
