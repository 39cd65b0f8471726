import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Set-Cookie headers that code deep inside a request (the session lookup renewing a
 * member's session) adds to that request's response, whichever route answers it: the
 * HTTP layer (server/app.ts) runs each request inside `withResponseCookies`.
 */
const current = new AsyncLocalStorage<(cookie: string) => void>();

export function withResponseCookies<T>(append: (cookie: string) => void, run: () => T): T {
  return current.run(append, run);
}

/** Adds the cookie to the current request's response (nothing outside an HTTP request, e.g. in a script). */
export function appendResponseCookie(cookie: string): void {
  current.getStore()?.(cookie);
}
