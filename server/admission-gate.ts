import type { Request, RequestHandler, Response } from "express";
import { isEventStream } from "~/lib/requests-in-flight.server";

/**
 * How many page reads (GET and HEAD: documents and their `.data`) one process works on at
 * once; the others wait their turn, first come first served (decision 0179). Worked on
 * together, reads only share the core: each takes longer, so what each allocates outlives
 * the young generation's collections and fills the old one, whose full collections then
 * cost as much as the pages (the workouts list at 8 at once: 35 full collections in 600
 * pages against 3 one at a time, 40 % more CPU a page). PGlite answers one statement at a
 * time on the event loop's thread, so two overlap only a render with a query; PostgreSQL's
 * connections answer in other processes, so more overlap there.
 */
export const READS_AT_ONCE = { pglite: 2, postgres: 8 } as const;
/**
 * A read still unanswered this long waits on something else (a payment provider over the
 * network, a lock): its place goes to the next, and it goes on outside the count.
 */
export const HOLD_MS = 1_000;
/** Reads waiting beyond this many are refused with a 503 at once (about ten seconds of an evening's peak). */
export const MAX_WAITING = 1_000;

interface Waiter {
  /** Admits the read; dropped once its client has gone, so a gone read waits as a few bytes. */
  admit: (() => void) | null;
  /** Queued until admitted; gone once its client went while queued. */
  state: "queued" | "admitted" | "gone";
}

const READS = new Set(["GET", "HEAD"]);

/**
 * Express middleware: admits a page read when fewer than `limit` are being worked on, or
 * queues it. A read holds its place until its response's headers are written (its body then
 * streams on its own: a slow reader holds nothing), its client goes, or `holdMs` pass. A
 * queued read whose client has gone (a phone that gave up) is dropped unanswered: no work is
 * done for nobody. Writes are not queued (a set logged, a message sent: small, and never
 * dropped), nor event streams (open as long as their page).
 */
export function admissionGate({ limit, holdMs = HOLD_MS, maxWaiting = MAX_WAITING }: { limit: number; holdMs?: number; maxWaiting?: number }): RequestHandler {
  let working = 0;
  const queue: (Waiter | undefined)[] = [];
  let head = 0;
  let waiting = 0;

  /** Counts a read as worked on until its head is written, its client goes or `holdMs` pass. */
  const hold = (res: Response) => {
    working += 1;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      working -= 1;
      admitWaiting();
    };
    const timer = setTimeout(release, holdMs);
    onHeadersWritten(res, release);
    res.once("close", release);
  };

  const admitWaiting = () => {
    while (working < limit && head < queue.length) {
      const waiter = queue[head]!;
      queue[head++] = undefined;
      if (waiter.state === "gone") continue;
      waiting -= 1;
      waiter.state = "admitted";
      waiter.admit!();
    }
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
    } else if (head > 1024) {
      queue.splice(0, head);
      head = 0;
    }
  };

  return (req: Request, res: Response, proceed) => {
    if (!READS.has(req.method) || isEventStream(req)) return proceed();
    // Gone before it got here (held through the start, say): its 'close' has fired already.
    if (req.socket.destroyed) return;
    if (working < limit && waiting === 0) {
      hold(res);
      return proceed();
    }
    if (waiting >= maxWaiting) {
      res.status(503).set({ "Retry-After": "5", "Cache-Control": "no-store" }).type("text/plain").send("The server is busy. Please try again in a moment.");
      return;
    }
    let closed = false;
    const waiter: Waiter = {
      state: "queued",
      admit: () => {
        hold(res);
        // On a stack of its own, not inside the response whose head freed the place.
        setImmediate(() => closed || proceed());
      },
    };
    res.once("close", () => {
      closed = true;
      // Still queued: skipped when its turn comes. Admitted: its own release runs.
      if (waiter.state !== "queued") return;
      waiter.state = "gone";
      waiter.admit = null;
      waiting -= 1;
    });
    queue.push(waiter);
    waiting += 1;
  };
}

/** Calls `listener` once, just before the response's head is written (as the `on-headers` package does). */
function onHeadersWritten(res: Response, listener: () => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    res.writeHead = writeHead;
    listener();
    return writeHead.apply(this, args);
  } as Response["writeHead"];
}
