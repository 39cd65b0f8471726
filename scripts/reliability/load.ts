/**
 * A small HTTP load for the shutdown check: each client has its own keep-alive
 * connection (as a browser tab does) and records, per request, when it was sent and
 * how it ended, so requests sent before a signal can be told from those after it.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";

export interface Outcome {
  /** performance.now() when the request was handed to the socket layer. */
  sentAt: number;
  method: string;
  path: string;
  status?: number;
  /** A network error code (ECONNREFUSED, ECONNRESET, …), or "cut" for a body that ended early. */
  error?: string;
  /** Sent on a connection kept alive from an earlier request. */
  reused: boolean;
  /** Tag of a write, to look it up in the database. */
  tag?: string;
}

export interface RequestSpec {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  tag?: string;
  /** Aborts the request (`npm run load`'s timeout): it ends with the error ABORT_ERR. */
  signal?: AbortSignal;
}

export function send(agent: http.Agent, port: number, spec: RequestSpec): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { sentAt: performance.now(), method: spec.method, path: spec.path, reused: false, tag: spec.tag };
    let done = false;
    const finish = (extra: Partial<Outcome>) => {
      if (done) return;
      done = true;
      resolve({ ...outcome, ...extra });
    };
    // The Host the server's BASE_URL names: React Router refuses a POST whose Origin differs from it.
    const headers = { host: `localhost:${port}`, ...spec.headers, ...(spec.body === undefined ? {} : { "content-length": String(Buffer.byteLength(spec.body)) }) };
    const req = http.request({ host: "127.0.0.1", port, method: spec.method, path: spec.path, agent, headers, signal: spec.signal }, (res) => {
      res.resume();
      res.on("end", () => finish({ status: res.statusCode, reused: req.reusedSocket }));
      res.on("aborted", () => finish({ status: res.statusCode, error: "cut", reused: req.reusedSocket }));
      res.on("error", () => finish({ status: res.statusCode, error: "cut", reused: req.reusedSocket }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => finish({ error: error.code ?? error.message, reused: req.reusedSocket }));
    req.end(spec.body);
  });
}

export interface LoadRun {
  outcomes: Outcome[];
  /** Ask the clients to stop after their current request; resolves when they all have. */
  stop(): Promise<void>;
  /** Resolves once at least n requests have ended. */
  reached(n: number): Promise<void>;
}

/**
 * `clients` loops, each on its own keep-alive agent, sending next(i) until stopped. A
 * client also stops after its first network error, as a browser would show an error page.
 */
export function runLoad(port: number, clients: number, next: (n: number) => RequestSpec): LoadRun {
  const outcomes: Outcome[] = [];
  let stopped = false;
  let count = 0;
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const loops = Array.from({ length: clients }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (!stopped) {
        const outcome = await send(agent, port, next(count++));
        outcomes.push(outcome);
        for (const waiter of waiters.filter((w) => outcomes.length >= w.n)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
        if (outcome.error) break;
      }
    } finally {
      agent.destroy();
    }
  });
  return {
    outcomes,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
    reached: (n) => (outcomes.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
  };
}
