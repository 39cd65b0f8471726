import { isbot } from "isbot";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "./components/nonce";
import { renderDocument, STREAM_TIMEOUT_MS } from "./lib/render-document.server";
import type { RequestContext } from "./lib/request-context";

export const streamTimeout = STREAM_TIMEOUT_MS;

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
      headers: responseHeaders,
      waitForAll: Boolean((userAgent && isbot(userAgent)) || routerContext.isSpaMode),
      nonce,
    },
  );
}
