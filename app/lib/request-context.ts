import { RouterContextProvider } from "react-router";

/**
 * What the server hands every loader, action and middleware of one request, with the
 * nonce of this response's Content-Security-Policy for the inline scripts React Router
 * writes. A plain property, not a createContext key: the server entry and the built app
 * each hold their own copy of this file, so a key object would not match across them.
 */
export type RequestContext = RouterContextProvider & { readonly cspNonce: string };

export function requestContext(cspNonce: string): RequestContext {
  return Object.assign(new RouterContextProvider(), { cspNonce });
}
