import { RouterContextProvider } from "react-router";

/**
 * What the server hands every loader, action and middleware of one request, with the
 * nonce of this response's Content-Security-Policy for the inline scripts React Router
 * writes, and whether the request is React Router's background fetch of a page's data
 * (`/path.data`, which its loaders see as `/path`). Plain properties, not createContext
 * keys: the server entry and the built app each hold their own copy of this file, so a
 * key object would not match across them.
 */
export type RequestContext = RouterContextProvider & { readonly cspNonce: string; readonly dataRequest: boolean };

export function requestContext(cspNonce: string, dataRequest = false): RequestContext {
  return Object.assign(new RouterContextProvider(), { cspNonce, dataRequest });
}
