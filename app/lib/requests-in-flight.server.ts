/**
 * How many HTTP requests for pages, actions and uploads this process is answering
 * (server/application.ts counts them; static files and /healthz are not counted). Work in the
 * background on PGlite's one connection yields to them (yieldToRequests): the job worker
 * between two jobs, an assigned copy between its steps (decision 0051).
 */
import type { NextFunction, Request, Response } from "express";

let answering = 0;
/** Called when the last request in flight is answered. */
const idleWaiters = new Set<() => void>();

/**
 * Express middleware: counts the request until its response is finished or abandoned. A
 * request for an event stream (a page following its messages) stays open as long as the
 * page: it is not counted, or background work would always wait.
 */
export function countRequestsInFlight(req: Request, res: Response, next: NextFunction): void {
  // A client gone before its request got here (held through the start): its 'close' has fired already.
  if (isEventStream(req) || req.socket.destroyed) return next();
  answering += 1;
  res.once("close", () => {
    answering -= 1;
    if (answering === 0) for (const wake of [...idleWaiters]) wake();
  });
  next();
}

/** A page's request for its event stream (EventSource asks with this Accept header alone). */
export function isEventStream(req: Request): boolean {
  return req.headers.accept === "text/event-stream";
}

export function requestsInFlight(): number {
  return answering;
}

/** Resolves once no request is in flight (at once if none is), or after `atMostMs` if some still are. */
export function noRequestInFlight(atMostMs: number): Promise<void> {
  if (answering === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      idleWaiters.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, atMostMs);
    idleWaiters.add(wake);
  });
}

/**
 * Lets the requests in flight be answered before more background work on PGlite: PGlite
 * answers within the same turn of the event loop, so work that only awaits it never lets
 * the server even read a request that arrived meanwhile. Lets the event loop turn, then
 * waits until no request is in flight, at most `atMostMs` (under a load that never
 * pauses the work still moves).
 */
export async function yieldToRequests(atMostMs: number): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await noRequestInFlight(atMostMs);
}
