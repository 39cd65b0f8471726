import { Dumbbell } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { formatLongDate } from "~/lib/dates";
import type { NextDay, TodayCard as Today } from "~/modules/workouts/training-plan.server";
import { DashboardCard } from "~/views/training-sessions/session-cards";
import { StartWorkoutForm } from "./start-workout-form";

const exerciseCount = (n: number) => `${n} ${n === 1 ? "exercise" : "exercises"}`;

function NextWorkout({ next }: { next: NextDay | null }) {
  if (!next) return <p className="text-zinc-700">No more workouts planned in your program.</p>;
  return <p className="text-zinc-700">{`Next workout: ${next.title} on ${formatLongDate(next.date)} (${exerciseCount(next.exerciseCount)})`}</p>;
}

/** 'Today', leading the dashboard: resume, start today's workout, rest with the next one, or nothing to train yet. */
export function TodayCard({ today, start }: { today: Today; start?: { workoutId: string; account: string } }) {
  return (
    <DashboardCard id="today-title" title="Today" icon={<Dumbbell className="size-5 text-brand" aria-hidden="true" />}>
      {today.kind === "in_progress" ? (
        <div className="space-y-3">
          <p className="text-xl font-semibold">{today.title}</p>
          <p className="text-zinc-700">Your workout is in progress.</p>
          <Link to={`/members/workouts/${today.workoutId}`} className={buttonClass("primary", "w-full sm:w-auto")}>
            Resume workout
          </Link>
        </div>
      ) : today.kind === "workout" ? (
        <div className="space-y-3">
          <p className="text-xl font-semibold">{today.title}</p>
          <p className="text-zinc-700">{exerciseCount(today.exerciseCount)}</p>
          <StartWorkoutForm dayId={today.dayId} label="Start workout" start={start} />
        </div>
      ) : today.kind === "done" ? (
        <div className="space-y-3">
          <p className="text-xl font-semibold">{`${today.title}: done`}</p>
          <Link to={`/members/workouts/${today.workoutId}`} className="font-semibold text-brand underline-offset-2 hover:underline">
            See the summary
          </Link>
          <NextWorkout next={today.next} />
        </div>
      ) : today.kind === "rest" ? (
        <div className="space-y-3">
          <p className="text-xl font-semibold">Rest day</p>
          <NextWorkout next={today.next} />
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-zinc-700">Nothing to train yet: your coach has not assigned you a program.</p>
          <StartWorkoutForm dayId={null} label="Start an empty workout" variant="secondary" />
        </div>
      )}
    </DashboardCard>
  );
}
