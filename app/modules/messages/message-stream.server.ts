/**
 * Following one conversation live, for its member and for staff (the route's server-sent
 * events are built in app/routes/members.messages.events.server.ts). A follower first
 * subscribes to the live feed, then is given the messages after its start point from the
 * database, then each new one as it commits; every read starts after the last message
 * given, so nothing is lost or given twice. Messages given to an open page count as read.
 */
import type { SessionUser } from "~/auth/session.server";
import { AppError } from "~/lib/app-error";
import { getLogger } from "~/lib/logger.server";
import { subscribeToConversation } from "./message-feed.server";
import type { MessageView } from "./messages.schema";
import { conversationMember, lastSeqOf, markConversationRead, messagesAfter } from "./messages.server";

type Actor = Pick<SessionUser, "id" | "role" | "name" | "email">;

/** Open followers per user in this process (tabs, devices): one more is refused with a 429. */
export const MAX_STREAMS_PER_USER = 5;
/** Messages read from the database at a time. */
const BATCH = 100;

export const TOO_MANY_STREAMS = "Too many pages are following messages: close a tab and reload this page.";
export const FOLLOW_UNAVAILABLE = "Live messages are unavailable right now. Please reload the page.";

const openByUser = new Map<string, number>();
const openFollowers = new Set<() => void>();

export interface ConversationFollower {
  /** The number of the last message before the first one given (the start point). */
  from: number;
  /** Starts giving messages (call once the receiver is ready). */
  start: () => void;
  /** Stops following; `ended` is not called. */
  stop: () => void;
}

/**
 * Follows the actor's view of this member's conversation (the same access as the page:
 * another member's is 'Conversation not found'), giving `deliver` each message after
 * `startAfter()` (or after the newest one now, when it gives undefined), in order.
 * `startAfter` is asked only once access is granted (its refusal, an AppError, then says
 * nothing to a stranger). A sixth follower of one user is a 429. `ended` is called when the follower ends on its own: a read failed,
 * or the server shuts down.
 */
export async function followConversation(
  actor: Actor,
  memberId: unknown,
  startAfter: () => number | undefined,
  handlers: { deliver: (message: MessageView) => void; ended: () => void },
): Promise<ConversationFollower> {
  const member = await conversationMember(actor, memberId, "read");
  const after = startAfter();
  const open = openByUser.get(actor.id) ?? 0;
  if (open >= MAX_STREAMS_PER_USER) throw new AppError(429, TOO_MANY_STREAMS, { retryAfter: 30 });
  openByUser.set(actor.id, open + 1);

  let stopped = false;
  let started = false;
  let unsubscribe = () => {};
  const stop = () => {
    if (stopped) return;
    stopped = true;
    unsubscribe();
    openFollowers.delete(end);
    const left = (openByUser.get(actor.id) ?? 1) - 1;
    if (left > 0) openByUser.set(actor.id, left);
    else openByUser.delete(actor.id);
  };
  const end = () => {
    if (stopped) return;
    stop();
    handlers.ended();
  };

  // The seq of the last message given; undefined until the start point is known.
  let cursor: number | undefined = after;
  let reading = false;
  let again = false;
  /** Gives what is new since the cursor; a wake during a read asks for one more read after it. */
  const pump = async (): Promise<void> => {
    if (!started) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        if (stopped || cursor === undefined) break;
        const batch = await messagesAfter(member.id, cursor, BATCH);
        for (const m of batch) {
          if (stopped || m.seq <= cursor) continue;
          handlers.deliver(m);
          cursor = m.seq;
        }
        if (batch.length > 0 && !stopped) await markConversationRead(actor, member.id, cursor);
        if (batch.length === BATCH) again = true;
      } while (again && !stopped);
    } catch (error) {
      // The browser reconnects with the last id it got: nothing is lost.
      getLogger().error({ err: error instanceof Error ? error.message : String(error), memberId: member.id }, "a message stream could not read new messages; it was closed");
      end();
    } finally {
      reading = false;
    }
  };

  try {
    // The feed first, then the database: a message committed in between is read, not missed.
    unsubscribe = await subscribeToConversation(member.id, () => void pump());
    cursor ??= await lastSeqOf(member.id);
  } catch (error) {
    stop();
    getLogger().error({ err: error instanceof Error ? error.message : String(error) }, "could not follow a conversation");
    throw new AppError(503, FOLLOW_UNAVAILABLE);
  }
  openFollowers.add(end);
  return {
    from: cursor,
    start: () => {
      started = true;
      void pump();
    },
    stop,
  };
}

/** Shutdown: ends every follower (browsers reconnect, to another process or after the restart). */
export function closeMessageStreams(): void {
  for (const end of [...openFollowers]) end();
}

/** Open followers in this process (tests). */
export function openMessageStreams(): number {
  return openFollowers.size;
}
