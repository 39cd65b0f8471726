import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What lives as long as one HTTP request (server/application.ts runs each request inside
 * `withRequestScope`): the Set-Cookie headers that code deep inside it adds to its
 * response (the session lookup renewing a member's session), and the reads its loaders
 * share. A page runs the root's, a layout's middleware and the screen's loader, and each
 * wants the signed-in user and the site settings: with React Router's middleware they
 * see different Request objects, so the sharing is keyed on the HTTP request itself.
 */
interface RequestScope {
  appendCookie: (cookie: string) => void;
  /** Reads shared by the request's loaders; null on a write (POST …), which reads afresh. */
  reads: Map<string, Promise<unknown>> | null;
  /** Whether the request wrote rows whose reads are kept (decision 0145): it waits for their notices then. */
  wroteKeptRows: boolean;
}

const current = new AsyncLocalStorage<RequestScope>();

const READ_METHODS = new Set(["GET", "HEAD"]);

export function withRequestScope<T>(request: { method: string }, appendCookie: (cookie: string) => void, run: () => T): T {
  return current.run({ appendCookie, reads: READ_METHODS.has(request.method) ? new Map() : null, wroteKeptRows: false }, run);
}

/** Adds the cookie to the current request's response (nothing outside an HTTP request, e.g. in a script). */
export function appendResponseCookie(cookie: string): void {
  current.getStore()?.appendCookie(cookie);
}

/**
 * `load()` once per GET or HEAD request under `key`, its promise shared by every caller of
 * that request. A write request loads every time: its action may change what it reads
 * (a saved name, new settings), and the page it answers with must show the change.
 * Outside a request (scripts, tests calling a module) it loads every time.
 */
export function readOncePerRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const reads = current.getStore()?.reads;
  if (!reads) return load();
  let pending = reads.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    reads.set(key, pending);
  }
  return pending;
}

/** Whether the current request shares its reads (a GET or HEAD); false on a write and outside a request. */
export function sharesReads(): boolean {
  return Boolean(current.getStore()?.reads);
}

/** Notes that the current request wrote rows whose reads are kept (the PostgreSQL driver sees the statement). */
export function noteKeptRowsWritten(): void {
  const scope = current.getStore();
  if (scope) scope.wroteKeptRows = true;
}

/** Whether the current request wrote rows whose reads are kept. */
export function wroteKeptRows(): boolean {
  return current.getStore()?.wroteKeptRows ?? false;
}
