/**
 * Runs the jobs of the store (jobs.server.ts): `runDueJobs` once, with any clock (tests
 * move it), and the worker loop the server starts at boot and stops on shutdown.
 */
import { getDatabase, getDb, type Database, type Db } from "~/db/client.server";
import { getLogger } from "./logger.server";
import { yieldToRequests } from "./requests-in-flight.server";
import { claimNextJob, enqueueJob, finishJob, JOBS_CHANNEL, nextDueAt, type AnyJobDefinition, type ClaimedJob, type JobDefinition, type JobEnd } from "./jobs.server";

export interface JobOutcome {
  id: string;
  kind: string;
  attempt: number;
  status: JobEnd["status"];
}

export interface JobWorker {
  /** Stops claiming; resolves once the job under way (if any) has finished. */
  stop(): Promise<void>;
}

export interface JobRunner {
  /** Runs every job due at `now` (default: the current time), one after another, and returns what became of each. */
  runDueJobs(options?: { now?: Date; db?: Db }): Promise<JobOutcome[]>;
  /**
   * Runs due jobs now, then again whenever a job is enqueued (a notice on JOBS_CHANNEL) or
   * the next one falls due, and at the latest every `idleMs` (default: a minute, for a
   * notice lost while the listening connection was down), until stopped.
   */
  startWorker(options?: { database?: Database; idleMs?: number }): JobWorker;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The longest the worker waits between two jobs for the requests in flight on PGlite, when they never pause. */
const MOST_WAIT_BETWEEN_JOBS_MS = 250;

/** The smallest wait before a retry: a retry is never due at the moment it failed, so a run always ends. */
const MIN_RETRY_MS = 1_000;

/** The longest the worker sleeps without a notice: what a notice lost on a dropped connection may wait. */
const IDLE_MS = 60_000;

/** The shortest sleep between two looks on the worker's own clock (a job due now was just looked for). */
const MIN_SLEEP_MS = 1_000;

async function execute(definition: JobDefinition<unknown>, claimed: ClaimedJob, now: Date): Promise<JobEnd> {
  if (claimed.staleAt && claimed.staleAt <= now) return { status: "skipped", error: `Too late: it had to start by ${claimed.staleAt.toISOString()}` };
  // Past the last attempt: a claim whose process stopped while running it (its lease ended).
  if (claimed.attempts > definition.maxAttempts) return { status: "failed", error: claimed.lastError ?? "Its process stopped while running it" };
  const payload = definition.payload.safeParse(claimed.payload);
  // Written by an older version in another shape: no retry can help.
  if (!payload.success) return { status: "failed", error: `Invalid payload: ${payload.error.message}` };
  try {
    await definition.run(payload.data, { id: claimed.id, attempt: claimed.attempts, now });
    return { status: "done" };
  } catch (error) {
    if (claimed.attempts >= definition.maxAttempts) return { status: "failed", error: message(error) };
    const wait = Math.max(MIN_RETRY_MS, definition.retryDelayMs(claimed.attempts));
    return { status: "pending", retryAt: new Date(now.getTime() + wait), error: message(error) };
  }
}

function logOutcome(claimed: ClaimedJob, end: JobEnd, kept: boolean): void {
  const fields = { jobId: claimed.id, kind: claimed.kind, attempt: claimed.attempts };
  const logger = getLogger();
  if (!kept) logger.warn(fields, "a job's lease ended while it ran; another process took it over and its outcome stands");
  else if (end.status === "pending") logger.warn({ ...fields, err: end.error, retryAt: end.retryAt.toISOString() }, "a job failed; it will be retried");
  else if (end.status === "failed") logger.error({ ...fields, err: end.error }, "a job failed for good");
  else if (end.status === "skipped") logger.info({ ...fields, reason: end.error }, "a job was skipped");
}

/** The runner of these kinds (app/jobs.server.ts makes the application's one). */
export function createJobRunner(definitions: readonly AnyJobDefinition[]): JobRunner {
  const byKind = new Map<string, JobDefinition<unknown>>();
  for (const definition of definitions as readonly JobDefinition<unknown>[]) {
    if (byKind.has(definition.kind)) throw new Error(`Two job kinds are named ${definition.kind}`);
    byKind.set(definition.kind, definition);
  }
  const leases = Object.fromEntries([...byKind].map(([kind, d]) => [kind, d.leaseMs]));
  const recurring = [...byKind.values()].filter((d) => d.repeat);

  /**
   * Keeps each recurring kind's next run enqueued. Every process does it; the key (kind
   * and time) makes the row one. Only the next run is ever enqueued, so a server down
   * for days runs an overdue job once, not once per missed period. `ensured` spares the
   * worker the insert until the next run changes.
   */
  async function scheduleRecurring(db: Db, now: Date, ensured?: Map<string, string>): Promise<void> {
    for (const definition of recurring) {
      const runAt = await definition.repeat!.next(now);
      const key = `${definition.kind}@${runAt.toISOString()}`;
      if (ensured?.get(definition.kind) === key) continue;
      await enqueueJob(db, definition, {}, { runAt, key });
      ensured?.set(definition.kind, key);
    }
  }

  /** Claims, runs and ends one due job; null when none is due. */
  async function runNext(db: Db, clock: () => Date): Promise<JobOutcome | null> {
    const claimed = await claimNextJob(db, leases, clock());
    if (!claimed) return null;
    const end = await execute(byKind.get(claimed.kind)!, claimed, clock());
    const kept = await finishJob(db, claimed, end, clock());
    logOutcome(claimed, end, kept);
    return { id: claimed.id, kind: claimed.kind, attempt: claimed.attempts, status: end.status };
  }

  return {
    async runDueJobs({ now, db = getDb() } = {}) {
      const clock = now ? () => now : () => new Date();
      await scheduleRecurring(db, clock());
      const outcomes: JobOutcome[] = [];
      for (let next = await runNext(db, clock); next; next = await runNext(db, clock)) outcomes.push(next);
      return outcomes;
    },

    startWorker({ database = getDatabase(), idleMs = IDLE_MS } = {}) {
      const db = database.db;
      const kinds = [...byKind.keys()];
      let stopping = false;
      let timer: NodeJS.Timeout | undefined;
      let current: Promise<void> = Promise.resolve();
      // A look is under way; a notice meanwhile asks for another when it ends.
      let looking = false;
      let noticed = false;
      const ensured = new Map<string, string>();
      const clock = () => new Date();
      /** Runs what is due; resolves with how long to sleep before the next look. */
      const drain = async (): Promise<number> => {
        try {
          await scheduleRecurring(db, clock(), ensured);
          // One job at a time, checking for a stop between jobs: a stop waits for the job under way only.
          // On PGlite's one connection the requests in flight are answered between two jobs.
          while (!stopping && (await runNext(db, clock))) if (database.kind !== "postgres") await yieldToRequests(MOST_WAIT_BETWEEN_JOBS_MS);
          const due = await nextDueAt(db, kinds);
          return Math.min(idleMs, Math.max(MIN_SLEEP_MS, due ? due.getTime() - Date.now() : idleMs));
        } catch (error) {
          // The database may be restarting: look again shortly.
          getLogger().error({ err: message(error) }, "the job worker could not claim or end a job");
          return MIN_SLEEP_MS;
        }
      };
      const look = () => {
        looking = true;
        noticed = false;
        clearTimeout(timer);
        current = drain().then((sleep) => {
          looking = false;
          if (stopping) return;
          if (noticed) return look();
          timer = setTimeout(look, sleep);
          // Waiting jobs never keep the process alive on their own.
          timer.unref();
        });
      };
      const onNotice = () => {
        if (stopping) return;
        if (looking) noticed = true;
        else look();
      };
      // Once listening, one more look: for a job enqueued before then (its notice went unheard).
      // If it cannot listen, the looks on the clock still run every job.
      const listening = database.listen(JOBS_CHANNEL, onNotice).then(
        (unlisten) => {
          onNotice();
          return unlisten;
        },
        (error: unknown) => {
          getLogger().error({ err: message(error) }, "the job worker could not listen for new jobs; it looks for them every minute");
          return async () => {};
        },
      );
      look();
      return {
        async stop() {
          stopping = true;
          clearTimeout(timer);
          await (await listening)();
          await current;
        },
      };
    },
  };
}
