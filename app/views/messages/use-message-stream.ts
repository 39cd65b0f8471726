import { useEffect, useRef, useState } from "react";
import type { MessageView } from "~/modules/messages/messages.schema";

/**
 * Follows a conversation's event stream while the page is open: the messages that arrive
 * after `lastSeq` (the newest the page was drawn with). The browser's EventSource
 * reconnects by itself after a dropped connection and sends the last event id it got, so
 * the server resumes exactly there. `url` null: not following (an earlier page).
 */
export function useMessageStream(url: string | null, lastSeq: number): MessageView[] {
  const [live, setLive] = useState<MessageView[]>([]);
  // The first connection starts after the messages this page was drawn with; later draws
  // (after sending) do not reconnect: the stream already covers them.
  const start = useRef({ url, after: lastSeq });
  if (start.current.url !== url) start.current = { url, after: lastSeq };
  const after = start.current.after;
  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    setLive([]);
    const source = new EventSource(`${url}?after=${after}`);
    const onMessage = (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as MessageView;
      setLive((list) => (list.some((m) => m.seq === message.seq) ? list : [...list, message]));
    };
    source.addEventListener("message", onMessage);
    return () => {
      source.removeEventListener("message", onMessage);
      source.close();
    };
  }, [url, after]);
  return live;
}

/** The page's messages and the live ones, each once, oldest first. */
export function mergeMessages(drawn: readonly MessageView[], live: readonly MessageView[]): MessageView[] {
  const bySeq = new Map<number, MessageView>();
  for (const m of [...drawn, ...live]) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}
