import { Activity, CalendarClock, CalendarDays } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatLongDate, formatShortDate } from "~/lib/dates";
import { formatDuration } from "~/modules/training-sessions/calendar";
import { SessionStatusBadge } from "./session-ui";
import type { TrainingSessionView } from "~/modules/training-sessions/training-sessions.server";

const NONE = "No upcoming sessions scheduled";

export function DashboardCard({ title, icon, children, id }: { title: string; icon: ReactNode; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-zinc-200 p-5">
      <h3 id={id} className="flex items-center gap-2 text-lg font-bold uppercase">
        {icon}
        {title}
      </h3>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * 'Recent Activity': the member's training sessions (scheduled and completed), the date
 * of their last body update and how many goals are not completed yet.
 */
export function RecentActivityCard({ sessionCount, lastBodyUpdate, activeGoals }: { sessionCount: number; lastBodyUpdate: string | null; activeGoals: number }) {
  const rows = [
    { label: "Training sessions", value: String(sessionCount), testId: "session-count" },
    { label: "Last body update", value: lastBodyUpdate ? formatShortDate(lastBodyUpdate) : "None yet", testId: "last-body-update" },
    { label: "Active goals", value: String(activeGoals), testId: "active-goals" },
  ];
  return (
    <DashboardCard id="recent-activity-title" title="Recent Activity" icon={<Activity className="size-5 text-brand" aria-hidden="true" />}>
      <dl className="space-y-2">
        {rows.map((row) => (
          <div key={row.label} className="flex items-baseline justify-between gap-4">
            <dt className="text-zinc-700">{row.label}</dt>
            <dd className="font-display text-2xl font-bold" data-testid={row.testId}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </DashboardCard>
  );
}

/** 'Next Training Session': type, weekday and date, time with duration, location. */
export function NextSessionCard({ next }: { next: TrainingSessionView | null }) {
  return (
    <DashboardCard id="next-session-title" title="Next Training Session" icon={<CalendarClock className="size-5 text-brand" aria-hidden="true" />}>
      {next ? (
        <div className="space-y-1">
          <p className="text-xl font-semibold">{next.type}</p>
          <p>{formatLongDate(next.date)}</p>
          <p>
            {next.time} ({formatDuration(next.durationMinutes)})
          </p>
          {next.location ? <p className="text-zinc-700">{next.location}</p> : null}
          <p className="pt-2">
            <Link
              to={`/members/schedule?month=${next.date.slice(0, 7)}&day=${next.date}&session=${encodeURIComponent(next.id)}`}
              className="text-sm font-semibold text-brand underline-offset-2 hover:underline"
            >
              View session details
            </Link>
          </p>
        </div>
      ) : (
        <p className="text-zinc-700">{NONE}</p>
      )}
    </DashboardCard>
  );
}

/** 'Upcoming Training Sessions': the first three with status, date and time. */
export function UpcomingSessionsCard({ upcoming }: { upcoming: TrainingSessionView[] }) {
  return (
    <DashboardCard id="upcoming-sessions-title" title="Upcoming Training Sessions" icon={<CalendarDays className="size-5 text-brand" aria-hidden="true" />}>
      {upcoming.length === 0 ? (
        <p className="text-zinc-700">{NONE}</p>
      ) : (
        <ul className="divide-y divide-zinc-200">
          {upcoming.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="block font-semibold">{s.type}</span>
                <span className="block text-sm text-zinc-700">
                  {formatShortDate(s.date)} · {s.time}
                </span>
              </span>
              <SessionStatusBadge status={s.status} />
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3">
        <Link to="/members/schedule" className="text-sm font-semibold text-brand underline-offset-2 hover:underline">
          Open the training schedule
        </Link>
      </p>
    </DashboardCard>
  );
}
