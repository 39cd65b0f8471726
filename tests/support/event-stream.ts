/**
 * A client of server-sent events for the tests: a real HTTP connection read as it arrives,
 * parsed into events as a browser's EventSource parses them (id, event, data; comments
 * kept apart). Waiting is for a condition (a number of events), never for a time.
 */
import http from "node:http";

export interface ServerEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of an answer that is not a stream (a refusal). */
  text: string;
  events: ServerEvent[];
  comments: string[];
  /** Resolves once `count` events have arrived (all of them, in order). */
  waitForEvents(count: number): Promise<ServerEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: "text/event-stream", ...headers } }, (response) => {
      const events: ServerEvent[] = [];
      const comments: string[] = [];
      const waiters: Array<{ count: number; resolve: (events: ServerEvent[]) => void }> = [];
      let buffer = "";
      let text = "";
      let endStream!: () => void;
      const ended = new Promise<void>((done) => (endStream = done));
      const wake = () => {
        for (const waiter of [...waiters]) {
          if (events.length >= waiter.count) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(events.slice(0, waiter.count));
          }
        }
      };
      const streaming = response.statusCode === 200 && String(response.headers["content-type"]).startsWith("text/event-stream");
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (!streaming) {
          text += chunk;
          return;
        }
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: ServerEvent = { id: null, event: "message", data: "" };
          let hasData = false;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else if (line.startsWith("id: ")) event.id = line.slice(4);
            else if (line.startsWith("event: ")) event.event = line.slice(7);
            else if (line.startsWith("data: ")) {
              event.data += (hasData ? "\n" : "") + line.slice(6);
              hasData = true;
            }
          }
          if (hasData) events.push(event);
        }
        wake();
      });
      // Closing the stream from this side aborts the response: that is the end, not a failure.
      response.on("error", endStream);
      response.on("end", endStream);
      response.on("close", endStream);
      const stream: EventStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        get text() {
          return text;
        },
        events,
        comments,
        waitForEvents: (count) =>
          new Promise((done) => {
            waiters.push({ count, resolve: done });
            wake();
          }),
        ended,
        close: () => request.destroy(),
      };
      if (streaming) resolve(stream);
      else response.on("end", () => resolve(stream));
    });
    request.on("error", reject);
  });
}
