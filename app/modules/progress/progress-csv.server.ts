import { ensureCan, type SessionUser } from "~/auth/session.server";
import { latestLifts } from "./progress-lifts.server";
import { allEntriesQuery, goalsQuery } from "./progress-queries.server";
import { toGoalView, type EntryRow } from "./progress-stats";
import { isEntryKind, toShown, unitOf } from "./progress-units";
import { isBodyKind, isMeasurementSite, kindLabels, type EntryKind } from "./progress.schema";

/** 'Export CSV': the text of the download (the route answers with it). */

/** The member exporting their own progress: the unit comes with the sign-in. */
type Actor = Pick<SessionUser, "id" | "role" | "weightUnit">;

/** Spreadsheets run a cell that starts with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula starts neutralised with an apostrophe, then RFC 4180 quoting. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_HEADER = ["Record", "Date", "Item", "Value", "Unit", "Sets", "Reps", "Notes", "Status", "Target date", "Completed on"];

function recordOf(kind: EntryKind): string {
  if (isBodyKind(kind)) return "Body composition";
  if (isMeasurementSite(kind)) return "Measurement";
  return "Workout";
}

const row = (cells: ReadonlyArray<string | number | null>) => cells.map(csvCell).join(",");

/** Two lists each newest first, as one list newest first (the first list first on a tie). */
function newestFirst(a: readonly EntryRow[], b: readonly EntryRow[]): EntryRow[] {
  const out: EntryRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]!.recordedOn >= b[j]!.recordedOn)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

/**
 * All of the acting member's entries and goals as CSV, values in their unit. A lift is
 * one 'Workout' row per performance: its number of sets and its best set's weight and reps.
 */
export async function exportProgressCsv(actor: Actor): Promise<string> {
  ensureCan(actor, "memberArea", "view");
  const unit = actor.weightUnit;
  const [entries, lifts, goals] = await Promise.all([allEntriesQuery(actor.id), latestLifts(actor.id, null), goalsQuery(actor.id)]);
  const lines: string[] = [row(CSV_HEADER)];
  for (const e of newestFirst(entries, lifts)) {
    const kind = e.kind;
    if (!isEntryKind(kind)) continue;
    lines.push(row([recordOf(kind), e.recordedOn, kindLabels[kind], toShown(kind, e.value, unit), unitOf(kind, unit), e.sets, e.reps, e.notes, null, null, null]));
  }
  for (const g of goals.map(toGoalView)) {
    lines.push(row(["Goal", null, g.title, null, null, null, null, g.description, g.statusLabel, g.targetDate, g.completedOn]));
  }
  return `${lines.join("\r\n")}\r\n`;
}
