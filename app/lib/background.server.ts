import { getLogger } from "./logger.server";

/**
 * Work that goes on after its request was answered (the coach's e-mail, the retry job).
 * Shutdown waits for it before closing the database: a query on a closed pool would
 * otherwise reject with nobody listening and end the process with exit code 1.
 */
const pending = new Set<Promise<void>>();

export function runInBackground(work: Promise<unknown>, what: string): void {
  const tracked = work.then(
    () => undefined,
    // Logged, never thrown: no one is waiting for this answer.
    (error: unknown) => getLogger().error({ err: error instanceof Error ? error.message : String(error) }, `${what} failed`),
  );
  pending.add(tracked);
  void tracked.finally(() => pending.delete(tracked));
}

/** Resolves once no background work is left (work started meanwhile included). */
export async function settleBackground(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
