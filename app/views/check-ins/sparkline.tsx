/**
 * A small trend line in inline SVG (no chart library): the points in order, the newest
 * marked, a goal (if any) as a dashed line. The SVG is hidden from screen readers;
 * `summary` says the same in words.
 */
export function Sparkline({ values, min, max, label, summary, goal = null }: { values: Array<number | null>; min: number; max: number; label: string; summary: string; goal?: number | null }) {
  const width = 160;
  const height = 40;
  const pad = 4;
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  const span = max - min || 1;
  const points = values
    .map((v, i) => (v === null ? null : { x: pad + i * step, y: pad + (height - 2 * pad) * (1 - (v - min) / span) }))
    .filter((p): p is { x: number; y: number } => p !== null);
  const last = points.at(-1);
  const goalY = goal === null || !Number.isFinite(min) || !Number.isFinite(max) ? null : pad + (height - 2 * pad) * (1 - (goal - min) / span);
  return (
    <figure className="space-y-1">
      <figcaption className="text-sm font-semibold text-zinc-700">{label}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} aria-hidden="true" className="overflow-visible">
        {goalY === null ? null : <line x1={0} x2={width} y1={goalY} y2={goalY} stroke="currentColor" strokeDasharray="4 3" className="text-green-700" />}
        {points.length > 1 ? <polyline points={points.map((p) => `${p.x},${p.y}`).join(" ")} fill="none" stroke="currentColor" strokeWidth="2" className="text-zinc-500" /> : null}
        {last ? <circle cx={last.x} cy={last.y} r="3.5" className="fill-brand" /> : null}
      </svg>
      <p className="text-sm text-zinc-700">{summary}</p>
    </figure>
  );
}
