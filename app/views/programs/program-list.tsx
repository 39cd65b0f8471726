import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatLongDate } from "~/lib/dates";
import type { ProgramListItem } from "~/modules/programs/program-read.server";

/** Programs as a list of links to the builder; `action` adds a button to each (templates: start a program). */
export function ProgramList({ programs, empty, action }: { programs: readonly ProgramListItem[]; empty: string; action?: (program: ProgramListItem) => ReactNode }) {
  if (programs.length === 0) return <p className="mt-4 text-zinc-700">{empty}</p>;
  return (
    <ul className="mt-4 divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white">
      {programs.map((p) => (
        <li key={p.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <Link to={`/programs/${p.id}`} className="font-semibold text-brand-strong underline-offset-2 hover:underline">
              {p.name}
            </Link>
            {p.memberName ? (
              <p className="text-sm text-zinc-700">
                {p.memberId ? (
                  <Link to={`/coach/members/${encodeURIComponent(p.memberId)}`} className="underline-offset-2 hover:underline">
                    {p.memberName}
                  </Link>
                ) : (
                  p.memberName
                )}
                {p.startDate ? ` · starts ${formatLongDate(p.startDate)}` : null}
              </p>
            ) : null}
            {p.description ? <p className="mt-1 line-clamp-2 text-sm text-zinc-600">{p.description}</p> : null}
          </div>
          {action ? <div className="shrink-0">{action(p)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
