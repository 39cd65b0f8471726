import { ArrowDown, ArrowUp, Minus, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";
import { formatShortDate } from "~/lib/dates";
import { formatValue } from "~/lib/units";
import type { EntryView } from "~/modules/progress/progress-types";

/** The Progress cards' entry histories: each entry with its change, and its edit and delete buttons. */

export function IconButton({ label, onClick, icon, text }: { label: string; onClick: (event: React.MouseEvent<HTMLElement>) => void; icon: ReactNode; text: string }) {
  return (
    <button type="button" aria-label={label} onClick={onClick} className="inline-flex min-h-9 items-center gap-1 rounded-md px-2 text-sm font-medium text-zinc-800 hover:bg-zinc-100">
      {icon}
      <span aria-hidden="true">{text}</span>
    </button>
  );
}

function Change({ entry }: { entry: EntryView }) {
  if (entry.difference === null || entry.direction === null) return <span className="text-sm text-zinc-600">First entry</span>;
  const Icon = entry.direction === "up" ? ArrowUp : entry.direction === "down" ? ArrowDown : Minus;
  const word = entry.direction === "up" ? "Up" : entry.direction === "down" ? "Down" : "No change";
  return (
    <span className="inline-flex items-center gap-1 text-sm font-medium text-zinc-800" data-direction={entry.direction}>
      <Icon className="size-4" aria-hidden="true" />
      <span className="sr-only">{word} </span>
      {entry.direction === "same" ? null : `${formatValue(Math.abs(entry.difference))} ${entry.unit}`}
    </span>
  );
}

export interface EntryActions {
  onEdit: (entry: EntryView) => (event: React.MouseEvent<HTMLElement>) => void;
  onDelete: (entry: EntryView) => (event: React.MouseEvent<HTMLElement>) => void;
}

export function EntryList({
  title,
  entries,
  empty,
  actions,
  lift = false,
  hideTitle = false,
}: {
  title: string;
  entries: EntryView[];
  empty: string;
  actions: EntryActions | null;
  lift?: boolean;
  hideTitle?: boolean;
}) {
  return (
    <div>
      <h4 className={cn("mb-2 font-semibold", hideTitle && "sr-only")}>{title}</h4>
      {entries.length === 0 ? (
        <p className="text-sm text-zinc-700">{empty}</p>
      ) : (
        <ul aria-label={title} className="divide-y divide-zinc-100">
          {entries.map((entry) => {
            const when = formatShortDate(entry.recordedOn);
            return (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                <div>
                  <p className="text-sm text-zinc-700">{when}</p>
                  <p className="font-semibold">
                    {lift ? `${entry.sets} × ${entry.reps} @ ${formatValue(entry.value)} ${entry.unit}` : `${formatValue(entry.value)} ${entry.unit}`}
                  </p>
                  {lift && entry.estimatedMax !== null ? (
                    <p className="text-sm text-zinc-700">
                      Est. 1RM {formatValue(entry.estimatedMax)} {entry.unit}
                    </p>
                  ) : null}
                  {entry.notes ? <p className="break-words text-sm text-zinc-700">{entry.notes}</p> : null}
                </div>
                <div className="flex items-center gap-1">
                  {lift ? null : <Change entry={entry} />}
                  {actions ? (
                    <>
                      <IconButton label={`Edit ${entry.label.toLowerCase()} entry of ${when}`} onClick={actions.onEdit(entry)} icon={<Pencil className="size-4" aria-hidden="true" />} text="" />
                      <IconButton label={`Delete ${entry.label.toLowerCase()} entry of ${when}`} onClick={actions.onDelete(entry)} icon={<Trash2 className="size-4" aria-hidden="true" />} text="" />
                    </>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
