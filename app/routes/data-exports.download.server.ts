import { Readable } from "node:stream";
import { redirectDocument } from "react-router";
import { PRIVATE_FILE_HEADERS } from "~/lib/resource.server";
import type { ExportDownload } from "~/modules/member-data/data-exports.server";

/**
 * Whether this request is the one that delivers the file, the only one that may use the
 * link up (decision 0114). Not React Router's background `.data` fetch after a sign-in or a
 * tap inside the app, not a prefetch or a link preview, not a request whose browser says it
 * is for anything but a page (Sec-Fetch-Dest: a fetch, an image, a frame). A client that
 * sends no Sec-Fetch-Dest (an older browser, a download tool) is taken at its word.
 */
export function deliversTheFile(request: Request, dataRequest: boolean): boolean {
  if (dataRequest || isPrefetch(request)) return false;
  const dest = request.headers.get("sec-fetch-dest");
  return dest === null || dest === "document";
}

/** A browser's or a mail client's look ahead: Sec-Purpose (Chrome), Purpose and X-Moz (older ones). */
function isPrefetch(request: Request): boolean {
  const purpose = [request.headers.get("sec-purpose"), request.headers.get("purpose"), request.headers.get("x-moz"), request.headers.get("x-purpose")];
  return purpose.some((value) => value !== null && /prefetch|prerender|preview/i.test(value));
}

/**
 * The answer to a request that must not use the link up: a prefetch learns nothing; any
 * other (React Router's `.data` fetch after signing in) is sent to load the link as a page,
 * so the browser itself asks for the file and the download starts.
 */
export function notTheDownload(request: Request): Response {
  if (isPrefetch(request)) return new Response(null, { status: 204, headers: PRIVATE_FILE_HEADERS });
  const url = new URL(request.url);
  return redirectDocument(`${url.pathname}${url.search}`, { headers: PRIVATE_FILE_HEADERS });
}

/** The archive as a ZIP attachment that no cache keeps. */
export function archiveResponse(download: ExportDownload): Response {
  return new Response(Readable.toWeb(download.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(download.bytes),
      "Content-Disposition": `attachment; filename="relentless-data-${download.madeOn}.zip"`,
      ...PRIVATE_FILE_HEADERS,
    },
  });
}
