import type { Route } from "./+types/progress-photos.$photoId.$file";
import { answerPrivateFile } from "~/auth/session.server";
import { PRIVATE_FILE_HEADERS } from "~/lib/resource.server";
import { serveProgressPhoto } from "~/modules/progress-photos/progress-photos.server";

/**
 * GET /progress-photos/:photoId/:file (`960.webp`): a progress photo's bytes, only to the
 * member whose photo it is and to staff, never kept by any cache. Visitors are sent to
 * sign in and get no bytes; another member gets 404, as for a photo that does not exist.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerPrivateFile(request, (viewer) => serveProgressPhoto(viewer, params.photoId, params.file, { head: request.method === "HEAD" }), PRIVATE_FILE_HEADERS);
}
