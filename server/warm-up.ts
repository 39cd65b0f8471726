/**
 * Before the server listens, the statements of the requests that must be quick from the
 * first one on (phones logging sets: the session lookup and the set-logging path) run a
 * few times, read-only (decision 0110). After a restart the first sets otherwise paid for
 * everything used first, with 20 phones queued behind PGlite's one connection: PostgreSQL
 * opening and caching the tables and indexes they read, and the JIT of PGlite's
 * WebAssembly and of our JavaScript.
 */
import { lookUpNoSession } from "~/auth/session.server";
import { getLogger } from "~/lib/logger.server";
import { rehearseSetLogging } from "~/modules/workouts/set-logging-warm-up.server";

/** Measured: more rounds than this took longer to start and left the first sets no quicker. */
const ROUNDS = 5;

export async function warmUpHotPaths(): Promise<void> {
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    await lookUpNoSession();
    await rehearseSetLogging();
  }
  getLogger().info({ rounds: ROUNDS, ms: Math.round(performance.now() - started) }, "hot paths warmed up");
}
