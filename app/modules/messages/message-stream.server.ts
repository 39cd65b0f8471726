/**
 * The live stream of one conversation (server-sent events), for its member and for staff.
 * Each message is an event whose id is its seq. On a (re)connection the stream first
 * subscribes to the live feed, then sends the messages after `Last-Event-ID` (the browser
 * sends it itself when it reconnects; a page's first connection names `?after=`) from the
 * database, then each new one as it commits; every read starts after the last seq sent, so
 * nothing is lost or sent twice. Messages delivered to an open page count as read.
 */
import type { SessionUser } from "~/auth/session.server";
import { AppError } from "~/lib/app-error";
import { getLogger } from "~/lib/logger.server";
import { subscribeToConversation } from "./message-feed.server";
import { conversationMember, lastSeqOf, markConversationRead, messagesAfter } from "./messages.server";

type Actor = Pick<SessionUser, "id" | "role" | "name" | "email">;

/** Open streams per user in this process (tabs, devices): one more is refused with a 429. */
export const MAX_STREAMS_PER_USER = 5;
/** A comment this often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** A stream ends after this long and the browser reconnects: the session is checked again. */
export const STREAM_LIFETIME_MS = 15 * 60_000;
/** How long the browser waits before reconnecting. */
const RETRY_MS = 3_000;
/** Messages read from the database at a time. */
const BATCH = 100;

export const TOO_MANY_STREAMS = "Too many pages are following messages: close a tab and reload this page.";
export const BAD_LAST_EVENT_ID = "Last-Event-ID must be a message number";

const openByUser = new Map<string, number>();
const openStreams = new Set<() => void>();

/** A message number as sent in Last-Event-ID or ?after= (0 included), else undefined when absent, null when malformed. */
function readSeq(raw: string | null): number | null | undefined {
  if (raw === null) return undefined;
  const text = raw.trim();
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n <= 2 ** 31 - 1 ? n : null;
}

/**
 * The event-stream response for the actor's view of this member's conversation (the same
 * access as the page: another member's is 'Conversation not found'). A malformed
 * Last-Event-ID or `after` is a 400; a sixth stream of one user a 429.
 */
export async function messageEventStream(request: Request, actor: Actor, memberId: unknown): Promise<Response> {
  const member = await conversationMember(actor, memberId, "read");
  const fromHeader = readSeq(request.headers.get("Last-Event-ID"));
  const fromQuery = readSeq(new URL(request.url).searchParams.get("after"));
  if (fromHeader === null || fromQuery === null) throw new AppError(400, BAD_LAST_EVENT_ID);
  const open = openByUser.get(actor.id) ?? 0;
  if (open >= MAX_STREAMS_PER_USER) throw new AppError(429, TOO_MANY_STREAMS, { retryAfter: 30 });
  openByUser.set(actor.id, open + 1);

  let closed = false;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let unsubscribe = () => {};
  let heartbeat: NodeJS.Timeout | undefined;
  let lifetime: NodeJS.Timeout | undefined;
  const encoder = new TextEncoder();
  const send = (text: string) => {
    if (!closed) controller?.enqueue(encoder.encode(text));
  };
  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    openStreams.delete(close);
    const left = (openByUser.get(actor.id) ?? 1) - 1;
    if (left > 0) openByUser.set(actor.id, left);
    else openByUser.delete(actor.id);
    try {
      controller?.close();
    } catch {
      // Already closed by the client going away.
    }
  };

  // The seq of the last message sent; undefined until the start point is known.
  let cursor: number | undefined = fromHeader ?? fromQuery;
  let reading = false;
  let again = false;
  /** Sends what is new since the cursor; a wake during a read asks for one more read after it. */
  const pump = async (): Promise<void> => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        if (closed || cursor === undefined) break;
        const batch = await messagesAfter(member.id, cursor, BATCH);
        for (const m of batch) {
          if (closed || m.seq <= cursor) continue;
          send(`id: ${m.seq}\nevent: message\ndata: ${JSON.stringify(m)}\n\n`);
          cursor = m.seq;
        }
        if (batch.length > 0 && !closed) await markConversationRead(actor, member.id, cursor);
        if (batch.length === BATCH) again = true;
      } while (again && !closed);
    } catch (error) {
      // The browser reconnects with the last id it got: nothing is lost.
      getLogger().error({ err: error instanceof Error ? error.message : String(error), memberId: member.id }, "a message stream could not read new messages; it was closed");
      close();
    } finally {
      reading = false;
    }
  };

  try {
    // The feed first, then the database: a message committed in between is read, not missed.
    unsubscribe = await subscribeToConversation(member.id, () => void pump());
    cursor ??= await lastSeqOf(member.id);
  } catch (error) {
    close();
    getLogger().error({ err: error instanceof Error ? error.message : String(error) }, "could not follow a conversation");
    throw new AppError(503, "Live messages are unavailable right now. Please reload the page.");
  }
  if (request.signal.aborted) {
    close();
    return new Response(null, { status: 204 });
  }
  request.signal.addEventListener("abort", close, { once: true });
  openStreams.add(close);

  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      send(`retry: ${RETRY_MS}\n: following ${cursor}\n\n`);
      heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      heartbeat.unref();
      lifetime = setTimeout(close, STREAM_LIFETIME_MS);
      lifetime.unref();
      void pump();
    },
    cancel() {
      close();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware leaves it alone (a gzip stream would hold events back).
      "Cache-Control": "private, no-store, no-transform",
      // nginx and similar proxies pass each event on at once.
      "X-Accel-Buffering": "no",
    },
  });
}

/** Shutdown: ends every open stream (browsers reconnect, to another process or after the restart). */
export function closeMessageStreams(): void {
  for (const close of [...openStreams]) close();
}

/** Open streams in this process (tests). */
export function openMessageStreams(): number {
  return openStreams.size;
}
