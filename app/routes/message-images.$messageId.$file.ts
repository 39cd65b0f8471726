import type { Route } from "./+types/message-images.$messageId.$file";
import { answerPrivateFile } from "~/auth/session.server";
import { openMessageImage } from "~/modules/messages/messages.server";
import { PRIVATE_FILE_HEADERS } from "~/lib/resource.server";
import { privateImageResponse } from "./progress-photos.$photoId.$file.server";

/**
 * GET /message-images/:messageId/:file (`960.webp`): an image of a message, only to the
 * member whose conversation it is and to staff, never kept by any cache. Visitors are sent
 * to sign in and get no bytes; another member gets 404, as for an image that does not exist.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerPrivateFile(request, async (viewer) => privateImageResponse(await openMessageImage(viewer, params.messageId, params.file), request), PRIVATE_FILE_HEADERS);
}
