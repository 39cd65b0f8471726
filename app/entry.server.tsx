import { isbot } from "isbot";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "./components/nonce";
import { renderDocument, STREAM_TIMEOUT_MS } from "./lib/render-document.server";
import type { RequestContext } from "./lib/request-context";

export const streamTimeout = STREAM_TIMEOUT_MS;

/**
 * A page form refused for its rate (429) says when to try again: the action's Retry-After
 * (an AppError's, app/lib/action.server.ts) goes on the document. React Router builds the
 * document's headers from the routes' `headers` exports, and keeps only an action's
 * cookies for a route without one.
 */
function withActionRetryAfter(status: number, headers: Headers, context: EntryContext): Headers {
  if (status !== 429 || headers.has("Retry-After")) return headers;
  for (const actionHeaders of Object.values(context.staticHandlerContext.actionHeaders ?? {})) {
    const retryAfter = actionHeaders.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
  }
  return headers;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RequestContext,
) {
  const nonce = loadContext.cspNonce;
  const userAgent = request.headers.get("user-agent");
  return renderDocument(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      url: request.url,
      status: responseStatusCode,
      headers: withActionRetryAfter(responseStatusCode, responseHeaders, routerContext),
      waitForAll: Boolean((userAgent && isbot(userAgent)) || routerContext.isSpaMode),
      nonce,
    },
  );
}
