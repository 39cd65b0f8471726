import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { formatLongDate, formatMonth, weekdayNames } from "~/lib/dates";
import { formatDuration, groupByDate, monthWeeks, SESSIONS_PER_DAY, shiftMonth } from "~/modules/training-sessions/calendar";
import { Modal, SessionStatusBadge } from "./session-ui";
import type { TrainingSessionView } from "~/modules/training-sessions/training-sessions.server";
import type { OwnClassPlace } from "~/modules/classes/own-bookings.server";
import { formatClassTime } from "~/lib/class-time";
import { ClassPlaceLink, classTone, placesByDate } from "~/views/classes/class-places";

export interface MemberScheduleData {
  /** yyyy-mm shown. */
  month: string;
  /** Today in the site's time zone. */
  today: string;
  coachName: string;
  timeZone: string;
  /** The member's sessions in the weeks the month shows. */
  sessions: TrainingSessionView[];
  /** The member's group-class places in those weeks. */
  classes: OwnClassPlace[];
  /** The open day dialog (yyyy-mm-dd), if any. */
  day: string | null;
  /** The open session, if any (only the member's own). */
  selected: TrainingSessionView | null;
}

const base = (month: string) => `/members/schedule?month=${month}`;
const dayHref = (month: string, day: string) => `${base(month)}&day=${day}`;
const sessionHref = (month: string, day: string, id: string) => `${dayHref(month, day)}&session=${encodeURIComponent(id)}`;
const plural = (n: number) => `${n} ${n === 1 ? "session" : "sessions"}`;
const classPlural = (n: number) => `${n} group ${n === 1 ? "class" : "classes"}`;

