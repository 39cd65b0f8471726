/**
 * The database's notices of committed changes (migration 0027, decision 0145): a trigger on
 * each table whose rows this process keeps a read of announces `table:key` on one channel
 * when the writing transaction commits, whichever door wrote (an action, the CLI, another
 * server process). Each server process relays them to the kept reads (kept-reads.server.ts).
 *
 * Kept reads are kept only while this process hears the notices: in tests and scripts that
 * never start the relay, every read goes to the database.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { getDatabase, type Database } from "~/db/client.server";
import { noteKeptRowsWritten, wroteKeptRows } from "./request-scope.server";

export const CHANGES_CHANNEL = "relentless_changes";

/** The rows a table's notice names (its key: a user's id, a setting's key, a conversation's member), or null: anything may have changed. */
type ChangeListener = (key: string | null) => void;

const listeners = new Map<string, Set<ChangeListener>>();
let hearing = false;

/** Calls `listener` with the key of each committed change of `table`'s rows (null after a notice may have been missed). */
export function onChange(tables: readonly string[], listener: ChangeListener): void {
  for (const table of tables) {
    const set = listeners.get(table) ?? new Set();
    set.add(listener);
    listeners.set(table, set);
  }
}

/** Whether this process hears the notices now (kept reads are kept only then). */
export function isHearingChanges(): boolean {
  return hearing;
}

function announceEverything(): void {
  for (const set of listeners.values()) for (const listener of set) listener(null);
}

/** Delivers one notice's payload (`table:key`) to the table's listeners. */
export function deliverChange(payload: string | undefined): void {
  if (payload === undefined) {
    // The listening connection was opened again: whatever changed meanwhile was not heard.
    announceEverything();
    return;
  }
  const colon = payload.indexOf(":");
  const table = colon < 0 ? payload : payload.slice(0, colon);
  const key = colon < 0 ? "" : payload.slice(colon + 1);
  if (table === HEARD) {
    waiting.get(key)?.();
    return;
  }
  for (const listener of listeners.get(table) ?? []) listener(key);
}

/**
 * Relays the notices to this process's listeners (each server process once, at boot).
 * Resolves with the call that stops relaying; from then on nothing is kept.
 */
export async function relayChanges(database: Database): Promise<() => Promise<void>> {
  // This module's request scope, not a copy another module graph loaded (a test's, beside the app's).
  database.observeKeptWrites(noteKeptRowsWritten);
  const stop = await database.listen(CHANGES_CHANNEL, deliverChange);
  hearing = true;
  return async () => {
    hearing = false;
    announceEverything();
    await stop();
  };
}

/** The notice `heardOwnChanges` sends itself (not a table). */
const HEARD = "heard";
/** How long a write request waits for its own notice before it clears every kept read instead. */
const HEARD_WAIT_MS = 2_000;
const waiting = new Map<string, () => void>();

/**
 * On PostgreSQL, resolves once this process has heard every notice committed before the
 * call: a notice of its own, sent now, arrives after them (notices come in commit order).
 * A request that wrote rows whose reads are kept (the driver notes each such statement)
 * waits for it before it answers (app/root.tsx), so the person who made a change never
 * meets a read kept from before it, even a moment before the notice of another connection
 * arrives. PGlite delivers its notices before the writing statement returns: nothing to
 * wait for.
 */
export async function heardOwnChanges(): Promise<void> {
  if (!hearing || !wroteKeptRows()) return;
  const database = getDatabase();
  if (database.kind !== "postgres") return;
  const id = crypto.randomUUID();
  let timer: NodeJS.Timeout | undefined;
  const heard = new Promise<void>((resolve) => {
    waiting.set(id, resolve);
    timer = setTimeout(() => {
      announceEverything();
      resolve();
    }, HEARD_WAIT_MS);
  });
  try {
    await database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${`${HEARD}:${id}`})`);
    await heard;
  } finally {
    clearTimeout(timer);
    waiting.delete(id);
  }
}
