
export class BodyError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
  ) {
    super(message);
    this.name = "BodyError";
  }
}

/**
 * Reads a request body, stopping as soon as it passes `maxBytes` (a lying Content-Length,
 * or none, does not get the rest in): then `tooLarge()` is thrown. The reader is released,
 * not cancelled: cancelling destroys the connection before the answer reaches the client;
 * what is left of the body is read and thrown away after the answer (server/unread-bodies.ts).
 */
export async function readLimitedBytes(request: Request, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.releaseLock();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

const formTooLarge = (maxBytes: number) => () => new BodyError(`The request is too large (limit ${Math.round(maxBytes / 1024)} KB).`, 413);

/**
 * PostgreSQL text cannot hold U+0000, so a NUL would fail the write with a 500; no
 * form of ours has a use for it either.
 */
function refuseNul(values: Iterable<unknown>): void {
  for (const value of values) {
    if (typeof value === "string" && value.includes("\u0000")) throw new BodyError("The form contains a character that is not allowed (NUL).", 400);
    if (Array.isArray(value)) refuseNul(value);
  }
}

/**
 * A form post (urlencoded, as browsers send without JavaScript) or a JSON body, as a
 * plain object. Repeated form fields become arrays. Malformed bodies are a 400.
 */
async function readUrlencodedOrJson(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const text = new TextDecoder().decode(await readLimitedBytes(request, maxBytes, formTooLarge(maxBytes)));
  if (type === "application/json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new BodyError("The request body is not valid JSON.", 400);
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new BodyError("The request body must be a JSON object.", 400);
    refuseNul(Object.values(parsed));
    return parsed as Record<string, unknown>;
  }
  if (type === "application/x-www-form-urlencoded" || type === "") {
    const out: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(text)) {
      const existing = out[key];
      out[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
    refuseNul(Object.values(out));
    return out;
  }
  throw new BodyError("Send the form as application/x-www-form-urlencoded, multipart/form-data or application/json.", 415);
}

/** A form as a plain object: repeated fields become arrays; JSON bodies keep their values' types. */
export type FormBody = Record<string, unknown>;

/**
 * The body of a form post, whatever way the browser sent it: urlencoded (no
 * JavaScript), multipart, or JSON (our own fetches). At most `maxBytes`, no NUL;
 * anything else is a BodyError with a 4xx status and a message a person can act on.
 */
export async function readForm(request: Request, maxBytes: number): Promise<FormBody> {
  const contentType = request.headers.get("content-type") ?? "";
  if (contentType.split(";")[0]!.trim().toLowerCase() !== "multipart/form-data") return readUrlencodedOrJson(request, maxBytes);
  const bytes = await readLimitedBytes(request, maxBytes, formTooLarge(maxBytes));
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new BodyError("The form could not be read.", 400);
  }
  const out: FormBody = {};
  for (const [key, value] of form) {
    const existing = out[key];
    out[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  refuseNul(Object.values(out));
  return out;
}
