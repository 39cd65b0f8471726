/**
 * The workout screen's queue (decision 0093) as its script holds it: a logged set shows at
 * once and is sent in the background; sent when the page opens, when the connection
 * returns and after each log, and tried again after 1 s, 2 s, 4 s … at most every 30 s
 * while the phone says it is online but the server does not answer (a gym's Wi-Fi up
 * before its line, a server restarting). After answers the screen reads the server's page
 * again (`answered`).
 */
import { dropLogs, enqueue, queuedLogs, sendWaiting, startKeyOf, type QueuedLog } from "../set-queue";

const RETRY_FIRST_MS = 1000;
const RETRY_LAST_MS = 30_000;

export type NewLog = Pick<QueuedLog, "kind" | "workoutExerciseId" | "label" | "fields">;

export class ScreenQueue {
  logs: QueuedLog[] = [];
  private sending = false;
  private sendAgain = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryMs = RETRY_FIRST_MS;

  constructor(
    private readonly workoutId: string,
    private readonly account: string,
    /** The logs changed: show them. */
    private readonly changed: () => void,
    /** The server answered some: read its page again. */
    private readonly answered: () => Promise<void>,
  ) {}

  get waiting(): number {
    return this.logs.filter((l) => l.state === "waiting").length;
  }

  get finishWaiting(): boolean {
    return this.logs.some((l) => l.kind === "finish" && l.state === "waiting");
  }

  /** The start's answer: null while none is queued, else its state. */
  get start(): QueuedLog | null {
    return this.logs.find((l) => l.kind === "start") ?? null;
  }

  async read(): Promise<void> {
    this.logs = await queuedLogs(this.workoutId, this.account);
    this.changed();
  }

  /** The workout's start (decision 0112), queued once whatever how often its page opens: its key is the workout's. */
  addStart(fields: Record<string, string>): void {
    if (this.start) return;
    this.add({ kind: "start", workoutExerciseId: null, label: "Start of the workout", fields }, startKeyOf(this.workoutId));
  }

  add(log: NewLog, key: string = crypto.randomUUID()): void {
    const full: QueuedLog = { ...log, key, account: this.account, workoutId: this.workoutId, state: "waiting", error: null, at: Date.now() };
    this.logs = [...this.logs, full];
    this.changed();
    void enqueue(full).then(() => this.flush());
  }

  async drop(keys: readonly string[]): Promise<void> {
    await dropLogs(keys);
    await this.read();
  }

  async flush(): Promise<void> {
    if (!this.account) return;
    // A call while sending (the connection back while the last try was failing) sends again after it.
    if (this.sending) {
      this.sendAgain = true;
      return;
    }
    this.sending = true;
    clearTimeout(this.retryTimer);
    try {
      do {
        this.sendAgain = false;
        let answers = 0;
        for (let round = await sendWaiting(this.workoutId, this.account); round > 0; round = await sendWaiting(this.workoutId, this.account)) answers += round;
        await this.read();
        if (answers > 0) {
          this.retryMs = RETRY_FIRST_MS;
          await this.answered();
        }
      } while (this.sendAgain);
    } finally {
      this.sending = false;
    }
    if (this.waiting > 0 && navigator.onLine) {
      this.retryTimer = setTimeout(() => void this.flush(), this.retryMs);
      this.retryMs = Math.min(RETRY_LAST_MS, this.retryMs * 2);
    }
  }
}
