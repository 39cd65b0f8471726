import type { Route } from "./+types/members._index";
import { memberOf } from "~/auth/user-context";
import { listNextClassPlaces } from "~/modules/classes/own-bookings.server";
import { getOwnCheckInStatus } from "~/modules/check-ins/check-ins.server";
import { loadNutritionInsights } from "~/modules/nutrition/member-nutrition.server";
import { getProgressSnapshot } from "~/modules/progress/progress-overview.server";
import { countTrainingSessions, getNextTrainingSessions } from "~/modules/training-sessions/training-sessions.server";
import { getTodayCard } from "~/modules/workouts/training-plan.server";
import { NutritionInsightsCard } from "~/views/nutrition/nutrition-section";
import { ProgressSnapshotCard } from "~/views/progress/progress-snapshot-card";
import { NextSessionCard, RecentActivityCard, UpcomingSessionsCard } from "~/views/training-sessions/session-cards";
import { TodayCard } from "~/views/workouts/today-card";
import { CheckInCard } from "~/views/check-ins/check-in-card";
import { UpcomingClassesCard } from "~/views/classes/class-places";

/** The member's Dashboard: today's training first, this week's check-in while it is asked for, then sessions, the progress snapshot and nutrition at a glance. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = memberOf(context);
  const [today, sessionCount, upcoming, nutrition, progress, checkIn, classes] = await Promise.all([
    getTodayCard(user),
    countTrainingSessions(user),
    getNextTrainingSessions(user, 3),
    loadNutritionInsights(user),
    getProgressSnapshot(user),
    getOwnCheckInStatus(user),
    listNextClassPlaces(user, 3),
  ]);
  // Today's workout's id, chosen before the start (decision 0112): a second tap starts it once, and its page is kept for offline use.
  const start = today.kind === "workout" ? { workoutId: crypto.randomUUID(), account: user.id } : null;
  return { today, start, sessionCount, upcoming, next: upcoming[0] ?? null, nutrition, progress, checkIn: { state: checkIn.state, weekOf: checkIn.weekOf }, classes };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" className="text-2xl font-bold uppercase">
        Dashboard
      </h2>
      <div className="mt-6 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <TodayCard today={loaderData.today} start={loaderData.start ?? undefined} />
        <CheckInCard status={loaderData.checkIn} />
        <RecentActivityCard sessionCount={loaderData.sessionCount} lastBodyUpdate={loaderData.progress.lastBodyUpdate} activeGoals={loaderData.progress.activeGoals} />
        <NextSessionCard next={loaderData.next} />
        <UpcomingSessionsCard upcoming={loaderData.upcoming} />
        <UpcomingClassesCard places={loaderData.classes} />
        <ProgressSnapshotCard snapshot={loaderData.progress} />
        <NutritionInsightsCard data={loaderData.nutrition} />
      </div>
    </section>
  );
}
