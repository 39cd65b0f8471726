/**
 * The workout screen's queue (decision 0093): every set the member logs (and a finish
 * made while sets wait or without a connection) is written to IndexedDB first and shown
 * at once, then sent to POST /members/workouts/:id/sync in the order logged, each set with
 * its idempotency key, so a set is stored once however often it is sent. A workout started
 * offline queues its start first (decision 0112): nothing else of that workout is sent
 * before the server has answered it ok, and a refused start refuses them with its message.
 * One sender at a time across tabs (Web Locks). Signing out deletes the database
 * (forgetMemberData).
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { QUEUE_DB, SEND_LOCK } from "~/lib/offline-contract";

export interface QueuedLog {
  /** The idempotency key (a UUID made here). */
  key: string;
  /** Whose log it is: only that account's logs are sent or shown. */
  account: string;
  workoutId: string;
  kind: "start" | "set" | "finish";
  /** The set's exercise in the workout, its name and row number (for the screen); null for a finish. */
  workoutExerciseId: string | null;
  label: string;
  /** The set's numbers as typed (the form's fields); a start's day and snapshot. */
  fields: Record<string, string>;
  state: "waiting" | "sent" | "refused";
  /** The server's message when it refused the log. */
  error: string | null;
  at: number;
}

interface QueueSchema extends DBSchema {
  logs: { key: string; value: QueuedLog; indexes: { workout: string } };
}

let opened: Promise<IDBPDatabase<QueueSchema>> | null = null;

/** One connection per page, closed as soon as signing out asks to delete the database. */
function database(): Promise<IDBPDatabase<QueueSchema>> {
  opened ??= openDB<QueueSchema>(QUEUE_DB, 1, {
    upgrade(db) {
      db.createObjectStore("logs", { keyPath: "key" }).createIndex("workout", "workoutId");
    },
    blocking() {
      void opened?.then((db) => db.close());
      opened = null;
    },
    terminated() {
      opened = null;
    },
  });
  return opened;
}

/** The account's logs of a workout, oldest first. */
export async function queuedLogs(workoutId: string, account: string): Promise<QueuedLog[]> {
  const all = await (await database()).getAllFromIndex("logs", "workout", workoutId);
  return all.filter((log) => log.account === account).sort((a, b) => a.at - b.at);
}

/** The start's key: one per workout, however often its page is opened. */
export const startKeyOf = (workoutId: string) => `start-${workoutId}`;

/** The workout whose start waits to be sent for this day (the dashboard's 'Start workout' goes back to it), or null. */
export async function queuedStartOf(dayId: string, account: string): Promise<string | null> {
  const all = await (await database()).getAll("logs");
  return all.find((log) => log.kind === "start" && log.state === "waiting" && log.account === account && log.fields.dayId === dayId)?.workoutId ?? null;
}

export async function enqueue(log: QueuedLog): Promise<void> {
  await (await database()).put("logs", log);
}

export async function dropLogs(keys: readonly string[]): Promise<void> {
  const tx = (await database()).transaction("logs", "readwrite");
  await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
}

async function settle(log: QueuedLog, state: QueuedLog["state"], error: string | null): Promise<void> {
  await (await database()).put("logs", { ...log, state, error });
}

/** The queue's door's intent for each kind of log. */
const INTENTS = { start: "start-workout", set: "log-set", finish: "finish-workout" } as const;

/**
 * Sends the account's waiting logs of a workout, in order; stops at the first that cannot
 * be answered (no connection, signed out, a server failure) and leaves it waiting. A
 * refusal is kept with the server's message. A queued start goes first: until it is
 * answered ok nothing else is sent, and once refused every other log is refused with its
 * message. Returns how many were answered.
 */
export async function sendWaiting(workoutId: string, account: string): Promise<number> {
  const run = async () => {
    let answered = 0;
    const logs = await queuedLogs(workoutId, account);
    let start = logs.find((log) => log.kind === "start") ?? null;
    for (const log of start ? [start, ...logs.filter((l) => l !== start)] : logs) {
      if (log.state !== "waiting") continue;
      if (start && log !== start && start.state !== "sent") {
        if (start.state !== "refused") break;
        await settle(log, "refused", start.error);
        answered += 1;
        continue;
      }
      const body = new URLSearchParams({ ...log.fields, intent: INTENTS[log.kind], ...(log.kind === "set" ? { workoutExerciseId: log.workoutExerciseId ?? "", clientKey: log.key } : {}) });
      let response: Response;
      try {
        response = await fetch(`/members/workouts/${encodeURIComponent(workoutId)}/sync`, { method: "POST", body, credentials: "same-origin" });
      } catch {
        break;
      }
      if (response.status === 401 || response.status >= 500) break;
      const answer = (await response.json().catch(() => null)) as { error?: string | null; fieldErrors?: Record<string, string> } | null;
      const error = response.ok ? null : answer?.error || Object.values(answer?.fieldErrors ?? {}).join(". ") || `Refused (${response.status})`;
      await settle(log, response.ok ? "sent" : "refused", error);
      if (log === start) start = { ...start, state: response.ok ? "sent" : "refused", error };
      answered += 1;
    }
    return answered;
  };
  return typeof navigator !== "undefined" && navigator.locks ? navigator.locks.request(SEND_LOCK, run) : run();
}