/** The Training Schedule screen: a month calendar, the day dialog and the session detail. */
export function MemberSchedule({ data, cancelError }: { data: MemberScheduleData; cancelError?: string }) {
  const { month, today, sessions, day, selected } = data;
  const byDate = groupByDate(sessions);
  const classesByDate = placesByDate(data.classes);
  const weeks = monthWeeks(month);
  const daySessions = day ? (byDate.get(day) ?? []) : [];
  const dayClasses = day ? (classesByDate.get(day) ?? []) : [];
  const dialogDay = selected?.date ?? day;

  // Focus goes back to the day that was opened once its dialog closes.
  const lastDay = useRef<string | null>(null);
  useEffect(() => {
    if (dialogDay) {
      lastDay.current = dialogDay;
    } else if (lastDay.current) {
      document.getElementById(`day-${lastDay.current}`)?.focus();
      lastDay.current = null;
    }
  }, [dialogDay]);

  const subtitle = data.coachName ? `Your training sessions with ${data.coachName}` : "Your training sessions with your coach";
  const upcomingInMonth = sessions.filter((s) => s.date.startsWith(month));
  const classesInMonth = data.classes.filter((c) => c.date.startsWith(month));
  const narrowDates = [...new Set([...upcomingInMonth.map((s) => s.date), ...classesInMonth.map((c) => c.date)])].sort();

  return (
    <section aria-labelledby="schedule-title">
      <h2 id="schedule-title" className="text-2xl font-bold uppercase">
        Training Schedule
      </h2>
      <p className="mt-1 text-zinc-700">{subtitle}</p>
      <p className="mt-1 text-sm text-zinc-600">Times are shown in {data.timeZone.replace(/_/g, " ")} time.</p>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-xl font-bold" id="calendar-month" aria-live="polite">
          {formatMonth(month)}
        </h3>
        <nav aria-label="Calendar months" className="flex gap-2">
          <Link to={base(shiftMonth(month, -1))} preventScrollReset className={buttonClass("secondary", "px-3")}>
            <ChevronLeft className="size-4" aria-hidden="true" /> Previous
          </Link>
          <Link to={base(today.slice(0, 7))} preventScrollReset className={buttonClass("secondary", "px-3")}>
            Today
          </Link>
          <Link to={base(shiftMonth(month, 1))} preventScrollReset className={buttonClass("secondary", "px-3")}>
            Next <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        </nav>
      </div>

      {/* Wide screens: the month grid. */}
      <table className="mt-4 hidden w-full table-fixed border-collapse sm:table" aria-labelledby="calendar-month">
        <thead>
          <tr>
            {weekdayNames.map((name) => (
              <th key={name} scope="col" className="border border-zinc-200 bg-zinc-50 px-1 py-2 text-xs font-semibold uppercase text-zinc-700">
                <abbr title={name} className="no-underline">
                  {name.slice(0, 3)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const list = byDate.get(date) ?? [];
                const places = classesByDate.get(date) ?? [];
                const shown = list.length + places.length;
                const inMonth = date.startsWith(month);
                const dayNumber = Number(date.slice(8));
                return (
                  <td
                    key={date}
                    aria-current={date === today ? "date" : undefined}
                    className={cn("h-28 border border-zinc-200 align-top", inMonth ? "bg-white" : "bg-zinc-50", date === today && "ring-2 ring-inset ring-brand")}
                  >
                    {shown > 0 ? (
                      <Link
                        id={`day-${date}`}
                        to={dayHref(month, date)}
                        preventScrollReset
                        aria-label={`${formatLongDate(date)}: ${[list.length ? plural(list.length) : "", places.length ? classPlural(places.length) : ""].filter(Boolean).join(", ")}`}
                        className="block h-full min-h-28 p-1.5 hover:bg-zinc-50"
                      >
                        <span className={cn("block text-sm font-semibold", inMonth ? "text-zinc-900" : "text-zinc-600")}>{dayNumber}</span>
                        <span className="mt-1 block space-y-1">
                          {list.slice(0, SESSIONS_PER_DAY).map((s) => (
                            <span
                              key={s.id}
                              className={cn(
                                "block truncate rounded px-1 py-0.5 text-xs",
                                s.status === "cancelled" ? "bg-zinc-100 text-zinc-700 line-through" : s.status === "completed" ? "bg-green-50 text-green-900" : "bg-red-50 text-brand-strong",
                              )}
                            >
                              {s.time} {s.type}
                            </span>
                          ))}
                          {places.slice(0, Math.max(0, SESSIONS_PER_DAY - list.length)).map((c) => (
                            <span key={c.bookingId} className={cn("block truncate rounded px-1 py-0.5 text-xs", classTone(c))}>
                              {formatClassTime(c.time)} {c.className}
                            </span>
                          ))}
                          {shown > SESSIONS_PER_DAY ? <span className="block px-1 text-xs font-semibold text-zinc-700">+{shown - SESSIONS_PER_DAY} more</span> : null}
                        </span>
                      </Link>
                    ) : (
                      <span className={cn("block p-1.5 text-sm", inMonth ? "text-zinc-900" : "text-zinc-600")}>
                        <span aria-hidden="true">{dayNumber}</span>
                        <span className="sr-only">{formatLongDate(date)}: no sessions</span>
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      {/* Narrow screens: a list per day with sessions. */}
      <div className="mt-4 sm:hidden">
        {narrowDates.length === 0 ? (
          <p className="rounded-xl border border-dashed border-zinc-300 p-6 text-center text-zinc-700">No sessions this month.</p>
        ) : (
          <ol className="space-y-4">
            {narrowDates.map((date) => (
              <li key={date} className="rounded-xl border border-zinc-200 p-4">
                <h4 className="font-semibold">{formatLongDate(date)}</h4>
                <ul className="mt-2 space-y-2">
                  {(classesByDate.get(date) ?? []).map((c) => (
                    <li key={c.bookingId}>
                      <ClassPlaceLink place={c} />
                    </li>
                  ))}
                  {(byDate.get(date) ?? []).map((s) => (
                    <li key={s.id}>
                      <Link to={sessionHref(month, date, s.id)} preventScrollReset className="flex items-center justify-between gap-3 rounded-md px-2 py-2 hover:bg-zinc-50">
                        <span>
                          {s.time} {s.type}
                        </span>
                        <SessionStatusBadge status={s.status} />
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </div>

      {selected ? (
        <SessionDetail month={month} session={selected} error={cancelError} />
      ) : day && daySessions.length + dayClasses.length > 0 ? (
        <Modal labelledBy="day-dialog-title" closeHref={base(month)} focusKey={`day-${day}`}>
          <h2 id="day-dialog-title" tabIndex={-1} data-autofocus className="pr-10 text-xl font-bold">
            Sessions for {formatLongDate(day)}
          </h2>
          <ul className="mt-5 divide-y divide-zinc-200 rounded-lg border border-zinc-200">
            {dayClasses.map((c) => (
              <li key={c.bookingId} className="px-2 py-1">
                <ClassPlaceLink place={c} />
              </li>
            ))}
            {daySessions.map((s) => (
              <li key={s.id}>
                <Link to={sessionHref(month, day, s.id)} preventScrollReset className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 hover:bg-zinc-50">
                  <span>
                    <span className="block font-semibold">{s.type}</span>
                    <span className="block text-sm text-zinc-700">
                      {s.time} · {formatDuration(s.durationMinutes)}
                      {s.location ? ` · ${s.location}` : ""}
                    </span>
                  </span>
                  <SessionStatusBadge status={s.status} />
                </Link>
              </li>
            ))}
          </ul>
        </Modal>
      ) : null}
    </section>
  );
}

function SessionDetail({ month, session, error }: { month: string; session: TrainingSessionView; error?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "cancel-session";
  return (
    <Modal labelledBy="session-dialog-title" closeHref={base(month)} focusKey={`session-${session.id}`}>
      <h2 id="session-dialog-title" tabIndex={-1} data-autofocus className="pr-10 text-xl font-bold">
        {session.type}
      </h2>
      <p className="mt-2">
        <SessionStatusBadge status={session.status} />
      </p>
      <dl className="mt-5 grid gap-x-6 gap-y-3 sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold text-zinc-700">Date</dt>
        <dd>{formatLongDate(session.date)}</dd>
        <dt className="font-semibold text-zinc-700">Time</dt>
        <dd>
          {session.time} ({formatDuration(session.durationMinutes)})
        </dd>
        <dt className="font-semibold text-zinc-700">Location</dt>
        <dd>{session.location || "Not set"}</dd>
        <dt className="font-semibold text-zinc-700">Description</dt>
        <dd className="whitespace-pre-line break-words">{session.description || "No description"}</dd>
      </dl>
      {error ? (
        <p role="alert" className="mt-5 rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-sm text-brand-strong">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3 border-t border-zinc-200 pt-5">
        {session.cancellable ? (
          <Form method="post" action="/members/schedule">
            <input type="hidden" name="intent" value="cancel-session" />
            <input type="hidden" name="id" value={session.id} />
            <input type="hidden" name="month" value={month} />
            <input type="hidden" name="day" value={session.date} />
            <button type="submit" className={buttonClass("primary")} disabled={busy} aria-busy={busy || undefined}>
              {busy ? "Cancelling..." : "Cancel Session"}
            </button>
          </Form>
        ) : null}
        <Link to={dayHref(month, session.date)} preventScrollReset className={buttonClass("secondary")}>
          All sessions that day
        </Link>
      </div>
    </Modal>
  );
}
