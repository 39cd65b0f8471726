/**
 * The live feed of new messages in this process: a message's transaction runs
 * `pg_notify(MESSAGES_CHANNEL, memberId)`, delivered when it commits to every listener of
 * the database (the one PGlite instance in this process; every server process on
 * PostgreSQL). One listener per process, opened at the first subscriber (on PostgreSQL a
 * connection of its own, decision 0060's `Database.listen`); each open stream of a
 * conversation is woken and reads what is new from the database itself, so the notice
 * carries only the conversation and a lost notice costs a delay, never a message.
 */
import { getDatabase, type Database } from "~/db/client.server";
import { getLogger } from "~/lib/logger.server";

/** The channel a committed message is announced on; the payload is the member's id (the conversation). */
export const MESSAGES_CHANNEL = "relentless_messages";

type Wake = () => void;

const subscribers = new Map<string, Set<Wake>>();
let listening: { database: Database; unlisten: Promise<() => Promise<void>> } | null = null;

function onNotice(payload?: string): void {
  // No payload: the listener connected again and may have missed notices; every stream looks.
  const woken = payload ? [...(subscribers.get(payload) ?? [])] : [...subscribers.values()].flatMap((set) => [...set]);
  for (const wake of woken) wake();
}

function ensureListening(): Promise<unknown> {
  const database = getDatabase();
  if (listening?.database !== database) {
    const unlisten = database.listen(MESSAGES_CHANNEL, onNotice);
    const current = { database, unlisten };
    listening = current;
    unlisten.catch((error: unknown) => {
      getLogger().error({ err: error instanceof Error ? error.message : String(error) }, "could not listen for new messages");
      if (listening === current) listening = null;
    });
  }
  return listening.unlisten;
}

/**
 * Calls `wake` after each commit of a message to this member's conversation, from now on:
 * resolves once the process listens, so a message committed after that is never missed.
 * Resolves with the call that unsubscribes.
 */
export async function subscribeToConversation(memberId: string, wake: Wake): Promise<() => void> {
  await ensureListening();
  let set = subscribers.get(memberId);
  if (!set) subscribers.set(memberId, (set = new Set()));
  set.add(wake);
  return () => {
    set.delete(wake);
    if (set.size === 0 && subscribers.get(memberId) === set) subscribers.delete(memberId);
  };
}

/** Shutdown: stops listening (its PostgreSQL connection closes) before the database closes. */
export async function stopMessageFeed(): Promise<void> {
  const current = listening;
  listening = null;
  subscribers.clear();
  if (!current) return;
  const unlisten = await current.unlisten.catch(() => null);
  await unlisten?.();
}
