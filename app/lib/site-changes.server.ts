/**
 * Announces that something the public pages show has changed (the site settings; an article
 * created, edited or deleted; a class's places, times or types). The public page cache
 * (server/page-cache.ts) listens and empties itself, so it is emptied by a write that
 * succeeded, never by the shape of a request.
 */
import { sql } from "drizzle-orm";
import type { Database, Db } from "~/db/client.server";

const listeners = new Set<() => void>();

export function onPublicContentChanged(listener: () => void): void {
  listeners.add(listener);
}

/** Call once the change is stored (this process only). */
export function announcePublicContentChanged(): void {
  for (const listener of listeners) listener();
}

/** The channel a committed change of the public pages is announced on, to every server process. */
export const PUBLIC_CONTENT_CHANNEL = "relentless_public_content";

/**
 * Inside the change's transaction: when (and only if) it commits, every server process's
 * page cache empties (PostgreSQL NOTIFY; on PGlite, this process). A refused change rolls
 * back and announces nothing. Several in one transaction are delivered as one.
 */
export async function announcePublicContentChangeIn(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${PUBLIC_CONTENT_CHANNEL}, '')`);
}

/**
 * Relays the database's notices of committed changes to this process's listeners (each
 * server process once, at boot). A listener that connected again may have missed notices,
 * so that empties the cache too. Resolves with the call that stops relaying.
 */
export function relayPublicContentChanges(database: Database): Promise<() => Promise<void>> {
  return database.listen(PUBLIC_CONTENT_CHANNEL, () => announcePublicContentChanged());
}
