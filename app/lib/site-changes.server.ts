/**
 * Announces, within this process, that something the public pages show has changed (the
 * site settings; an article created, edited or deleted). The public page cache (server/page-cache.ts) listens and empties itself,
 * so it is emptied by a write that succeeded, never by the shape of a request.
 */
const listeners = new Set<() => void>();

export function onPublicContentChanged(listener: () => void): void {
  listeners.add(listener);
}

/** Call once the change is stored. */
export function announcePublicContentChanged(): void {
  for (const listener of listeners) listener();
}
