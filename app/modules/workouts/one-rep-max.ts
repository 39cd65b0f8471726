/**
 * Epley's estimate of a one-rep max: w × (1 + reps / 30), in the weight's own unit.
 * Strength Progress charts it and marks records with it; a % of 1RM target is worked
 * out from it. Pure: the browser may import it too. The SQL of the lift history
 * (`oneRepMaxSql`) computes the same number in the same order of operations.
 */
export function estimatedOneRepMax(weight: number, reps: number): number {
  return weight * (1 + reps / 30);
}
