import { AppError } from "~/lib/app-error";
import { readFormData } from "~/lib/request-body.server";
import { ChevronLeft, ChevronRight, Plus } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/schedule";
import { requirePermission } from "~/auth/session.server";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { fieldErrors } from "~/lib/form";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams, reference, valueWhere } from "~/lib/search-params";
import { formatLongDate, formatMonth, formatShortDate } from "~/lib/dates";
import { addDays, todayIn } from "~/lib/time-zone";
import { redirectWithToast } from "~/lib/toast.server";
import { formatDuration, groupByDate, isCalendarDate, shiftMonth, utcRange, weekDays } from "~/modules/training-sessions/calendar";
import { SessionFormDialog, type SessionFormResult, type SessionFormValues } from "~/views/training-sessions/session-form";
import { SessionStatusBadge } from "~/views/training-sessions/session-ui";
import type { TrainingSessionFormField } from "~/modules/training-sessions/training-sessions.schema";
import {
  cancelTrainingSessionAsStaff,
  createTrainingSession,
  getTrainingSession,
  listCancellations,
  listMembersForScheduling,
  listTrainingSessions,
  updateTrainingSession,
} from "~/modules/training-sessions/training-sessions.server";
import { getSiteSettings } from "~/modules/settings/settings.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Training Schedule", matches) }, { name: "robots", content: "noindex" }];

type View = "week" | "month";

function monthDays(month: string): string[] {
  const days: string[] = [];
  for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) days.push(d);
  return days;
}

/** The page's own query (view, date, member), without the dialogs' parameters. */
function listQuery(view: View, date: string, member: string | undefined, changes: Partial<{ view: View; date: string; member: string }> = {}) {
  const next = new URLSearchParams({ view: changes.view ?? view, date: changes.date ?? date });
  const m = "member" in changes ? changes.member : member;
  if (m) next.set("member", m);
  return `/schedule?${next.toString()}`;
}

/**
 * The view, its date (today when absent or outside the calendar's years) and the member
 * filter; ?new (a date, or empty for the shown date) and ?edit=<id> open the dialogs.
 */
const scheduleQuery = z.object({
  view: z.enum(["week", "month"]).catch("week"),
  date: valueWhere(isCalendarDate),
  member: reference(),
  edit: reference(),
  new: z.string().optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermission(request, "trainingSessions", "listAll");
  const query = parseSearchParams(request, scheduleQuery);
  const { timeZone } = await getSiteSettings();
  const today = todayIn(timeZone);
  const { view, member: memberId } = query;
  const date = query.date ?? today;
  const days = view === "week" ? weekDays(date) : monthDays(date.slice(0, 7));
  const editId = query.edit ?? null;
  const newParam = query.new;
  const [sessions, members, cancellations, editing] = await Promise.all([
    listTrainingSessions(actor, { ...utcRange(days[0]!, days.at(-1)!, timeZone), memberId }),
    listMembersForScheduling(actor),
    listCancellations(actor, { memberId, limit: 20 }),
    editId ? getTrainingSession(actor, editId) : null,
  ]);
  const prev = view === "week" ? addDays(date, -7) : `${shiftMonth(date.slice(0, 7), -1)}-01`;
  const next = view === "week" ? addDays(date, 7) : `${shiftMonth(date.slice(0, 7), 1)}-01`;
  return {
    view,
    date,
    today,
    timeZone,
    memberId: memberId ?? "",
    days,
    label: view === "week" ? `Week of ${formatShortDate(days[0]!)}` : formatMonth(date.slice(0, 7)),
    prev,
    next,
    sessions,
    members,
    cancellations,
    editing,
    creating: !editing && newParam !== undefined ? { date: isCalendarDate(newParam) ? newParam : date } : null,
  };
}

type ActionData = { form: SessionFormResult };

const formValues = (form: FormData): SessionFormValues => {
  const get = (k: TrainingSessionFormField) => String(form.get(k) ?? "");
  return {
    memberId: get("memberId"),
    date: get("date"),
    time: get("time"),
    duration: get("duration"),
    type: get("type"),
    location: get("location"),
    description: get("description"),
    status: get("status"),
  };
};

/** Back to the schedule as it was (view, date, member), dialogs closed. */
function backTo(request: Request): string {
  const url = new URL(request.url);
  for (const key of ["new", "edit"]) url.searchParams.delete(key);
  const qs = url.searchParams.toString();
  return `/schedule${qs ? `?${qs}` : ""}`;
}

export async function action({ request }: Route.ActionArgs) {
  // Every staff member may open the screen; each action checks its own permission in the module.
  const actor = await requirePermission(request, "trainingSessions", "listAll");
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "").slice(0, 100);
  const back = backTo(request);

  if (intent === "create" || intent === "update") {
    const values = formValues(form);
    try {
      if (intent === "create") {
        await createTrainingSession(actor, values);
        return redirectWithToast(back, { type: "success", title: "Session scheduled", description: `${values.type.trim()} on ${formatLongDate(values.date)} at ${values.time}.` });
      }
      await updateTrainingSession(actor, id, values);
      return redirectWithToast(back, { type: "success", title: "Session updated" });
    } catch (error) {
      if (error instanceof z.ZodError) return data<ActionData>({ form: { fieldErrors: fieldErrors<TrainingSessionFormField>(error), values } }, { status: 400 });
      if (error instanceof AppError) return data<ActionData>({ form: { error: error.message, values } }, { status: error.status });
      throw error;
    }
  }
  if (intent === "cancel") {
    try {
      await cancelTrainingSessionAsStaff(actor, id);
    } catch (error) {
      if (error instanceof AppError) return redirectWithToast(back, { type: "error", title: "Failed to cancel session", description: error.message });
      throw error;
    }
    return redirectWithToast(back, { type: "success", title: "Session cancelled", description: "The session is now marked as cancelled." });
  }
  return data({ ok: false, message: "Unknown action" }, { status: 400 });
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold uppercase">Training Schedule</h1>
      <p role="alert" className="mt-6 text-brand-strong">
        Failed to load the training schedule. Please try again.
      </p>
    </div>
  );
}

export default function StaffSchedule({ loaderData, actionData }: Route.ComponentProps) {
  const { view, date, today, memberId, days, label, prev, next, sessions, members, cancellations, editing, creating, timeZone } = loaderData;
  const navigation = useNavigation();
  const cancellingId = navigation.state !== "idle" && navigation.formData?.get("intent") === "cancel" ? String(navigation.formData.get("id")) : null;
  const q = (changes: Partial<{ view: View; date: string; member: string }> = {}) => listQuery(view, date, memberId || undefined, changes);
  const close = q();
  const byDate = groupByDate(sessions);
  const shownDays = view === "week" ? days : days.filter((d) => byDate.has(d));
  const result = actionData && "form" in actionData ? actionData.form : undefined;
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
          <Link to={`/members/${encodeURIComponent(memberId)}/progress`} className={buttonClass("ghost")}>
            View {memberName}&rsquo;s progress
          </Link>
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
                              <span className="block font-semibold">{s.memberName}</span>
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
                      {c.memberName}
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
