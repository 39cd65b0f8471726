/**
 * The seven lifts of the progress form's 'Log Workout' and the built-in exercises they
 * are: a logged lift is a set of that exercise, so its history stays attached.
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

export type LiftKey = keyof typeof LIFT_EXERCISES;
