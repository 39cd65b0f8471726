import type { Route } from "./+types/data-exports.download";
import { answerPrivateFile } from "~/auth/session.server";
import { AppError } from "~/lib/app-error";
import type { RequestContext } from "~/lib/request-context";
import { PRIVATE_FILE_HEADERS } from "~/lib/resource.server";
import { LINK_NOT_FOUND, openExportDownload } from "~/modules/member-data/data-exports.server";
import { archiveResponse, deliversTheFile, notTheDownload } from "./data-exports.download.server";

/**
 * GET /data-exports/download?token=…: the e-mailed link to a data archive. A visitor signs in
 * first and comes back here; then the archive downloads once, for the person it was made for.
 * Only the browser's own page request uses the link up (decision 0114). Any other answer is
 * the one 404 (unknown, used, expired, or someone else's link).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return answerPrivateFile(
    request,
    async (viewer) => {
      const token = new URL(request.url).searchParams.get("token") ?? "";
      // A HEAD (a mail client's link check) must not use the link up: it learns nothing either.
      if (request.method !== "GET" || !token || token.length > 100) throw new AppError(404, LINK_NOT_FOUND);
      if (!deliversTheFile(request, (context as Partial<RequestContext>).dataRequest === true)) return notTheDownload(request);
      return archiveResponse(await openExportDownload(viewer, token));
    },
    PRIVATE_FILE_HEADERS,
  );
}
