import { Link } from "react-router";
import type { ClassType, ScheduleRow } from "~/modules/marketing/services-content";

/** One class type with its duration, intensity and class size. */
export function ClassTypeCard({ classType }: { classType: ClassType }) {
  return (
    <article className="flex flex-col rounded-2xl border border-zinc-200 bg-white p-6">
      <h3 className="text-xl font-bold uppercase">{classType.name}</h3>
      <p className="mt-2 flex-1 text-zinc-700">{classType.description}</p>
      <dl className="mt-6 grid grid-cols-3 gap-2 border-t border-zinc-200 pt-4 text-sm">
        <div>
          <dt className="text-zinc-600">Duration</dt>
          <dd className="font-semibold">{classType.duration}</dd>
        </div>
        <div>
          <dt className="text-zinc-600">Intensity</dt>
          <dd className="font-semibold">{classType.intensity}</dd>
        </div>
        <div>
          <dt className="text-zinc-600">Class size</dt>
          <dd className="font-semibold">Max {classType.maxParticipants}</dd>
        </div>
      </dl>
    </article>
  );
}

/** A timetable row, with its coach when one is set and, for a member, where its 'Book' leads (its next dated class). */
export type ScheduleTableRow = ScheduleRow & { coachName?: string; href?: string };

/** The weekly timetable: one row per class, each with its own Book link (to /contact, or for a member to that class's next date). */
export function ScheduleTable({ rows, caption, bookHref = "/contact" }: { rows: ScheduleTableRow[]; caption: string; bookHref?: string }) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-zinc-200">
      <table className="w-full text-left text-sm sm:text-base">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-zinc-950 text-white">
          <tr>
            <th scope="col" className="px-2 py-3 font-display text-xs sm:text-sm uppercase tracking-wider sm:px-6">
              Day
            </th>
            <th scope="col" className="px-2 py-3 font-display text-xs sm:text-sm uppercase tracking-wider sm:px-6">
              Time
            </th>
            <th scope="col" className="px-2 py-3 font-display text-xs sm:text-sm uppercase tracking-wider sm:px-6">
              Class
            </th>
            <th scope="col" className="px-2 py-3 text-right font-display text-xs sm:text-sm uppercase tracking-wider sm:px-6">
              <span className="sr-only">Booking</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200">
          {rows.map((row) => (
            <tr key={`${row.day} ${row.time}`} className="even:bg-zinc-50">
              <th scope="row" className="px-2 py-3 font-semibold sm:px-6">
                {row.day}
              </th>
              <td className="px-2 py-3 whitespace-nowrap sm:px-6">{row.time}</td>
              <td className="px-2 py-3 sm:px-6">
                {row.className}
                {row.coachName ? <span className="block text-xs text-zinc-700 sm:text-sm">with {row.coachName}</span> : null}
              </td>
              <td className="px-2 py-3 text-right sm:px-6">
                <Link to={row.href ?? bookHref} aria-label={`Book ${row.className} on ${row.day} at ${row.time}`} className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-3 text-sm font-semibold text-white transition-colors hover:bg-brand-strong sm:px-5">
                  Book
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
