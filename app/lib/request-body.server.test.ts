// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { BodyError, readForm } from "./request-body.server";

const LIMIT = 1024;

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request("http://localhost:3000/contact", { method: "POST", headers, body, duplex: "half" } as RequestInit);
}

/** A body streamed in chunks, with no Content-Length to trust. */
function streamed(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]!));
      else controller.close();
    },
  });
}

async function refusal(promise: Promise<unknown>): Promise<BodyError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BodyError);
  return error as BodyError;
}

describe("readForm", () => {
  it("reads a JSON object", async () => {
    const body = await readForm(post(JSON.stringify({ firstName: "Jo", goals: ["Flexibility"] }), { "content-type": "application/json; charset=utf-8" }), LIMIT);
    expect(body).toEqual({ firstName: "Jo", goals: ["Flexibility"] });
  });

  it("reads a urlencoded form; repeated fields become a list", async () => {
    const form = new URLSearchParams([
      ["firstName", "Jo Ann"],
      ["goals", "Weight Loss"],
      ["goals", "Flexibility"],
      ["goals", "Stress Relief"],
      ["termsAccepted", "on"],
    ]);
    const body = await readForm(post(form.toString(), { "content-type": "application/x-www-form-urlencoded" }), LIMIT);
    expect(body).toEqual({ firstName: "Jo Ann", goals: ["Weight Loss", "Flexibility", "Stress Relief"], termsAccepted: "on" });
  });

  it("reads a body without a content type as a form, and an empty body as nothing", async () => {
    // (a string body would get text/plain from the Request constructor; bytes get no type)
    expect(await readForm(post(new TextEncoder().encode("a=1")), LIMIT)).toEqual({ a: "1" });
    expect(await readForm(post(null), LIMIT)).toEqual({});
  });

  it("decodes UTF-8 split across chunks", async () => {
    const text = JSON.stringify({ name: "Zoë Ñúñez 💪" });
    const bytes = new TextEncoder().encode(text);
    const cut = bytes.indexOf(0xc3) + 1; // in the middle of "ë"
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    expect(await readForm(post(stream, { "content-type": "application/json" }), LIMIT)).toEqual({ name: "Zoë Ñúñez 💪" });
  });

  it("accepts a body of exactly the limit", async () => {
    const body = JSON.stringify({ a: "x".repeat(LIMIT - 8) });
    expect(body.length).toBe(LIMIT);
    await expect(readForm(post(body, { "content-type": "application/json" }), LIMIT)).resolves.toEqual({ a: "x".repeat(LIMIT - 8) });
    const over = JSON.stringify({ a: "x".repeat(LIMIT - 7) });
    expect((await refusal(readForm(post(streamed([over]), { "content-type": "application/json" }), LIMIT))).status).toBe(413);
  });

  it("refuses a declared Content-Length over the limit with 413, before reading", async () => {
    const request = post(streamed(["{}"]), { "content-type": "application/json", "content-length": String(LIMIT + 1) });
    const error = await refusal(readForm(request, LIMIT));
    expect(error.status).toBe(413);
    expect(error.message).toBe("The request is too large (limit 1 KB).");
    expect(request.bodyUsed).toBe(false);
  });

  it("refuses a streamed body once it passes the limit, whatever Content-Length said", async () => {
    const chunks = Array.from({ length: 10 }, () => "x".repeat(200));
    const error = await refusal(readForm(post(streamed(chunks), { "content-type": "application/x-www-form-urlencoded" }), LIMIT));
    expect(error.status).toBe(413);
    const lying = await refusal(readForm(post(streamed(chunks), { "content-type": "application/json", "content-length": "10" }), LIMIT));
    expect(lying.status).toBe(413);
  });

  it.each([
    ["not JSON", "{firstName:", "The request body is not valid JSON."],
    ["a JSON array", "[1,2]", "The request body must be a JSON object."],
    ["JSON null", "null", "The request body must be a JSON object."],
    ["a JSON string", '"hello"', "The request body must be a JSON object."],
  ])("refuses %s with 400", async (_name, body, message) => {
    const error = await refusal(readForm(post(body, { "content-type": "application/json" }), LIMIT));
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
  });

  it.each(["text/plain", "application/xml"])("refuses %s with 415", async (type) => {
    const error = await refusal(readForm(post("a=1", { "content-type": type }), LIMIT));
    expect(error.status).toBe(415);
    expect(error.message).toBe("Send the form as application/x-www-form-urlencoded, multipart/form-data or application/json.");
  });

  it("reads a multipart form like a urlencoded one (repeated fields become a list); a broken one is a 400", async () => {
    const form = new FormData();
    form.append("title", "Zoë");
    form.append("goals", "Flexibility");
    form.append("goals", "Stress Relief");
    const multipart = new Request("http://localhost/", { method: "POST", body: form });
    expect(await readForm(multipart, LIMIT)).toEqual({ title: "Zoë", goals: ["Flexibility", "Stress Relief"] });
    const broken = await refusal(readForm(post("not multipart", { "content-type": "multipart/form-data; boundary=x" }), LIMIT));
    expect(broken.status).toBe(400);
  });
});
