import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_HEIGHT_PX } from "~/modules/progress/chart-size";
import type { WeekCompliance } from "~/modules/workouts/program-dates";

/**
 * Weekly compliance as bars (% of the planned workouts done), loaded only in the browser
 * (recharts measures the DOM). The figure around it carries the text alternative, so the
 * drawing is hidden from assistive technology.
 */
export default function ComplianceChart({ weeks }: { weeks: readonly WeekCompliance[] }) {
  const rows = weeks.map((w) => ({ label: `Week ${w.week}`, percent: w.rate === null ? 0 : Math.round(w.rate * 100) }));
  return (
    <div aria-hidden="true" style={{ height: CHART_HEIGHT_PX }} className="w-full">
      <ResponsiveContainer width="100%" height={CHART_HEIGHT_PX}>
        <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
          <CartesianGrid stroke="#e4e4e7" strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: "#3f3f46" }} />
          <YAxis domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} tick={{ fontSize: 12, fill: "#3f3f46" }} />
          <Tooltip formatter={(value) => `${value}%`} />
          <Bar dataKey="percent" name="Compliance" fill="#b91c1c" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
