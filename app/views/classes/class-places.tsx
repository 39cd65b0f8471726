import { CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { formatClassTime } from "~/lib/class-time";
import { formatShortDate } from "~/lib/dates";
import type { OwnClassPlace } from "~/modules/classes/own-bookings.server";
import { DashboardCard } from "~/views/training-sessions/session-cards";

/** The member's place in words: 'Booked', 'On the waitlist', 'Confirm your place' … */
export function classPlaceLabel(place: Pick<OwnClassPlace, "status" | "classCancelled">): string {
  if (place.classCancelled) return "Class cancelled";
  switch (place.status) {
    case "booked":
      return "Booked";
    case "offered":
      return "Confirm your place";
    case "waitlisted":
      return "On the waitlist";
    case "attended":
      return "Attended";
    case "no_show":
      return "Missed";
    default:
      return "Cancelled";
  }
}

export function classTone(place: Pick<OwnClassPlace, "status" | "classCancelled">): string {
  if (place.classCancelled) return "bg-zinc-100 text-zinc-700 line-through";
  if (place.status === "waitlisted") return "border border-dashed border-zinc-400 text-zinc-800";
  if (place.status === "offered") return "bg-amber-50 text-amber-900";
  return "bg-sky-50 text-sky-900";
}

export function placesByDate(places: readonly OwnClassPlace[]): Map<string, OwnClassPlace[]> {
  const byDate = new Map<string, OwnClassPlace[]>();
  for (const p of places) byDate.set(p.date, [...(byDate.get(p.date) ?? []), p]);
  return byDate;
}

/** One place as a link to its class on the Group Classes page (where it is cancelled or confirmed). */
export function ClassPlaceLink({ place }: { place: OwnClassPlace }) {
  return (
    <Link to={`/services/group-classes#class-${place.classId}`} className="flex items-center justify-between gap-3 rounded-md px-2 py-2 hover:bg-zinc-50">
      <span>
        <span className="block font-semibold">{place.className}</span>
        <span className="block text-sm text-zinc-700">
          {formatClassTime(place.time)} · {place.durationMinutes} min · group class{place.coachName ? ` with ${place.coachName}` : ""}
          {place.location ? ` · ${place.location}` : ""}
        </span>
      </span>
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${classTone(place)}`}>{classPlaceLabel(place)}</span>
    </Link>
  );
}

/** The dashboard's 'Upcoming Classes': the member's next places in group classes. */
export function UpcomingClassesCard({ places }: { places: OwnClassPlace[] }) {
  return (
    <DashboardCard id="upcoming-classes-title" title="Upcoming Classes" icon={<CalendarCheck className="size-5 text-brand" aria-hidden="true" />}>
      {places.length === 0 ? (
        <p className="text-zinc-700">No group classes booked</p>
      ) : (
        <ul className="divide-y divide-zinc-200">
          {places.map((p) => (
            <li key={p.bookingId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="block font-semibold">{p.className}</span>
                <span className="block text-sm text-zinc-700">
                  {formatShortDate(p.date)} · {formatClassTime(p.time)}
                  {p.coachName ? ` · with ${p.coachName}` : ""}
                </span>
              </span>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${classTone(p)}`}>{classPlaceLabel(p)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3">
        <Link to="/services/group-classes#upcoming" className="text-sm font-semibold text-brand underline-offset-2 hover:underline">
          Book a group class
        </Link>
      </p>
    </DashboardCard>
  );
}
