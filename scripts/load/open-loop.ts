/**
 * The open loop of `npm run load` (decision 0150): requests start on a fixed schedule
 * whatever the answers' latency, as a gym's phones do, and each latency counts from the
 * request's scheduled start, so time spent queued (in the server, or waiting for a free
 * connection here) is counted. Connections are kept alive and grow when all are busy (an
 * http.Agent per server process, up to MAX_SOCKETS); a request unanswered TIMEOUT_MS after
 * its scheduled start is aborted and counted as a timeout.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { send, type RequestSpec } from "../reliability/load";

export const TIMEOUT_MS = 10_000;
const MAX_SOCKETS = 256;

/** The scheduled starts, in ms from the step's start: one every 1000/rate ms. */
export function schedule(rate: number, seconds: number): number[] {
  const count = Math.round(rate * seconds);
  return Array.from({ length: count }, (_, i) => (i * 1000) / rate);
}

/** Nearest-rank percentile of ascending values (0 for none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Picks kinds in proportion to their shares, spread evenly (the kind furthest behind its
 * share goes next): after n picks each kind has within one of share × n.
 */
export function mixPicker<K extends string>(shares: Readonly<Record<K, number>>): () => K {
  const kinds = (Object.keys(shares) as K[]).filter((k) => shares[k] > 0);
  const total = kinds.reduce((sum, k) => sum + shares[k], 0);
  const picked = new Map<K, number>(kinds.map((k) => [k, 0]));
  let n = 0;
  return () => {
    n += 1;
    let best = kinds[0]!;
    let bestBehind = -Infinity;
    for (const k of kinds) {
      const behind = (shares[k] / total) * n - picked.get(k)!;
      if (behind > bestBehind) {
        best = k;
        bestBehind = behind;
      }
    }
    picked.set(best, picked.get(best)! + 1);
    return best;
  };
}

/** One server process the generator sends to (several: the generator spreads its requests over them as an L4 balancer would, decision 0151). */
export interface Target {
  port: number;
  agent: http.Agent;
}

export function newTarget(port: number): Target {
  return { port, agent: new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, maxFreeSockets: MAX_SOCKETS }) };
}

export interface Planned {
  kind: string;
  spec: RequestSpec;
  /** Statuses this kind must answer; anything else is unexpected. */
  expect: readonly number[];
}

export interface Sample {
  kind: string;
  /** From the scheduled start to the answer's end (or to the timeout). */
  ms: number;
  status?: number;
  error?: string;
  timedOut: boolean;
  ok: boolean;
}

export interface StepRun {
  samples: Sample[];
  /** Requests started per second over the step (the schedule, if the generator kept up). */
  sentPerSecond: number;
  /** How late the generator started requests behind their schedule: p99 and the worst, ms. */
  lag: { p99: number; max: number };
}

/**
 * Runs `rate` requests a second for `seconds`: request i, `plan(i)`, starts at
 * i × 1000/rate ms, on target i mod targets (round robin), whatever the earlier ones'
 * answers. Resolves once every request has ended (answered, failed or timed out).
 */
export async function runOpenLoop(options: { rate: number; seconds: number; targets: Target[]; plan: (i: number) => Planned; extra?: (startedAt: number) => Promise<Sample[]> }): Promise<StepRun> {
  const starts = schedule(options.rate, options.seconds);
  const t0 = performance.now() + 20;
  const pending: Promise<Sample>[] = [];
  const lags: number[] = [];
  const extra = options.extra?.(t0) ?? Promise.resolve([]);
  for (let i = 0; i < starts.length; i++) {
    const due = t0 + starts[i]!;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    lags.push(Math.max(0, performance.now() - due));
    pending.push(fire(options.targets[i % options.targets.length]!, options.plan(i), due));
  }
  const sentSeconds = (performance.now() - t0) / 1000;
  const samples = [...(await Promise.all(pending)), ...(await extra)];
  lags.sort((a, b) => a - b);
  return { samples, sentPerSecond: starts.length / Math.max(sentSeconds, options.seconds), lag: { p99: percentile(lags, 99), max: lags.at(-1) ?? 0 } };
}

/** Sends one planned request (due at `due`, a performance.now() time) and measures it from `due`. */
export async function fire(target: Target, planned: Planned, due: number): Promise<Sample> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), Math.max(0, due + TIMEOUT_MS - performance.now()));
  try {
    const outcome = await send(target.agent, target.port, { ...planned.spec, signal: abort.signal });
    const timedOut = abort.signal.aborted;
    const ok = !timedOut && !outcome.error && outcome.status !== undefined && planned.expect.includes(outcome.status);
    return { kind: planned.kind, ms: performance.now() - due, status: outcome.status, error: timedOut ? "timeout" : outcome.error, timedOut, ok };
  } finally {
    clearTimeout(timer);
  }
}
