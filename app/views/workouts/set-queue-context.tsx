import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import type { WorkoutScreen } from "~/modules/workouts/workout-screen.server";
import type { QueuedLog } from "./set-queue";

// IndexedDB and the sender load after the page: the screen's first JavaScript stays small.
const store = () => import("./set-queue");

interface SetQueueApi {
  /** The member's queued sets of an exercise the screen does not show as stored yet, oldest first. */
  pendingOf: (workoutExerciseId: string) => QueuedLog[];
  /** Sets (and a finish) still to send; a finish waiting. */
  waiting: number;
  finishWaiting: boolean;
  sent: number;
  refused: QueuedLog[];
  logSet: (workoutExerciseId: string, label: string, fields: Record<string, string>) => void;
  finish: () => void;
  dismiss: (key: string) => void;
}

const SetQueueContext = createContext<SetQueueApi | null>(null);

export function useSetQueue(): SetQueueApi {
  const api = useContext(SetQueueContext);
  if (!api) throw new Error("useSetQueue outside SetQueueProvider");
  return api;
}

/**
 * The queue of one workout's screen (decision 0093): a logged set shows at once and is sent
 * in the background; sent when the page opens, when the connection returns and after each
 * log. What the server answered shows on the screen: waiting, sent, or refused with its
 * message. Once the screen's data holds a sent set (by its key) the queued copy stops
 * showing; once the workout is finished, its queue is dropped.
 */
/** The first wait before sending again what the connection did not take, doubled each time up to the last. */
const RETRY_FIRST_MS = 1000;
const RETRY_LAST_MS = 30_000;

export function SetQueueProvider({ screen, children }: { screen: WorkoutScreen; children: ReactNode }) {
  const account = useRouteLoaderData<typeof rootLoader>("root")?.user?.id ?? "";
  const workoutId = screen.id;
  const [logs, setLogs] = useState<QueuedLog[]>([]);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const sending = useRef(false);
  const sendAgain = useRef(false);
  const retry = useRef<{ timer: ReturnType<typeof setTimeout> | undefined; delayMs: number }>({ timer: undefined, delayMs: RETRY_FIRST_MS });

  const read = useCallback(async () => {
    const queued = await (await store()).queuedLogs(workoutId, account);
    setLogs(queued);
    return queued;
  }, [workoutId, account]);

  const flush = useCallback(async () => {
    if (!account) return;
    // A call while sending (the connection back while the last try was failing) sends again after it.
    if (sending.current) {
      sendAgain.current = true;
      return;
    }
    sending.current = true;
    clearTimeout(retry.current.timer);
    let waitingLeft = false;
    try {
      do {
        sendAgain.current = false;
        let answered = 0;
        const { sendWaiting } = await store();
        for (let round = await sendWaiting(workoutId, account); round > 0; round = await sendWaiting(workoutId, account)) answered += round;
        waitingLeft = (await read()).some((log) => log.state === "waiting");
        if (answered > 0) {
          retry.current.delayMs = RETRY_FIRST_MS;
          await revalidate.current();
        }
      } while (sendAgain.current);
    } finally {
      sending.current = false;
    }
    // Still waiting while the phone says it is online (a gym's Wi-Fi up before its line, a
    // server restarting): tried again after 1 s, 2 s, 4 s … at most every 30 s.
    if (waitingLeft && navigator.onLine) {
      retry.current.timer = setTimeout(() => void flush(), retry.current.delayMs);
      retry.current.delayMs = Math.min(RETRY_LAST_MS, retry.current.delayMs * 2);
    }
  }, [workoutId, account, read]);

  useEffect(() => {
    void read().then(flush);
    const online = () => void flush();
    window.addEventListener("online", online);
    const pending = retry.current;
    return () => {
      window.removeEventListener("online", online);
      clearTimeout(pending.timer);
    };
  }, [read, flush]);

  // A finished workout keeps nothing queued.
  const finished = screen.finished;
  useEffect(() => {
    if (finished && logs.length) void store().then(({ dropLogs }) => dropLogs(logs.map((l) => l.key)).then(read));
  }, [finished, logs, read]);

  const add = useCallback(
    (log: Omit<QueuedLog, "key" | "account" | "workoutId" | "state" | "error" | "at">) => {
      const full: QueuedLog = { ...log, key: crypto.randomUUID(), account, workoutId, state: "waiting", error: null, at: Date.now() };
      setLogs((current) => [...current, full]);
      void store().then(({ enqueue }) => enqueue(full).then(flush));
    },
    [account, workoutId, flush],
  );

  const stored = useMemo(() => new Set(screen.exercises.flatMap((e) => e.rows.flatMap((r) => (r.logged?.clientKey ? [r.logged.clientKey] : [])))), [screen]);

  const api = useMemo<SetQueueApi>(() => {
    const shown = logs.filter((l) => l.kind === "set" && l.state !== "refused" && !stored.has(l.key));
    return {
      pendingOf: (id) => shown.filter((l) => l.workoutExerciseId === id),
      waiting: logs.filter((l) => l.state === "waiting").length,
      finishWaiting: logs.some((l) => l.kind === "finish" && l.state === "waiting"),
      sent: logs.filter((l) => l.state === "sent").length,
      refused: logs.filter((l) => l.state === "refused"),
      logSet: (workoutExerciseId, label, fields) => add({ kind: "set", workoutExerciseId, label, fields }),
      finish: () => add({ kind: "finish", workoutExerciseId: null, label: "Finish workout", fields: {} }),
      dismiss: (key) => void store().then(({ dropLogs }) => dropLogs([key]).then(read)),
    };
  }, [logs, stored, add, read]);

  return <SetQueueContext.Provider value={api}>{children}</SetQueueContext.Provider>;
}
