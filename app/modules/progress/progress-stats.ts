import type { fitnessGoal } from "~/db/schema/progress";
import { addDays } from "~/lib/time-zone";
import { lengthUnitFor, roundForDisplay, weightFromKg, type WeightUnit } from "~/lib/units";
import type { ChartSeries, EntryView, GoalView, ProgressOverview, ProgressSnapshot, SnapshotValue } from "./progress-types";
import { toShown, unitOf } from "./progress-units";
import { estimatedOneRepMax } from "~/modules/workouts/one-rep-max";
import { bodyKinds, exercises, goalStatusLabels, isExercise, kindLabels, measurementSites, type BodyKind, type EntryKind, type Exercise, type ProgressRange } from "./progress.schema";

/**
 * From stored rows to what the Progress section shows: histories with their changes,
 * chart series with moving averages and personal records, the dashboard's snapshot.
 * Pure: no database, no clock (today comes in).
 */

export const HISTORY_LENGTH = 4;
export const MOVING_AVERAGE_WINDOW = 7;
export const SNAPSHOT_GOALS = 2;
/** Always shown in Strength Progress, as the spec's card has them. */
const alwaysShownLifts: readonly Exercise[] = ["bench_press", "squat"];

type GoalRow = typeof fitnessGoal.$inferSelect;

/** A stored entry as the queries give it (value in kg, cm or %). */
export interface EntryRow {
  id: string;
  kind: string;
  recordedOn: string;
  value: number;
  sets: number | null;
  reps: number | null;
  notes: string;
}

/** A chart point as the series query gives it. */
export interface SeriesRow {
  kind: string;
  recordedOn: string;
  value: number;
  reps: number | null;
}

export function rangeStart(range: ProgressRange, today: string): string | null {
  if (range === "4w") return addDays(today, -28);
  if (range === "3m") return shiftMonths(today, -3);
  if (range === "1y") return shiftMonths(today, -12);
  return null;
}

function shiftMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  // 31 May minus 3 months is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Trailing mean over up to `window` values (fewer at the start). */
export function movingAverage(values: readonly number[], window = MOVING_AVERAGE_WINDOW): number[] {
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) {
    sum += values[i]!;
    if (i >= window) sum -= values[i - window]!;
    out.push(sum / Math.min(i + 1, window));
  }
  return out;
}

/**
 * Marks the sets whose estimated one-rep max beats every earlier one. The first set
 * ever logged sets the baseline and is not a record; a set of 0 added weight never is.
 */
export function markPersonalRecords(estimates: readonly number[], priorBest: number | null): boolean[] {
  let best = priorBest;
  return estimates.map((e) => {
    const isRecord = best !== null && e > best + 1e-9 && e > 0;
    if (best === null || e > best) best = e;
    return isRecord;
  });
}

export function groupByKind<T extends { kind: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.kind);
    if (list) list.push(r);
    else out.set(r.kind, [r]);
  }
  return out;
}

/** The newest entries of one kind (newest first, one more than shown) with each one's change. */
export function toEntryViews(raw: readonly EntryRow[], kind: EntryKind, unit: WeightUnit): EntryView[] {
  const shown = raw.map((r) => toShown(kind, r.value, unit));
  return raw.slice(0, HISTORY_LENGTH).map((r, i) => {
    const previous = shown[i + 1];
    const difference = previous === undefined ? null : roundForDisplay(shown[i]! - previous);
    return {
      id: r.id,
      kind,
      label: kindLabels[kind],
      recordedOn: r.recordedOn,
      value: shown[i]!,
      unit: unitOf(kind, unit),
      notes: r.notes,
      difference,
      direction: difference === null ? null : difference > 0 ? "up" : difference < 0 ? "down" : "same",
      sets: r.sets,
      reps: r.reps,
      estimatedMax: isExercise(kind) && r.reps ? roundForDisplay(weightFromKg(estimatedOneRepMax(r.value, r.reps), unit)) : null,
    };
  });
}

export function toGoalView(g: GoalRow): GoalView {
  return {
    id: g.id,
    title: g.title,
    description: g.description,
    targetDate: g.targetDate,
    status: g.status,
    statusLabel: goalStatusLabels[g.status],
    completedOn: g.completedAt ? g.completedAt.toISOString().slice(0, 10) : null,
  };
}

