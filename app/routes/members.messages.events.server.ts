/**
 * The live stream of one conversation as server-sent events (this route's, and
 * coach.members.$memberId.messages.events.ts's). Each message is an event whose id is its
 * seq. A reconnection resumes after `Last-Event-ID` (the browser sends it itself); a page's
 * first connection names `?after=`; without either the stream starts after the newest.
 */
import type { SessionUser } from "~/auth/session.server";
import { AppError } from "~/lib/app-error";
import { followConversation, type ConversationFollower } from "~/modules/messages/message-stream.server";

/** A comment this often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** A stream ends after this long and the browser reconnects: the session is checked again. */
export const STREAM_LIFETIME_MS = 15 * 60_000;
/** How long the browser waits before reconnecting. */
const RETRY_MS = 3_000;

export const BAD_LAST_EVENT_ID = "Last-Event-ID must be a message number";

/** A message number as sent in Last-Event-ID or ?after= (0 included), else undefined when absent, null when malformed. */
function readSeq(raw: string | null): number | null | undefined {
  if (raw === null) return undefined;
  const text = raw.trim();
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n <= 2 ** 31 - 1 ? n : null;
}

/**
 * The event-stream response for the actor's view of this member's conversation. A
 * malformed Last-Event-ID or `after` is a 400 (after the access check: another member's
 * conversation is a 404 first); the module's refusals (404, a sixth stream's 429, 503) are
 * AppErrors for the route to answer.
 */
export async function messageEventStream(request: Request, actor: Pick<SessionUser, "id" | "role" | "name" | "email">, memberId: unknown): Promise<Response> {

  let closed = false;
  // Once the reader has cancelled the stream, closing it again would throw.
  let cancelled = false;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let lifetime: NodeJS.Timeout | undefined;
  const encoder = new TextEncoder();
  const send = (text: string) => {
    if (!closed) controller?.enqueue(encoder.encode(text));
  };
  /** Ends the HTTP stream (the follower has stopped, or is stopped by `close`). */
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    if (!cancelled) controller?.close();
  };
  const startAfter = () => {
    const fromHeader = readSeq(request.headers.get("Last-Event-ID"));
    const fromQuery = readSeq(new URL(request.url).searchParams.get("after"));
    if (fromHeader === null || fromQuery === null) throw new AppError(400, BAD_LAST_EVENT_ID);
    return fromHeader ?? fromQuery;
  };
  const follower: ConversationFollower = await followConversation(actor, memberId, startAfter, {
    deliver: (m) => send(`id: ${m.seq}\nevent: message\ndata: ${JSON.stringify(m)}\n\n`),
    ended: finish,
  });
  const close = () => {
    follower.stop();
    finish();
  };
  if (request.signal.aborted) {
    close();
    return new Response(null, { status: 204 });
  }
  request.signal.addEventListener("abort", close, { once: true });

  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      send(`retry: ${RETRY_MS}\n: following ${follower.from}\n\n`);
      heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      heartbeat.unref();
      lifetime = setTimeout(close, STREAM_LIFETIME_MS);
      lifetime.unref();
      follower.start();
    },
    cancel() {
      cancelled = true;
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
