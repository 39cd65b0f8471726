import { formatUsDateTime } from "~/lib/dates";

export interface ActivityItem {
  id: string;
  at: Date | string;
  actorEmail: string | null;
  action: string;
  summary: string;
}

/** Audit entries, newest first, as a plain list (the dashboard and /admin/activity). */
export function ActivityList({ items, timeZone, emptyText = "No activity recorded yet." }: { items: ActivityItem[]; timeZone: string; emptyText?: string }) {
  if (items.length === 0) {
    return <p className="rounded-xl border border-dashed border-zinc-300 p-6 text-zinc-600">{emptyText}</p>;
  }
  return (
    <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200">
      {items.map((item) => (
        <li key={item.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
          <time dateTime={new Date(item.at).toISOString()} className="shrink-0 text-sm text-zinc-600 sm:w-48">
            {formatUsDateTime(item.at, timeZone)}
          </time>
          <span className="min-w-0 flex-1 break-words text-zinc-900">{item.summary}</span>
          <span className="shrink-0 font-mono text-xs text-zinc-500">{item.action}</span>
        </li>
      ))}
    </ul>
  );
}