function chartsOf(series: readonly SeriesRow[], priorBest: ReadonlyMap<string, number>, unit: WeightUnit): ProgressOverview["charts"] {
  const seriesBy = groupByKind(series);
  const body: ChartSeries[] = bodyKinds.map((kind) => {
    const rows = seriesBy.get(kind) ?? [];
    const values = rows.map((r) => toShown(kind, r.value, unit));
    const averages = movingAverage(values);
    return {
      kind,
      label: kindLabels[kind],
      unit: unitOf(kind, unit),
      points: rows.map((r, i) => ({ date: r.recordedOn, value: values[i]!, average: roundForDisplay(averages[i]!) })),
    };
  });
  const measurements: ChartSeries[] = measurementSites.map((site) => ({
    kind: site,
    label: kindLabels[site],
    unit: unitOf(site, unit),
    points: (seriesBy.get(site) ?? []).map((r) => ({ date: r.recordedOn, value: toShown(site, r.value, unit) })),
  }));
  const lifts: ChartSeries[] = exercises
    .filter((ex) => (seriesBy.get(ex) ?? []).length > 0)
    .map((ex) => {
      const rows = seriesBy.get(ex)!;
      const estimates = rows.map((r) => estimatedOneRepMax(r.value, r.reps ?? 1));
      const records = markPersonalRecords(estimates, priorBest.get(ex) ?? null);
      return {
        kind: ex,
        label: kindLabels[ex],
        unit,
        points: rows.map((r, i) => ({
          date: r.recordedOn,
          value: roundForDisplay(weightFromKg(estimates[i]!, unit)),
          weight: toShown(ex, r.value, unit),
          reps: r.reps ?? undefined,
          pr: records[i]!,
        })),
      };
    });
  return { body, measurements, lifts };
}

export interface OverviewRows {
  unit: WeightUnit;
  range: ProgressRange;
  today: string;
  goals: readonly GoalRow[];
  /** The newest HISTORY_LENGTH + 1 entries of each kind. */
  latest: readonly EntryRow[];
  /** The range's entries, oldest first. */
  series: readonly SeriesRow[];
  /** Each lift's best estimated one-rep max before the range. */
  priorBest: ReadonlyArray<{ kind: string; best: number }>;
}

/** Everything the Progress section shows, in the member's unit. */
export function shapeOverview({ unit, range, today, goals, latest, series, priorBest }: OverviewRows): ProgressOverview {
  const latestBy = groupByKind(latest);
  const viewsOf = (kind: EntryKind) => toEntryViews(latestBy.get(kind) ?? [], kind, unit);
  return {
    unit,
    lengthUnit: lengthUnitFor(unit),
    range,
    today,
    goals: goals.map(toGoalView),
    body: { weight: viewsOf("weight"), body_fat: viewsOf("body_fat"), muscle_mass: viewsOf("muscle_mass") },
    measurements: measurementSites.map((site) => {
      const history = viewsOf(site);
      return { site, label: kindLabels[site], latest: history[0] ?? null, history };
    }),
    lifts: exercises
      .filter((ex) => alwaysShownLifts.includes(ex) || latestBy.has(ex))
      .map((ex) => ({ exercise: ex, label: kindLabels[ex], entries: viewsOf(ex) })),
    charts: chartsOf(series, new Map(priorBest.map((p) => [p.kind, p.best])), unit),
  };
}

/** The dashboard's Progress Snapshot from the newest entry of each body kind and site. */
export function shapeSnapshot(unit: WeightUnit, latest: readonly EntryRow[], goals: readonly GoalRow[], activeGoals: number): ProgressSnapshot {
  const lastBodyUpdate = latest.reduce<string | null>((newest, r) => (newest === null || r.recordedOn > newest ? r.recordedOn : newest), null);
  const valueOf = (kind: BodyKind): SnapshotValue | null => {
    const row = latest.find((r) => r.kind === kind);
    return row ? { value: toShown(kind, row.value, unit), unit: unitOf(kind, unit), recordedOn: row.recordedOn } : null;
  };
  return {
    unit,
    weight: valueOf("weight"),
    bodyFat: valueOf("body_fat"),
    muscleMass: valueOf("muscle_mass"),
    goals: goals.map(toGoalView),
    activeGoals,
    lastBodyUpdate,
  };
}
