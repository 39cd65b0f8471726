/**
 * Phones logging sets at the same moment: each of `connections` clients keeps its own
 * connection open (as a phone's browser does) and sends its next set as soon as the last
 * one is answered. The connections are opened before any set is timed (a GET /healthz
 * each): opened inside the timed run (autocannon does), the last of 20 new connections
 * were taken by the busy server 0.5-0.8 s after the others, and their first sets counted
 * that wait, on a warm server as much as on a freshly started one (decision 0110).
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { send, type RequestSpec } from "../reliability/load";

export interface SetTimes {
  sets: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

export interface SetLoggers {
  /** Sends `amount` sets, `next(n)` the n-th of this process's sets, over the open connections; throws at the first failed one. */
  log(amount: number): Promise<SetTimes>;
  close(): void;
}

/** Nearest-rank percentile of sorted milliseconds, rounded as autocannon reports them. */
const percentile = (sorted: readonly number[], p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

export async function openSetLoggers(port: number, connections: number, next: (n: number) => RequestSpec): Promise<SetLoggers> {
  const agents = Array.from({ length: connections }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  for (const outcome of await Promise.all(agents.map((agent) => send(agent, port, { method: "GET", path: "/healthz" })))) {
    if (outcome.status !== 200) throw new Error(`Opening a connection: /healthz answered ${outcome.error ?? outcome.status}`);
  }
  let sent = 0;
  return {
    async log(amount) {
      const times: number[] = [];
      let left = amount;
      const started = performance.now();
      await Promise.all(
        agents.map(async (agent) => {
          while (left > 0) {
            left -= 1;
            const spec = next(sent++);
            const outcome = await send(agent, port, spec);
            if (outcome.status !== 200 || !outcome.reused) throw new Error(`Logging a set: ${outcome.error ?? outcome.status}${outcome.reused ? "" : " (on a new connection)"}`);
            times.push(performance.now() - outcome.sentAt);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      times.sort((a, b) => a - b);
      return { sets: times.length, perSecond: times.length / seconds, p50: percentile(times, 50), p99: percentile(times, 99), max: percentile(times, 100) };
    },
    close: () => agents.forEach((agent) => agent.destroy()),
  };
}
