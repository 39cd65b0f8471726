import type { WeightUnit } from "~/lib/units";
import type { BodyKind, EntryKind, Exercise, GoalStatus, MeasurementSite, ProgressRange } from "./progress.schema";

/** What the progress functions return: plain data, safe to send to the browser and to import there. */

export type ShownUnit = WeightUnit | "%" | "in" | "cm";

export type Direction = "up" | "down" | "same";

export interface EntryView {
  id: string;
  kind: EntryKind;
  label: string;
  recordedOn: string;
  value: number;
  unit: ShownUnit;
  notes: string;
  /** Change from the entry before it, in the shown unit; null for the first entry. */
  difference: number | null;
  direction: Direction | null;
  sets: number | null;
  reps: number | null;
  /** Lifts only: Epley's estimated one-rep max in the shown unit. */
  estimatedMax: number | null;
}

export interface GoalView {
  id: string;
  title: string;
  description: string;
  targetDate: string | null;
  status: GoalStatus;
  statusLabel: string;
  completedOn: string | null;
}

export interface SeriesPoint {
  date: string;
  value: number;
  /** Weight and body fat: the mean of this entry and up to six before it (in range). */
  average?: number;
  /** Lifts: the set behind the estimate. */
  weight?: number;
  reps?: number;
  /** Lifts: a new best estimated one-rep max. */
  pr?: boolean;
}

export interface ChartSeries {
  kind: EntryKind;
  label: string;
  unit: ShownUnit;
  points: SeriesPoint[];
}

export interface ProgressOverview {
  unit: WeightUnit;
  lengthUnit: "in" | "cm";
  range: ProgressRange;
  today: string;
  goals: GoalView[];
  body: Record<BodyKind, EntryView[]>;
  measurements: Array<{ site: MeasurementSite; label: string; latest: EntryView | null; history: EntryView[] }>;
  lifts: Array<{ exercise: Exercise; label: string; entries: EntryView[] }>;
  charts: { body: ChartSeries[]; measurements: ChartSeries[]; lifts: ChartSeries[] };
}

export interface StaffProgressView {
  member: { id: string; name: string; email: string };
  overview: ProgressOverview;
}

export interface SnapshotValue {
  value: number;
  unit: ShownUnit;
  recordedOn: string;
}

export interface ProgressSnapshot {
  unit: WeightUnit;
  weight: SnapshotValue | null;
  bodyFat: SnapshotValue | null;
  muscleMass: SnapshotValue | null;
  goals: GoalView[];
  activeGoals: number;
  /** The latest date of a body composition or measurement entry. */
  lastBodyUpdate: string | null;
}

export const progressIntents = [
  "log-body",
  "log-measurements",
  "log-workout",
  "set-goal",
  "update-goal",
  "update-entry",
  "delete-entry",
  "delete-goal",
  "set-unit",
] as const;
export type ProgressIntent = (typeof progressIntents)[number];

export function isProgressIntent(value: unknown): value is ProgressIntent {
  return (progressIntents as readonly unknown[]).includes(value);
}
