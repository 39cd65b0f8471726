import { AppError } from "./app-error";

/** The headers of every private file's answer (documents, progress photos, message images): no cache keeps it, no browser guesses its type. */
export const PRIVATE_FILE_HEADERS = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" } as const;

/**
 * The one way a resource route (a file, a download, a redirect; no page) answers a
 * refusal. What `answer` returns goes out as it is; an AppError it throws becomes an
 * answer with its status, its headers (Retry-After) and `headers`, and its message as plain
 * text, or as JSON `{error}` for the endpoints that scripts call (React Router would answer
 * a resource route's thrown error with a generic JSON body and lose the message). Anything
 * else thrown is a bug: the 500.
 */
export async function answerResource(answer: () => Promise<Response>, headers: Record<string, string> = {}, shape: "text" | "json" = "text"): Promise<Response> {
  try {
    return await answer();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const init = { status: error.status, headers: { ...headers, ...error.init.headers } };
    if (shape === "json") return Response.json({ error: error.message }, init);
    return new Response(error.message, { ...init, headers: { ...init.headers, "Content-Type": "text/plain; charset=utf-8" } });
  }
}
