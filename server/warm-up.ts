/**
 * Before the server listens, the statements of the requests that must be quick from the
 * first one on (phones logging sets: the session lookup and the set-logging path) run
 * once, read-only (decision 0110). After a restart the first sets otherwise paid for
 * everything used first, with 20 phones queued behind PGlite's one connection: PostgreSQL
 * opening and caching the tables and indexes they read, and V8 compiling PGlite's
 * WebAssembly and our JavaScript as each part was first run.
 */
import { lookUpNoSession } from "~/auth/session.server";
import { getLogger } from "~/lib/logger.server";
import { rehearseSetLogging } from "~/modules/workouts/set-logging-warm-up.server";

export async function warmUpHotPaths(): Promise<void> {
  const started = performance.now();
  // Once: one round removed most of the first sets' extra cost; more rounds (5, 20) made the start longer, not them quicker.
  await lookUpNoSession();
  await rehearseSetLogging();
  getLogger().info({ ms: Math.round(performance.now() - started) }, "hot paths warmed up");
}
