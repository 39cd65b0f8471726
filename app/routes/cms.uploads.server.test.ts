// @test-database none: it reads request bodies only.
/** The staff upload endpoints read the file itself as the body, never past its limit. */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES } from "~/modules/uploads/documents.server";
import { MAX_UPLOAD_BYTES } from "~/modules/uploads/image-processing.server";
import { readDocumentBody, readUploadBody } from "./cms.uploads.server";

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("readUploadBody", () => {
  const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
    new Request("http://localhost:3000/cms/uploads", { method: "POST", body, headers, duplex: "half" } as RequestInit);

  /** A body sent in chunks, counting how much of it was pulled. */
  function chunked(totalBytes: number, chunkBytes = 256 * 1024) {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= totalBytes) return controller.close();
        const size = Math.min(chunkBytes, totalBytes - sent);
        sent += size;
        controller.enqueue(new Uint8Array(size));
      },
    }, { highWaterMark: 0 });
    return { stream, sent: () => sent };
  }

  it("reads a body within the limit", async () => {
    const bytes = Buffer.from("not checked here: the body is read as it comes");
    expect((await readUploadBody(post(bytes, { "content-type": "image/jpeg" }))).equals(bytes)).toBe(true);
    expect((await readUploadBody(post(null))).length).toBe(0);
  });

  it("refuses a declared Content-Length over 10 MB before reading anything", async () => {
    const body = chunked(1024);
    const error = await refusalOf(readUploadBody(post(body.stream, { "content-length": String(MAX_UPLOAD_BYTES + 1) })));
    expect(error).toMatchObject({ status: 413, message: "The image is larger than 10 MB." });
    expect(body.sent()).toBe(0);
  });

  it("stops reading a streamed body as soon as it passes 10 MB", async () => {
    const body = chunked(50 * 1024 * 1024);
    const error = await refusalOf(readUploadBody(post(body.stream)));
    expect(error.status).toBe(413);
    expect(body.sent()).toBeLessThan(MAX_UPLOAD_BYTES + 2 * 1024 * 1024);
  });

  it("is not fooled by a Content-Length that claims less than is sent", async () => {
    const body = chunked(MAX_UPLOAD_BYTES + 1024);
    // The Request keeps the header as given; the stream brings more.
    const request = post(body.stream, { "content-length": "1000" });
    expect((await refusalOf(readUploadBody(request))).status).toBe(413);
  });

  it("reads a Node stream body the way the server hands it over", async () => {
    const request = post(Readable.toWeb(Readable.from([Buffer.alloc(5), Buffer.alloc(7)])) as ReadableStream<Uint8Array>);
    expect((await readUploadBody(request)).length).toBe(12);
  });
});

describe("reading a PDF request body", () => {
  function streamOf(total: number, chunk = 1024 * 1024): Request {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        const size = Math.min(chunk, total - sent);
        sent += size;
        controller.enqueue(new Uint8Array(size));
      },
    });
    return new Request("http://localhost/cms/documents", { method: "POST", body, duplex: "half" } as RequestInit);
  }

  it("reads a body up to 20 MB", async () => {
    expect((await readDocumentBody(streamOf(3 * 1024 * 1024))).length).toBe(3 * 1024 * 1024);
  });

  it("stops at 20 MB with the document's message, whatever Content-Length said", async () => {
    await expect(readDocumentBody(streamOf(MAX_DOCUMENT_BYTES + 1))).rejects.toMatchObject({ status: 413, message: DOCUMENT_MESSAGES.tooManyBytes });
    const declared = new Request("http://localhost/cms/documents", { method: "POST", body: "x", headers: { "content-length": String(MAX_DOCUMENT_BYTES + 1) } });
    await expect(readDocumentBody(declared)).rejects.toMatchObject({ status: 413, message: DOCUMENT_MESSAGES.tooManyBytes });
  });
});
