import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Pagination } from "~/components/ui/pagination";
import { formatCalendarDay, formatShortDate } from "~/lib/dates";
import { formatValue } from "~/lib/units";
import type { PlanDay, PlanDayStatus, TrainingPlan } from "~/modules/workouts/training-plan.server";
import type { HistoryItem } from "~/modules/workouts/workout-screen.server";
import { StartWorkoutForm } from "./start-workout-form";

const statusLabels: Record<PlanDayStatus, string> = {
  done: "Done",
  in_progress: "In progress",
  missed: "Missed",
  today: "Today",
  upcoming: "Upcoming",
  rest: "Rest day",
};

const statusStyles: Record<PlanDayStatus, string> = {
  done: "border-green-700 bg-green-50",
  in_progress: "border-brand bg-white",
  missed: "border-zinc-300 bg-zinc-100",
  today: "border-zinc-900 border-2 bg-white",
  upcoming: "border-zinc-300 bg-white",
  rest: "border-dashed border-zinc-300 bg-white text-zinc-600",
};

type Start = { workoutId: string; account: string };

/**
 * A workout's page always loads as a document (its own script, decision 0109): a plain
 * link goes there at once, where a router link would first load the route in the browser
 * to be sent on as a document; and a page of 180 days renders no router hooks per link.
 */
const workoutHref = (id: string) => `/members/workouts/${id}`;

function DayCell({ day, start }: { day: PlanDay; start?: Start }) {
  return (
    <li className={cn("rounded-lg border p-3", statusStyles[day.status])} aria-current={day.status === "today" ? "date" : undefined}>
      <p className="text-xs font-semibold uppercase tracking-wide text-zinc-600">{formatCalendarDay(day.date)}</p>
      {day.title ? <p className="font-semibold">{day.title}</p> : null}
      <p className="text-sm">{statusLabels[day.status]}</p>
      {day.workoutId ? (
        <a href={workoutHref(day.workoutId)} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand underline-offset-2 hover:underline">
          {day.status === "done" ? "See workout" : "Resume"}
          <span className="sr-only">{`: ${day.title}`}</span>
        </a>
      ) : day.status === "today" && day.dayId ? (
        <div className="mt-2">
          <StartWorkoutForm dayId={day.dayId} label="Start workout" start={start} />
        </div>
      ) : null}
    </li>
  );
}

function ProgramCalendar({ plan, start }: { plan: TrainingPlan; start?: Start }) {
  return (
    <section aria-labelledby="program-title" className="space-y-4">
      <h3 id="program-title" className="text-xl font-bold uppercase">
        {plan.name}
      </h3>
      {plan.weeks.map((week) => (
        <section key={week.number} aria-labelledby={`week-${week.number}`}>
          <h4 id={`week-${week.number}`} className="font-bold">{`Week ${week.number}`}</h4>
          <ol className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
            {week.days.map((day) => (
              <DayCell key={day.date} day={day} start={day.status === "today" ? start : undefined} />
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}

function History({ history }: { history: { items: HistoryItem[]; page: number; pageCount: number; unit: string } }) {
  return (
    <section aria-labelledby="history-title">
      <h3 id="history-title" className="text-xl font-bold uppercase">
        History
      </h3>
      {history.items.length === 0 ? (
        <p className="mt-2 text-zinc-700">No finished workouts yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-zinc-200 rounded-xl border border-zinc-200">
          {history.items.map((w) => (
            <li key={w.id}>
              <a href={workoutHref(w.id)} className="flex min-h-11 flex-wrap items-baseline justify-between gap-x-4 px-4 py-3 hover:bg-zinc-50">
                <span className="font-semibold">{w.title}</span>
                <span className="text-sm text-zinc-700">{`${formatShortDate(w.performedOn)} · ${w.sets} ${w.sets === 1 ? "set" : "sets"} · ${formatValue(w.volume, 0)} ${history.unit}`}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={history.page} pageCount={history.pageCount} href={(page) => `/members/workouts?page=${page}`} label="History pages" />
    </section>
  );
}

/** The workout under way, planned or ad hoc: it leads the page (starting another would only answer it). */
function UnderWay({ workout }: { workout: { id: string; title: string } }) {
  return (
    <section aria-labelledby="under-way-title" className="space-y-3 rounded-xl border-2 border-brand bg-white p-4">
      <h3 id="under-way-title" className="text-xl font-bold uppercase">
        In progress
      </h3>
      <p className="text-lg font-semibold">{workout.title}</p>
      <a href={workoutHref(workout.id)} className={buttonClass("primary", "w-full sm:w-auto")}>
        Resume workout
      </a>
    </section>
  );
}

/** /members/workouts: the workout under way, the program week by week, an empty workout to start, and the history. */
export function WorkoutsSection({
  underWay,
  plan,
  history,
  start,
}: {
  underWay: { id: string; title: string } | null;
  /** Today's workout's id, chosen before the start (decision 0112). */
  start?: Start;
  plan: TrainingPlan | null;
  history: { items: HistoryItem[]; page: number; pageCount: number; unit: string };
}) {
  return (
    <section aria-labelledby="workouts-title" className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="workouts-title" className="text-2xl font-bold uppercase">
          Workouts
        </h2>
        {underWay ? null : <StartWorkoutForm dayId={null} label="Start an empty workout" variant="secondary" />}
      </div>
      {underWay ? <UnderWay workout={underWay} /> : null}
      {plan ? <ProgramCalendar plan={plan} start={start} /> : <p className="text-zinc-700">Nothing to train yet: your coach has not assigned you a program.</p>}
      <History history={history} />
    </section>
  );
}
