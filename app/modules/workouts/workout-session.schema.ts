import { z } from "zod";
import { flag, pageNumber, reference, searchText } from "~/lib/search-params";
import { multiLineText, singleLineText } from "~/lib/text-field";
import { SESSION_LIMITS } from "./set-rules";

/**
 * The workout screen's other forms and addresses, checked on the server. A set's numbers
 * have their own check, shared with the browser (set-rules.ts).
 */

export const CLIENT_KEY_MESSAGE = "The set's key must be a UUID";

/** The idempotency key of a set sent by the offline queue (a UUID made in the browser); absent for a set logged directly. */
export const clientKeySchema = z.object({
  clientKey: z
    .union([z.literal(""), z.uuid({ error: CLIENT_KEY_MESSAGE })], { error: CLIENT_KEY_MESSAGE })
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null)),
});

const reason = singleLineText({ error: "The reason must be text" })
  .max(SESSION_LIMITS.reason, `The reason must be at most ${SESSION_LIMITS.reason} characters`)
  .optional()
  .transform((v) => v ?? "");

export const skipSchema = z.object({ reason });

export const CHOOSE_EXERCISE = "Please choose an exercise";

const exerciseId = z.string({ error: CHOOSE_EXERCISE }).trim().min(1, CHOOSE_EXERCISE).max(200, CHOOSE_EXERCISE);

export const swapSchema = z.object({ exerciseId, reason });

export const addExerciseSchema = z.object({ exerciseId });

export const noteSchema = z.object({
  notes: multiLineText({ error: "Notes must be text" })
    .max(SESSION_LIMITS.notes, `Notes must be at most ${SESSION_LIMITS.notes} characters`)
    .optional()
    .transform((v) => v ?? ""),
});

/** The intents of the workout screen, each one form. */
export const sessionIntents = [
  "log-set",
  "edit-set",
  "delete-set",
  "add-set",
  "skip-exercise",
  "undo-skip",
  "swap-exercise",
  "add-exercise",
  "save-note",
  "finish-workout",
  "discard-workout",
] as const;
export type SessionIntent = (typeof sessionIntents)[number];

/** Seconds of rest when the block names none. */
export const DEFAULT_REST_SECONDS = 90;

/** /members/workouts?page= (the history's page). */
export const workoutsQuery = z.object({ page: pageNumber });

/** /members/workouts/:id?swap=<exercise of the workout>&add=1&q=<name>: the exercise picker, open to swap one or add one. */
export const workoutScreenQuery = z.object({ swap: reference(), add: flag, q: searchText(SESSION_LIMITS.search) });
