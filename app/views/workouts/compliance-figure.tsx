import { lazy, Suspense } from "react";
import { useIsClient } from "~/components/use-is-client";
import { CHART_HEIGHT_PX } from "~/modules/progress/chart-size";
import type { WeekCompliance } from "~/modules/workouts/program-dates";

// recharts is large and needs the DOM: it loads in the browser, after the page.
const ComplianceChart = lazy(() => import("./compliance-chart"));

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** 'Week 1: 2 of 3 (67%)', or 'no training days' for a week of rest. */
export function weekPhrase(w: WeekCompliance): string {
  return w.rate === null ? `Week ${w.week}: no training days yet` : `Week ${w.week}: ${w.done} of ${w.planned} (${percent(w.rate)})`;
}

function Placeholder() {
  return <div aria-hidden="true" style={{ height: CHART_HEIGHT_PX }} className="w-full rounded-md bg-zinc-50" />;
}

/** Weekly compliance: a caption, a one-line summary, the bar chart and a data table for screen readers. */
export function ComplianceFigure({ weeks, programName }: { weeks: readonly WeekCompliance[]; programName: string }) {
  const isClient = useIsClient();
  return (
    <figure className="space-y-2">
      <figcaption>
        <span className="block text-sm font-semibold text-zinc-900">Weekly compliance: workouts done ÷ planned, up to today</span>
        <span className="block text-sm text-zinc-700">{weeks.length === 0 ? "The program has not started yet." : `${weeks.map(weekPhrase).join("; ")}.`}</span>
      </figcaption>
      {weeks.length === 0 ? null : (
        <>
          {isClient ? (
            <Suspense fallback={<Placeholder />}>
              <ComplianceChart weeks={weeks} />
            </Suspense>
          ) : (
            <Placeholder />
          )}
          {/* Hidden by its box: `sr-only` on a table leaves it as wide as its cells (see SeriesTable). */}
          <div className="sr-only">
            <table>
              <caption>Weekly compliance of {programName}</caption>
              <thead>
                <tr>
                  <th scope="col">Week</th>
                  <th scope="col">Done</th>
                  <th scope="col">Planned</th>
                  <th scope="col">Compliance</th>
                </tr>
              </thead>
              <tbody>
                {weeks.map((w) => (
                  <tr key={w.week}>
                    <td>{w.week}</td>
                    <td>{w.done}</td>
                    <td>{w.planned}</td>
                    <td>{w.rate === null ? "No training days" : percent(w.rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}
