import type { Route } from "./+types/progress-photos.$photoId.$file";
import { answerPrivateFile } from "~/auth/session.server";
import { PRIVATE_FILE_HEADERS } from "~/lib/resource.server";
import { openProgressPhoto } from "~/modules/progress-photos/progress-photos.server";
import { privateImageResponse } from "./progress-photos.$photoId.$file.server";

/**
 * GET /progress-photos/:photoId/:file (`960.webp`): a progress photo's bytes, only to the
 * member whose photo it is and to staff, never kept by any cache. Visitors are sent to
 * sign in and get no bytes; another member gets 404, as for a photo that does not exist.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerPrivateFile(request, async (viewer) => privateImageResponse(await openProgressPhoto(viewer, params.photoId, params.file), request), PRIVATE_FILE_HEADERS);
}
