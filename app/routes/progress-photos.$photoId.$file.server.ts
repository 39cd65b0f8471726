import { Readable } from "node:stream";
import { PRIVATE_FILE_HEADERS } from "~/lib/resource.server";
import type { PrivateImageFile } from "~/modules/progress-photos/private-images.server";

/**
 * The answer with a private image's file (a progress photo's, and a message image's for
 * message-images.$messageId.$file.ts): never kept by any cache; HEAD gets the headers only.
 */
export function privateImageResponse(file: PrivateImageFile, request: Request): Response {
  const head = request.method === "HEAD";
  if (head) file.body.destroy();
  const body = head ? null : (Readable.toWeb(file.body) as ReadableStream<Uint8Array>);
  return new Response(body, {
    status: 200,
    headers: { ...PRIVATE_FILE_HEADERS, "Content-Type": file.contentType, "Content-Length": String(file.bytes) },
  });
}
