import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_HEIGHT_PX as CHART_HEIGHT } from "~/modules/progress/chart-size";
import type { ChartSeries, SeriesPoint } from "~/modules/progress/progress-types";

/**
 * The recharts drawings, loaded only in the browser (recharts measures the DOM). Each
 * drawing has a text alternative next to it in the section (caption and data table),
 * so the SVG itself is hidden from assistive technology.
 */

const colours = ["#b91c1c", "#1d4ed8", "#047857", "#7c3aed", "#c2410c", "#0f766e"];

const shortDate = (date: string) => {
  const [, m, d] = date.split("-");
  return `${Number(d)}/${Number(m)}`;
};

function Frame({ children }: { children: React.ReactElement }) {
  return (
    <div aria-hidden="true" style={{ height: CHART_HEIGHT }} className="w-full">
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** Weight or body fat with its 7-entry moving average. */
function BodyChart({ series }: { series: ChartSeries }) {
  return (
    <Frame>
      <LineChart accessibilityLayer={false} data={series.points} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
        <CartesianGrid stroke="#e4e4e7" strokeDasharray="3 3" />
        <XAxis dataKey="date" tickFormatter={shortDate} tick={{ fontSize: 12, fill: "#3f3f46" }} minTickGap={16} />
        <YAxis domain={["auto", "auto"]} tick={{ fontSize: 12, fill: "#3f3f46" }} />
        <Tooltip formatter={(value) => `${value} ${series.unit}`} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line type="monotone" dataKey="value" name={series.label} stroke={colours[0]} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
        <Line type="monotone" dataKey="average" name="7-entry average" stroke="#52525b" strokeDasharray="5 4" dot={false} isAnimationActive={false} />
      </LineChart>
    </Frame>
  );
}

/** Every measured site as one line; entries of one day share a point. */
function MeasurementsChart({ series }: { series: ChartSeries[] }) {
  const byDate = new Map<string, Record<string, number | string>>();
  for (const s of series) {
    for (const p of s.points) byDate.set(p.date, { ...(byDate.get(p.date) ?? { date: p.date }), [s.kind]: p.value });
  }
  const rows = [...byDate.values()].sort((x, y) => String(x.date).localeCompare(String(y.date)));
  return (
    <Frame>
      <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
        <CartesianGrid stroke="#e4e4e7" strokeDasharray="3 3" />
        <XAxis dataKey="date" tickFormatter={shortDate} tick={{ fontSize: 12, fill: "#3f3f46" }} minTickGap={16} />
        <YAxis domain={["auto", "auto"]} tick={{ fontSize: 12, fill: "#3f3f46" }} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s, i) => (
          <Line key={s.kind} type="monotone" dataKey={s.kind} name={s.label} stroke={colours[i % colours.length]} strokeWidth={2} dot={{ r: 3 }} connectNulls isAnimationActive={false} />
        ))}
      </LineChart>
    </Frame>
  );
}

interface DotProps {
  cx?: number;
  cy?: number;
  payload?: SeriesPoint;
  index?: number;
}

/** A personal record is a larger filled dot with a ring; other sets a small dot. */
function LiftDot({ cx, cy, payload, index }: DotProps) {
  if (cx === undefined || cy === undefined) return null;
  if (payload?.pr) {
    return <circle key={`pr-${index}`} cx={cx} cy={cy} r={6} fill="#b91c1c" stroke="#450a0a" strokeWidth={2} className="progress-pr-dot" />;
  }
  return <circle key={`dot-${index}`} cx={cx} cy={cy} r={3} fill="#ffffff" stroke="#1d4ed8" strokeWidth={2} />;
}

/** A lift's estimated one-rep max over time, records marked. */
function LiftChart({ series }: { series: ChartSeries }) {
  return (
    <Frame>
      <LineChart accessibilityLayer={false} data={series.points} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
        <CartesianGrid stroke="#e4e4e7" strokeDasharray="3 3" />
        <XAxis dataKey="date" tickFormatter={shortDate} tick={{ fontSize: 12, fill: "#3f3f46" }} minTickGap={16} />
        <YAxis domain={["auto", "auto"]} tick={{ fontSize: 12, fill: "#3f3f46" }} />
        <Tooltip formatter={(value) => `${value} ${series.unit}`} />
        <Line type="monotone" dataKey="value" name="Estimated 1RM" stroke="#1d4ed8" strokeWidth={2} dot={LiftDot} isAnimationActive={false} />
      </LineChart>
    </Frame>
  );
}

export type ChartProps = { variant: "body"; series: ChartSeries } | { variant: "measurements"; series: ChartSeries[] } | { variant: "lift"; series: ChartSeries };

export default function ProgressChart(props: ChartProps) {
  if (props.variant === "measurements") return <MeasurementsChart series={props.series} />;
  if (props.variant === "lift") return <LiftChart series={props.series} />;
  return <BodyChart series={props.series} />;
}
