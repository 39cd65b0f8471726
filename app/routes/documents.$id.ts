import { Readable } from "node:stream";
import { redirect } from "react-router";
import type { Route } from "./+types/documents.$id";
import { answerPrivateFile } from "~/auth/session.server";
import { PRIVATE_FILE_HEADERS } from "~/lib/resource.server";
import { openDocument } from "~/modules/nutrition/nutrition.server";

/** The name as a quoted-string (ASCII only) plus RFC 5987's UTF-8 form. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * GET /documents/:id: a nutrition document for signed-in users only. A stored PDF is
 * streamed (never cached by shared caches); a link document redirects to its address.
 * Visitors are sent to sign in and never receive the bytes.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerPrivateFile(
    request,
    async (viewer) => {
      const opened = await openDocument(viewer, params.id);
      if (opened.kind === "link") return redirect(opened.url, { headers: PRIVATE_FILE_HEADERS });
      // HEAD gets the headers only: close the file rather than leave it open unread.
      if (request.method === "HEAD") opened.body.destroy();
      const body = request.method === "HEAD" ? null : (Readable.toWeb(opened.body) as ReadableStream<Uint8Array>);
      return new Response(body, {
        status: 200,
        headers: {
          ...PRIVATE_FILE_HEADERS,
          "Content-Type": opened.contentType,
          "Content-Length": String(opened.bytes),
          "Content-Disposition": contentDisposition(opened.fileName),
        },
      });
    },
    PRIVATE_FILE_HEADERS,
  );
}
