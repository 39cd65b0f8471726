import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The request's CSP nonce (server render); the browser needs none after hydration. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
