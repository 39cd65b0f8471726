import { ChevronLeft, ChevronRight, Plus } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { toast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { ActionData } from "~/lib/action.server";
import { formatLongDate, formatShortDate } from "~/lib/dates";
import { formatDuration, groupByDate, type CalendarView } from "~/modules/training-sessions/calendar";
import type { StaffSchedule } from "~/modules/training-sessions/staff-schedule.server";
import { SessionFormDialog, type SessionFormFailure } from "./session-form";
import { SessionStatusBadge } from "./session-ui";

/** The page's own query (view, date, member), without the dialogs' parameters. */
function listQuery(view: CalendarView, date: string, member: string | undefined, changes: Partial<{ view: CalendarView; date: string; member: string }> = {}) {
  const next = new URLSearchParams({ view: changes.view ?? view, date: changes.date ?? date });
  const m = "member" in changes ? changes.member : member;
  if (m) next.set("member", m);
  return `/schedule?${next.toString()}`;
}

/**
 * The staff Training Schedule: a week or a month of every member's sessions, the member
 * filter, the cancellations, and the Schedule Session / Edit Session dialogs. A failed
 * cancel says why in a toast.
 */
export function StaffScheduleScreen({ schedule, actionData }: { schedule: StaffSchedule; actionData: ActionData | undefined }) {
  const { view, date, today, memberId, days, label, prev, next, sessions, members, cancellations, editing, creating, timeZone } = schedule;
  const navigation = useNavigation();
  const cancellingId = navigation.state !== "idle" && navigation.formData?.get("intent") === "cancel" ? String(navigation.formData.get("id")) : null;
  const q = (changes: Partial<{ view: CalendarView; date: string; member: string }> = {}) => listQuery(view, date, memberId || undefined, changes);
  const close = q();
  const byDate = groupByDate(sessions);
  const shownDays = view === "week" ? days : days.filter((d) => byDate.has(d));
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const result = failed && (failed.intent === "create" || failed.intent === "update") ? (failed as SessionFormFailure) : undefined;

  useEffect(() => {
    if (failed?.intent === "cancel" && failed.error) toast.error("Failed to cancel session", { description: failed.error });
  }, [failed]);
  const memberName = members.find((m) => m.id === memberId)?.name;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold uppercase sm:text-4xl">Training Schedule</h1>
          <p className="mt-1 text-zinc-700">Every member&apos;s sessions. Times are in {timeZone.replace(/_/g, " ")} time.</p>
        </div>
        <Link to={`${q()}&new=${date}`} preventScrollReset className={buttonClass("primary")}>
          <Plus className="size-4" aria-hidden="true" /> Schedule Session
        </Link>
      </div>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <nav aria-label="Schedule view" className="flex gap-1 rounded-lg border border-zinc-200 p-1">
          {(["week", "month"] as const).map((v) => (
            <Link
              key={v}
              to={q({ view: v })}
              aria-current={view === v ? "page" : undefined}
              className={cn("rounded-md px-4 py-2 text-sm font-semibold", view === v ? "bg-zinc-900 text-white" : "text-zinc-800 hover:bg-zinc-100")}
            >
              {v === "week" ? "Week" : "Month"}
            </Link>
          ))}
        </nav>
        <nav aria-label={view === "week" ? "Weeks" : "Months"} className="flex gap-2">
          <Link to={q({ date: prev })} className={buttonClass("secondary", "px-3")}>
            <ChevronLeft className="size-4" aria-hidden="true" /> Previous
          </Link>
          <Link to={q({ date: today })} className={buttonClass("secondary", "px-3")}>
            Today
          </Link>
          <Link to={q({ date: next })} className={buttonClass("secondary", "px-3")}>
            Next <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        </nav>
      </div>

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" role="search" aria-label="Filter sessions by member">
        <input type="hidden" name="view" value={view} />
        <input type="hidden" name="date" value={date} />
        <div className="min-w-64 space-y-1.5">
          <label htmlFor="filter-member" className="block text-sm font-medium text-zinc-800">
            Member
          </label>
          <select id="filter-member" name="member" defaultValue={memberId} key={memberId} className="block w-full rounded-md border border-zinc-400 bg-white px-3 py-2.5">
            <option value="">All members</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          Apply
        </button>
        {memberId && memberName ? (
          <>
            <Link to={`/coach/members/${encodeURIComponent(memberId)}`} className={buttonClass("ghost")}>
              View {memberName}&rsquo;s page
            </Link>
            <Link to={`/members/${encodeURIComponent(memberId)}/progress`} className={buttonClass("ghost")}>
              View {memberName}&rsquo;s progress
            </Link>
            <Link to={`/members/${encodeURIComponent(memberId)}/training`} className={buttonClass("ghost")}>
              View {memberName}&rsquo;s training
            </Link>
          </>
        ) : null}
      </Form>

      <section aria-labelledby="range-title" className="mt-8">
        <h2 id="range-title" className="text-xl font-bold uppercase">
          {label}
          {memberName ? <span className="font-normal normal-case text-zinc-700"> · {memberName}</span> : null}
        </h2>
        {shownDays.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed border-zinc-300 p-10 text-center text-zinc-700">No sessions scheduled this month.</p>
        ) : (
          <ol className="mt-4 space-y-4">
            {shownDays.map((day) => {
              const list = byDate.get(day) ?? [];
              return (
                <li key={day} aria-labelledby={`day-${day}`} className={cn("rounded-xl border p-4", day === today ? "border-brand" : "border-zinc-200")}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 id={`day-${day}`} className="font-semibold">
                      {formatLongDate(day)}
                      {day === today ? <span className="ml-2 text-sm font-normal text-brand-strong">(today)</span> : null}
                    </h3>
                    <Link to={`${q()}&new=${day}`} preventScrollReset className="text-sm font-semibold text-brand underline-offset-2 hover:underline" aria-label={`Schedule a session on ${formatLongDate(day)}`}>
                      Add
                    </Link>
                  </div>
                  {list.length === 0 ? (
                    <p className="mt-2 text-sm text-zinc-600">No sessions</p>
                  ) : (
                    <ul className="mt-3 divide-y divide-zinc-200">
                      {list.map((s) => {
                        const what = `${s.type} for ${s.memberName} at ${s.time}`;
                        return (
                          <li key={s.id} className="flex flex-wrap items-center gap-x-6 gap-y-2 py-3" data-session={s.id}>
                            <span className="w-32 font-semibold tabular-nums">
                              {s.time} <span className="block text-sm font-normal text-zinc-700">{formatDuration(s.durationMinutes)}</span>
                            </span>
                            <span className="min-w-48 flex-1">
                              <Link to={`/coach/members/${encodeURIComponent(s.memberId)}`} className="block font-semibold underline-offset-2 hover:underline">
                                {s.memberName}
                              </Link>
                              <span className="block text-sm text-zinc-700">
                                {s.type}
                                {s.location ? ` · ${s.location}` : ""}
                              </span>
                            </span>
                            <SessionStatusBadge status={s.status} />
                            <span className="flex gap-2">
                              <Link to={`${q()}&edit=${encodeURIComponent(s.id)}`} preventScrollReset className={buttonClass("secondary", "min-h-9 px-3 py-1.5")} aria-label={`Edit ${what}`}>
                                Edit
                              </Link>
                              {s.status === "scheduled" ? (
                                <Form method="post" preventScrollReset>
                                  <input type="hidden" name="intent" value="cancel" />
                                  <input type="hidden" name="id" value={s.id} />
                                  <button
                                    type="submit"
                                    className={buttonClass("ghost", "min-h-9 px-3 py-1.5 text-brand")}
                                    aria-label={`Cancel ${what}`}
                                    disabled={cancellingId === s.id}
                                    aria-busy={cancellingId === s.id || undefined}
                                  >
                                    {cancellingId === s.id ? "Cancelling..." : "Cancel"}
                                  </button>
                                </Form>
                              ) : null}
                            </span>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <section aria-labelledby="cancellations-title" className="mt-12">
        <h2 id="cancellations-title" className="text-xl font-bold uppercase">
          Cancellations{memberName ? ` · ${memberName}` : ""}
        </h2>
        {cancellations.length === 0 ? (
          <p className="mt-4 text-zinc-700">No cancelled sessions.</p>
        ) : (
          <div className="mt-4 overflow-x-auto rounded-xl border border-zinc-200">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Cancelled sessions, most recent cancellation first</caption>
              <thead className="bg-zinc-50 text-zinc-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">Member</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Session</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Cancelled by</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Cancelled on</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200">
                {cancellations.map((c) => (
                  <tr key={c.id}>
                    <th scope="row" className="px-4 py-3 font-semibold">
                      <Link to={`/coach/members/${encodeURIComponent(c.memberId)}`} className="underline-offset-2 hover:underline">
                        {c.memberName}
                      </Link>
                    </th>
                    <td className="px-4 py-3">
                      {c.type}, {formatShortDate(c.date)} {c.time}
                    </td>
                    <td className="px-4 py-3">{c.cancelledBy}</td>
                    <td className="px-4 py-3">{c.cancelledOn}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {editing ? (
        <SessionFormDialog
          key={`edit-${editing.id}`}
          mode="edit"
          sessionId={editing.id}
          members={members.some((m) => m.id === editing.memberId) ? members : [...members, { id: editing.memberId, name: editing.memberName, email: editing.memberEmail }]}
          initial={{
            memberId: editing.memberId,
            date: editing.date,
            time: editing.time,
            duration: String(editing.durationMinutes),
            type: editing.type,
            location: editing.location,
            description: editing.description,
            status: editing.status,
          }}
          result={result}
          closeHref={close}
        />
      ) : creating ? (
        <SessionFormDialog
          key={`new-${creating.date}`}
          mode="create"
          members={members}
          initial={{ memberId: memberId, date: creating.date, time: "09:00", duration: "60", type: "", location: "", description: "", status: "scheduled" }}
          result={result}
          closeHref={close}
        />
      ) : null}
    </div>
  );
}
