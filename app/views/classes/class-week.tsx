import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { formatClassTime } from "~/lib/class-time";
import { formatLongDate } from "~/lib/dates";

interface WeekClass {
  id: string;
  date: string;
  time: string;
  durationMinutes: number;
  typeName: string;
  coachName: string;
  location: string;
  capacity: number;
  taken: number;
  waiting: number;
  offered: number;
  lateCancelled: number;
  cancelled: boolean;
  changed: boolean;
  extra: boolean;
  past: boolean;
}

interface ClassWeekProps {
  week: number;
  list: { from: string; to: string; timeZone: string; classes: WeekClass[] };
}

function byDate(classes: WeekClass[]) {
  const days = new Map<string, WeekClass[]>();
  for (const c of classes) days.set(c.date, [...(days.get(c.date) ?? []), c]);
  return [...days.entries()];
}

function Spots({ c }: { c: WeekClass }) {
  if (c.cancelled) return <span className="font-semibold text-brand-strong">Cancelled</span>;
  return (
    <span>
      {c.taken} of {c.capacity} spots taken
      {c.offered > 0 ? ` (${c.offered} offered)` : ""}
      {c.waiting > 0 ? ` · ${c.waiting} waiting` : ""}
      {c.lateCancelled > 0 ? ` · ${c.lateCancelled} late ${c.lateCancelled === 1 ? "cancel" : "cancels"}` : ""}
    </span>
  );
}

/** The staff list of a week's classes by date. */
export function ClassWeek({ week, list }: ClassWeekProps) {
  return (
    <div className="mt-8 space-y-10">
      <section aria-labelledby="week-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="week-heading" className="text-2xl font-bold uppercase">
            {formatLongDate(list.from)} – {formatLongDate(list.to)}
          </h2>
          <nav aria-label="Weeks" className="flex gap-2">
            <Link to={`/classes?week=${week - 1}`} className={buttonClass("secondary")}>
              Previous week
            </Link>
            {week !== 0 ? (
              <Link to="/classes" className={buttonClass("secondary")}>
                This week
              </Link>
            ) : null}
            <Link to={`/classes?week=${week + 1}`} className={buttonClass("secondary")}>
              Next week
            </Link>
            <Link to="/classes/new" className={buttonClass("primary")}>
              Add an extra class
            </Link>
          </nav>
        </div>
        <p className="mt-2 text-sm text-zinc-600">Times are in {list.timeZone}.</p>
        {list.classes.length === 0 ? <p className="mt-6 text-zinc-700">No classes this week.</p> : null}
        {byDate(list.classes).map(([date, classes]) => (
          <section key={date} aria-labelledby={`day-${date}`} className="mt-6">
            <h3 id={`day-${date}`} className="text-lg font-bold">
              {formatLongDate(date)}
            </h3>
            <ul className="mt-2 divide-y divide-zinc-200 rounded-lg border border-zinc-200">
              {classes.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
                  <div>
                    <Link to={`/classes/${encodeURIComponent(c.id)}`} className="font-semibold text-brand-strong underline-offset-2 hover:underline">
                      {formatClassTime(c.time)} {c.typeName}
                    </Link>
                    <p className="text-sm text-zinc-700">
                      {c.durationMinutes} min{c.coachName ? ` · ${c.coachName}` : ""}
                      {c.location ? ` · ${c.location}` : ""}
                      {c.extra ? " · Extra class" : c.changed ? " · Changed for this date" : ""}
                    </p>
                  </div>
                  <p className="text-sm">
                    <Spots c={c} />
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </div>
  );
}
