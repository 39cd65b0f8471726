import { lazy, Suspense, type ReactNode } from "react";
import { useIsClient } from "~/components/use-is-client";
import { formatShortDate } from "~/lib/dates";
import { formatValue } from "~/lib/units";
import { CHART_HEIGHT_PX } from "~/modules/progress/chart-size";
import { rangeLabels } from "~/modules/progress/progress.schema";
import type { ChartSeries, ProgressOverview } from "~/modules/progress/progress-types";

/** The Progress charts with their text alternatives: a caption, a one-line summary and a data table. */

// recharts is large and needs the DOM: it loads in the browser, after the page.
const ProgressChart = lazy(() => import("./progress-charts"));

export function rangePhrase(range: ProgressOverview["range"]): string {
  return range === "all" ? "all time" : `the last ${rangeLabels[range]}`;
}

export function summarise(series: ChartSeries): string {
  const n = series.points.length;
  if (n === 0) return `No ${series.label.toLowerCase()} entries in this range.`;
  const first = series.points[0]!;
  const last = series.points[n - 1]!;
  const records = series.points.filter((p) => p.pr).length;
  const base = `${n} ${n === 1 ? "entry" : "entries"}, from ${formatValue(first.value)} ${series.unit} on ${formatShortDate(first.date)} to ${formatValue(last.value)} ${series.unit} on ${formatShortDate(last.date)}.`;
  return records ? `${base} ${records} personal ${records === 1 ? "record" : "records"}.` : base;
}

function ChartPlaceholder() {
  return <div aria-hidden="true" style={{ height: CHART_HEIGHT_PX }} className="w-full rounded-md bg-zinc-50" />;
}

/** A chart with its text alternative: a caption, a one-line summary and a data table for screen readers. */
export function ChartFigure({ caption, summary, empty, chart, table }: { caption: string; summary: string; empty: boolean; chart: Parameters<typeof ProgressChart>[0]; table: ReactNode }) {
  const isClient = useIsClient();
  return (
    <figure className="space-y-2">
      <figcaption>
        <span className="block text-sm font-semibold text-zinc-900">{caption}</span>
        <span className="block text-sm text-zinc-700">{summary}</span>
      </figcaption>
      {empty ? null : isClient ? (
        <Suspense fallback={<ChartPlaceholder />}>
          <ProgressChart {...chart} />
        </Suspense>
      ) : (
        <ChartPlaceholder />
      )}
      {empty ? null : table}
    </figure>
  );
}

export function MeasurementsFigure({ series, range }: { series: ChartSeries[]; range: ProgressOverview["range"] }) {
  const withData = series.filter((s) => s.points.length > 0);
  const summary =
    withData.length === 0
      ? "No measurements in this range."
      : withData.map((s) => `${s.label}: ${formatValue(s.points[0]!.value)} to ${formatValue(s.points[s.points.length - 1]!.value)} ${s.unit}`).join("; ") + ".";
  return (
    <ChartFigure
      caption={`Measurements over ${rangePhrase(range)}, one line per site`}
      summary={summary}
      empty={withData.length === 0}
      chart={{ variant: "measurements", series: withData }}
      table={
        <>
          {withData.map((s) => (
            <SeriesTable key={s.kind} series={s} />
          ))}
        </>
      }
    />
  );
}

/**
 * The chart's data for screen readers. Hidden by the box around it, never by `sr-only` on the
 * table itself: a table is as wide as its cells whatever its width says, and one row of it
 * (unwrapped) made a phone's page scroll sideways.
 */
export function SeriesTable({ series, extra }: { series: ChartSeries; extra?: "average" | "pr" }) {
  return (
    <div className="sr-only">
      <table>
        <caption>
          {series.label} ({series.unit})
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">{extra === "pr" ? "Estimated one-rep max" : series.label}</th>
            {extra === "average" ? <th scope="col">7-entry average</th> : null}
            {extra === "pr" ? <th scope="col">Set</th> : null}
            {extra === "pr" ? <th scope="col">Personal record</th> : null}
          </tr>
        </thead>
        <tbody>
          {series.points.map((p, i) => (
            <tr key={`${p.date}-${i}`}>
              <td>{formatShortDate(p.date)}</td>
              <td>{formatValue(p.value)}</td>
              {extra === "average" ? <td>{p.average === undefined ? "" : formatValue(p.average)}</td> : null}
              {extra === "pr" ? <td>{`${p.reps ?? ""} × ${p.weight === undefined ? "" : formatValue(p.weight)}`}</td> : null}
              {extra === "pr" ? <td>{p.pr ? "Yes" : "No"}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
