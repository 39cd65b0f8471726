import { data } from "react-router";

export class BodyError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
  ) {
    super(message);
    this.name = "BodyError";
  }
}

/** Reads a request body, refusing it with a 413 once it passes `maxBytes`. */
async function readLimited(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new BodyError(`The request is too large (limit ${Math.round(maxBytes / 1024)} KB).`, 413);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new BodyError(`The request is too large (limit ${Math.round(maxBytes / 1024)} KB).`, 413);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * A form post (urlencoded, as browsers send without JavaScript) or a JSON body, as a
 * plain object. Repeated form fields become arrays. Malformed bodies are a 400.
 */
export async function readFormOrJson(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const text = await readLimited(request, maxBytes);
  if (type === "application/json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new BodyError("The request body is not valid JSON.", 400);
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new BodyError("The request body must be a JSON object.", 400);
    return parsed as Record<string, unknown>;
  }
  if (type === "application/x-www-form-urlencoded" || type === "") {
    const out: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(text)) {
      const existing = out[key];
      out[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
    return out;
  }
  throw new BodyError("Send the form as application/x-www-form-urlencoded or application/json.", 415);
}

/** The response for a refused body. */
export function bodyErrorResponse(error: BodyError) {
  return data({ ok: false as const, error: error.message, fieldErrors: {} }, { status: error.status });
}
