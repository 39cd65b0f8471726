import { Link } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { formatLongDate } from "~/lib/dates";
import type { CheckInView } from "~/modules/check-ins/check-ins.schema";
import { CheckInStatusBadge } from "./check-in-details";

/** Check-ins newest first, each a link to its page, a page at a time. */
export function CheckInList({ list, page, pageCount, href, pageHref, empty }: { list: CheckInView[]; page: number; pageCount: number; href: (id: string) => string; pageHref: (page: number) => string; empty: string }) {
  if (list.length === 0) return <p className="text-zinc-700">{empty}</p>;
  return (
    <>
      <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200">
        {list.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
            <div>
              <Link to={href(c.id)} className="font-semibold text-brand underline-offset-2 hover:underline">
                {`Week of ${formatLongDate(c.weekOf)}`}
              </Link>
              <p className="text-sm text-zinc-600">{`Sent ${formatLongDate(c.sentOn)}`}</p>
            </div>
            <CheckInStatusBadge reviewed={c.reviewed} />
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} href={pageHref} label="Check-in pages" />
    </>
  );
}
