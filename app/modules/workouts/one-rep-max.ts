/**
 * One-rep-max arithmetic for suggested weights and personal records. Pure and safe in
 * the browser; weights in whatever unit they come in (the callers use kilograms).
 */

/** Epley's formula is used up to this many reps; past it the estimate drifts too far to plan from. */
export const MAX_ESTIMATE_REPS = 12;

/**
 * Epley's estimate of a one-rep max: w × (1 + reps / 30), in the weight's own unit.
 * Strength Progress charts it and marks its records with it; the SQL of the lift history
 * (`oneRepMaxSql`) computes the same number in the same order of operations.
 */
export function estimatedOneRepMax(weight: number, reps: number): number {
  return weight * (1 + reps / 30);
}

/**
 * The estimate a workout plans from (suggested weights, the summary's records): Epley,
 * but a single is its own max, and null when the set cannot say (no weight, no reps, or
 * more reps than the formula holds for).
 */
export function estimateOneRepMax(weight: number | null, reps: number | null): number | null {
  if (weight === null || reps === null || weight <= 0 || reps < 1 || reps > MAX_ESTIMATE_REPS) return null;
  return reps === 1 ? weight : estimatedOneRepMax(weight, reps);
}

/**
 * Tuchscherer's RPE chart as one sequence: its rows are shifted copies of one another, so
 * each half point of RPE below 10 is one step along it and each rep beyond the first two
 * steps (RPE 10 × 1 = 100 %, RPE 9.5 × 1 = 97.8 %, RPE 10 × 2 = 95.5 %).
 */
const RPE_CHART = [
  100, 97.8, 95.5, 93.9, 92.2, 90.7, 89.2, 87.8, 86.3, 85.0, 83.7, 82.4, 81.1, 79.9, 78.6, 77.4, 76.2, 75.1, 73.9, 72.3, 70.7, 69.4, 68.0, 66.7, 65.3, 64.0,
  62.6, 61.3, 59.9, 58.6,
];

/** The lowest RPE the chart reads (RIR 3.5); a lighter target gets no suggested weight. */
export const MIN_CHART_RPE = 6.5;

/** % of 1RM for a set of `reps` at `rpe` (6.5-10 in half points), or null outside the chart. */
export function percentOfOneRepMax(reps: number, rpe: number): number | null {
  if (!Number.isInteger(reps) || reps < 1 || reps > MAX_ESTIMATE_REPS) return null;
  if (rpe < MIN_CHART_RPE || rpe > 10 || !Number.isInteger(rpe * 2)) return null;
  return RPE_CHART[(reps - 1) * 2 + (10 - rpe) * 2] ?? null;
}

/** Reps in reserve are the other way of writing RPE: RIR 2 is RPE 8. */
export const rpeFromRir = (rir: number): number => 10 - rir;

/** A suggested weight rounded to what a gym loads: 2.5 kg or 5 lb steps. */
export function roundToPlates(weight: number, step: number): number {
  return Math.round(weight / step) * step;
}
