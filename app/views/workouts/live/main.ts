/**
 * The workout screen in the browser (decision 0109): the server renders it with React and
 * this small script runs it, instead of React and its router (106 KB of the 134 the screen
 * loaded). A logged set goes to the queue (shown at once, sent in the background, decision
 * 0093), the rest timer starts and the focus moves on to the next set; every other form
 * posts as it is, which needs the connection for a moment: offline, the screen says so.
 */
import { buttonClass } from "~/components/ui/button-class";
import type { WeightUnit } from "~/lib/units";
import { checkSet } from "~/modules/workouts/set-rules";
import { keepForOffline, registerMemberApp } from "~/views/members/offline-app";
import { el, setBusy } from "./dom";
import { ScreenQueue } from "./queue";
import { refreshScreen } from "./refresh";
import { RestTimer } from "./rest-timer";
import { showPending } from "./rows";

const OFFLINE_NOTE = "You're offline: this needs the connection for a moment. Logging sets works offline and they are sent when it returns.";

const START_NOTE = "This needs the workout's start sent first: it is sent when the connection returns. Logging sets and finishing work meanwhile.";

const screen = () => document.querySelector<HTMLElement>("[data-workout]");

function start(first: HTMLElement): void {
  const workoutId = first.dataset.workout ?? "";
  const unit = (first.dataset.unit ?? "lbs") as WeightUnit;
  registerMemberApp();
  keepForOffline(location.pathname + location.search);
  const timer = new RestTimer(workoutId, document.querySelector("[data-rest-announcer]"));
  const queue = new ScreenQueue(workoutId, first.dataset.account ?? "", render, async () => {
    settleAddress();
    await refreshScreen();
    render();
  });

  /** The page of a workout not started yet (decision 0112), until the server has answered its start ok. */
  function startPending(): boolean {
    return Boolean(screen()?.hasAttribute("data-pending-start")) && queue.start?.state !== "sent";
  }

  /** Once its start is answered ok, the page is the workout's own, at its own address (read again from there). */
  function settleAddress(): boolean {
    if (queue.start?.state !== "sent" || !new URLSearchParams(location.search).has("day")) return false;
    history.replaceState(history.state, "", location.pathname);
    return true;
  }

  /** The sets the page does not show as stored yet (the server's rows carry the keys they were sent with). */
  function pending(root: HTMLElement) {
    const stored = new Set([...root.querySelectorAll<HTMLElement>("[data-client-key]")].map((row) => row.dataset.clientKey));
    return queue.logs.filter((log) => log.kind === "set" && log.state !== "refused" && !stored.has(log.key));
  }

  function render(): void {
    const root = screen();
    if (!root) return;
    if (root.hasAttribute("data-finished")) {
      // A finished workout keeps nothing queued.
      if (queue.logs.length) void queue.drop(queue.logs.map((log) => log.key));
      return;
    }
    const shown = pending(root);
    for (const block of root.querySelectorAll<HTMLElement>("[data-exercise]"))
      showPending(
        block,
        shown.filter((log) => log.workoutExerciseId === block.dataset.exercise),
        unit,
      );
    const sent = queue.logs.filter((log) => log.state === "sent").length;
    const status = root.querySelector("[data-queue-status]");
    if (status) status.textContent = queueStatus(sent);
    showRefused(root);
    const finish = root.querySelector<HTMLButtonElement>("#finish-workout");
    if (finish) {
      if (shown.length > 0 && !finish.hasAttribute("aria-busy")) finish.disabled = false;
      if (shown.length > 0) root.querySelector<HTMLElement>("[data-finish-hint]")?.setAttribute("hidden", "");
      setBusy(finish, queue.finishWaiting, "Waiting to send");
    }
  }

  /** What waits and what was sent: a workout started offline sends its start first (decision 0112). */
  function queueStatus(sent: number): string {
    const startWaiting = queue.start?.state === "waiting";
    const others = queue.waiting - (startWaiting ? 1 : 0);
    if (startWaiting) return others ? `Waiting to send (${others}), after the workout's start` : "Waiting to send: the workout's start";
    return others ? `Waiting to send (${others})` : sent ? "Sent" : "";
  }

  /** Refused logs with the server's message, until dismissed; rebuilt only when they change (each is an alert). */
  function showRefused(root: HTMLElement): void {
    const box = root.querySelector<HTMLElement>("[data-queue-refused]");
    const refused = queue.logs.filter((log) => log.state === "refused");
    const keys = refused.map((log) => log.key).join(" ");
    if (!box || box.dataset.keys === keys) return;
    box.dataset.keys = keys;
    box.replaceChildren(
      ...refused.map((log) =>
        el(
          "div",
          { role: "alert", class: "flex flex-wrap items-center gap-2 text-sm font-medium text-brand" },
          el("p", {}, `Not saved: ${log.label}: ${log.error ?? ""}`),
          el("button", { type: "button", class: buttonClass("ghost"), "data-dismiss": log.key }, "Dismiss"),
        ),
      ),
    );
  }

  /** The server's check of a set (set-rules.ts) before the form goes anywhere, with its messages on the row. */
  function checked(form: HTMLFormElement): boolean {
    const measure = form.closest<HTMLElement>("[data-exercise]")?.dataset.measure as Parameters<typeof checkSet>[0];
    const errors = (checkSet(measure, unit, Object.fromEntries(new FormData(form))).problems ?? {}) as Record<string, string>;
    const id = form.dataset.errorId ?? "";
    for (const input of form.querySelectorAll<HTMLInputElement>("input[data-prefill]")) {
      if (errors[input.name]) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", id);
      } else {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      }
    }
    const messages = [...new Set(Object.values(errors))];
    let line: Element | null = document.getElementById(id);
    if (messages.length === 0) {
      line?.remove();
      return true;
    }
    line ??= form.insertAdjacentElement("afterend", el("p", { id, class: "mt-1 text-sm font-medium text-brand" }));
    line?.setAttribute("role", "alert");
    if (line) line.textContent = messages.join(". ");
    return false;
  }

  /** A set from its row into the queue: shown as logged, the rest started, the focus on the next set's button (else Finish). */
  function logSet(form: HTMLFormElement): void {
    timer.prime();
    if (!checked(form)) return;
    const block = form.closest<HTMLElement>("[data-exercise]");
    const row = form.closest("li");
    if (!block || !row) return;
    const fields = Object.fromEntries([...form.querySelectorAll<HTMLInputElement>("input[data-prefill]")].map((input) => [input.name, input.value]));
    queue.add({ kind: "set", workoutExerciseId: block.dataset.exercise ?? null, label: form.getAttribute("aria-label") ?? "", fields });
    timer.start(Number(block.dataset.rest));
    const buttons = [...document.querySelectorAll<HTMLElement>("button[data-log-set]")];
    (buttons.find((b) => row.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) ?? document.getElementById("finish-workout"))?.focus();
  }

  function sayOffline(): void {
    const note = screen()?.querySelector("[data-offline-note]");
    if (note) note.textContent = startPending() ? START_NOTE : OFFLINE_NOTE;
  }

  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (!form.closest("[data-workout]")) return;
    if (form.dataset.setForm === "log") {
      event.preventDefault();
      logSet(form);
    } else if (form.hasAttribute("data-finish") && (startPending() || queue.waiting > 0 || !navigator.onLine)) {
      // The finish waits in the queue behind the start and the sets still to send.
      event.preventDefault();
      if (!queue.finishWaiting) queue.add({ kind: "finish", workoutExerciseId: null, label: "Finish workout", fields: {} });
    } else if (startPending() || !navigator.onLine) {
      // Nothing posts to a workout the server has not started yet, nor without a connection.
      event.preventDefault();
      sayOffline();
    } else if (form.dataset.setForm === "edit" && !checked(form)) {
      event.preventDefault();
    } else if (event.submitter instanceof HTMLButtonElement) {
      setBusy(event.submitter, true);
    }
  });
  document.addEventListener("click", (event) => {
    const target = event.target as Element;
    const dismiss = target.closest<HTMLElement>("[data-dismiss]");
    if (dismiss) void queue.drop([dismiss.dataset.dismiss ?? ""]);
    if (target.closest("a[data-online-only]") && (startPending() || !navigator.onLine)) {
      event.preventDefault();
      sayOffline();
    }
  });
  // What the member typed stays when the next rows are offered a queued set's numbers, and when the page is read again.
  document.addEventListener("input", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.hasAttribute("data-prefill")) event.target.dataset.typed = "";
  });
  window.addEventListener("online", () => void queue.flush());
  // Back to a page the browser kept (after a post): what it shows is old.
  window.addEventListener("pageshow", (event) => event.persisted && location.reload());

  void queue.read().then(async () => {
    const pendingStart = first.dataset.pendingStart;
    if (pendingStart && !queue.start) queue.addStart(JSON.parse(pendingStart) as Record<string, string>);
    // A kept page of the workout not started yet, opened again after its start was answered.
    if (settleAddress() && (await refreshScreen())) render();
    await queue.flush();
  });
}

const first = screen();
if (first) start(first);
// The page answers taps now (browser tests wait for this mark, as for the React pages').
document.documentElement.dataset.hydrated = "";
