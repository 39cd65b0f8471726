/**
 * The seven lifts of the progress form's 'Log Workout', each mapped to the built-in
 * exercise (id = slug) its history is logged against, so that history stays attached.
 */
export const LIFT_EXERCISES = {
  bench_press: "bench-press",
  squat: "squat",
  deadlift: "deadlift",
  overhead_press: "overhead-press",
  bent_row: "bent-over-row",
  pull_ups: "pull-up",
  dips: "dip",
} as const;
