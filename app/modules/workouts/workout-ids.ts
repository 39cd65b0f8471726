/**
 * A workout's exercises are named after the workout and their place in it (decision 0112):
 * the page of a workout not started yet knows the ids its sets will be stored against.
 * Safe in the browser.
 */
export function workoutExerciseIdFor(workoutId: string, position: number): string {
  return `${workoutId}-e${position}`;
}
