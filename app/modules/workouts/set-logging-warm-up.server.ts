/**
 * The set-logging path's statements, run at start-up before the server listens (decision
 * 0110): a set sent for a workout no one has. Its key is looked up, the workout is locked
 * and read with its exercise, nothing matches, and it is refused as not found: nothing is
 * written, no data is made up, and its transaction rolls back.
 */
import { AppError } from "~/lib/app-error";
import { logSet } from "./workout-session.server";

/** No member, workout or exercise has this id (theirs are random UUIDs). */
const NO_ONE = "warm-up";
/** A well-formed key no set has: its lookup runs as it does for the offline queue's sets. */
const NO_KEY = "00000000-0000-4000-8000-000000000000";

export async function rehearseSetLogging(): Promise<void> {
  try {
    await logSet({ id: NO_ONE, weightUnit: "kg" }, NO_ONE, { workoutExerciseId: NO_ONE, clientKey: NO_KEY, weight: "60", reps: "5" });
  } catch (error) {
    if (!(error instanceof AppError && error.status === 404)) throw error;
  }
}
