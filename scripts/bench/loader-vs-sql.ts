/** The bench's in-process timing: medians of repeated runs, and a loader against the SQL it sends. */
import { getDb } from "~/db/client.server";

/** Median of `iterations` timed runs after `warmup` untimed ones. */
export async function medianMs(run: () => Promise<unknown>, iterations = 30, warmup = 3): Promise<number> {
  for (let i = 0; i < warmup; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Untimed runs of a loader and of its statements before they are timed: this many, or as many as fit in WARM_MS. */
const WARM_RUNS = 100;
const WARM_MS = 4_000;

export type Query = (...args: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

/** Runs `run` with the driver's query calls recorded (their arguments, as the driver got them). */
export async function recordStatements(run: () => Promise<unknown>) {
  const client = (getDb() as unknown as { $client: { query: Query } }).$client;
  const query = client.query;
  const recorded: unknown[][] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    recorded.push(args);
    return query.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = query;
  }
  return { client, query, recorded };
}

/**
 * The loader's cost against the database's: the statements the loader sends are
 * recorded once at the driver (text and parameters), then replayed straight through
 * the driver, all at once, results unused. The difference is our code and the ORM.
 */
export async function loaderVsSql(name: string, loader: () => Promise<unknown>) {
  const { client, query, recorded } = await recordStatements(loader);
  const replay = () => Promise.all(recorded.map((args) => query.apply(client, args)));
  // Both run warm, as a server runs them: a few runs leave the ORM's query building to V8's
  // first tiers, which made a loader look up to 1.4 times dearer than it is after a minute
  // of traffic (session 34 measured the dashboard's 2.85 × after 3 runs, 2.1 × after 100).
  const warmUntil = performance.now() + WARM_MS;
  for (let i = 0; i < WARM_RUNS && performance.now() < warmUntil; i++) {
    await replay();
    await loader();
  }
  // Alternate, so that a busy moment of the machine hits both alike.
  let loaderMs = 0;
  let sqlMs = 0;
  for (let round = 0; round < 3; round++) {
    sqlMs += await medianMs(replay, 10, 1);
    loaderMs += await medianMs(loader, 10, 1);
  }
  return { name, loaderMs: loaderMs / 3, sqlMs: sqlMs / 3, statements: recorded.length };
}
