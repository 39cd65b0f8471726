/**
 * The queued sets on the server's page: each fills its exercise's next open row, shown as
 * logged with whether it waits or was sent (a set queued beyond the open rows gets a row
 * of its own); the open rows after it offer what the server will once it has the set.
 */
import type { WeightUnit } from "~/lib/units";
import { setText } from "../format";
import type { QueuedLog } from "../set-queue";
import { el } from "./dom";

const number = (fields: Record<string, string>, name: string) => (fields[name]?.trim() ? Number(fields[name]) : null);

function showQueued(row: HTMLLIElement, log: QueuedLog, unit: WeightUnit): void {
  const n = row.dataset.open ?? "";
  const set = {
    weight: number(log.fields, "weight"),
    reps: number(log.fields, "reps"),
    rpe: number(log.fields, "rpe"),
    durationSeconds: number(log.fields, "durationSeconds"),
    distanceMeters: number(log.fields, "distanceMeters"),
  };
  row.dataset.queued = log.key;
  row.className = "rounded-md bg-zinc-50 px-2 py-1";
  row.replaceChildren(
    el(
      "div",
      { class: "flex min-h-11 items-center gap-2" },
      el("span", { class: "w-8 shrink-0 text-sm font-semibold text-zinc-600", "aria-hidden": "true" }, n),
      el(
        "p",
        { class: "flex-1 font-semibold" },
        el("span", { class: "sr-only" }, `Set ${n}: `),
        setText(set, unit),
        " ",
        el("span", { class: "text-sm font-normal text-green-800" }, "Logged"),
        " ",
        el("span", { class: "text-sm font-normal text-zinc-700", "data-queue-state": "" }),
      ),
    ),
  );
}

/** The server's rule for the next rows (workout-screen.server.ts): the last set leads; RPE is not carried over. */
function offerAfter(row: HTMLLIElement, last: QueuedLog): void {
  for (const input of row.querySelectorAll<HTMLInputElement>("input[data-prefill]")) {
    if (input.hasAttribute("data-typed")) continue;
    const typed = last.fields[input.name]?.trim() ?? "";
    input.value = input.name === "rpe" ? typed : typed || (input.dataset.prefill ?? "");
  }
}

/** Shows one exercise's queued sets (`pending`, oldest first) in its rows. */
export function showPending(block: HTMLElement, pending: QueuedLog[], unit: WeightUnit): void {
  const list = block.querySelector<HTMLOListElement>("ol[data-sets]");
  if (!list) return;
  const open = [...list.querySelectorAll<HTMLLIElement>("li[data-open]")];
  pending.forEach((log, i) => {
    const row = open[i] ?? list.appendChild(el("li", { "data-open": String(list.children.length + 1) }));
    if (row.dataset.queued !== log.key) showQueued(row, log, unit);
    const state = row.querySelector("[data-queue-state]");
    if (state) state.textContent = log.state === "sent" ? "Sent" : "Waiting to send";
  });
  const last = pending.at(-1);
  if (last) for (const row of open.slice(pending.length)) offerAfter(row, last);
  for (const part of block.querySelectorAll<HTMLElement>("[data-needs-no-sets]")) part.hidden = pending.length > 0;
}
