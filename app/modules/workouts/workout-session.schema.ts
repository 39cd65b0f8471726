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

export const WORKOUT_ID_MESSAGE = "The workout's id must be a UUID";

/** A workout's id chosen in the browser (decision 0112): a UUID, or absent for one the server names. */
export const workoutIdSchema = z.object({
  workoutId: z
    .union([z.literal(""), z.uuid({ error: WORKOUT_ID_MESSAGE })], { error: WORKOUT_ID_MESSAGE })
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null)),
});

/** Characters of a workout's title: a program day's limit. */
export const WORKOUT_TITLE_MAX = 120;
export const SNAPSHOT_MESSAGE = "The workout as it was shown could not be read: open today's workout again";
const snapshotTitle = singleLineText({ error: "The workout's title must be text" })
  .trim()
  .min(1, "The workout's title must not be empty")
  .max(WORKOUT_TITLE_MAX, `The workout's title must be at most ${WORKOUT_TITLE_MAX} characters`);
const snapshotExercise = z.object(
  {
    position: z
      .int({ error: SNAPSHOT_MESSAGE })
      .min(0, SNAPSHOT_MESSAGE)
      .max(SESSION_LIMITS.exercises - 1, SNAPSHOT_MESSAGE),
    exerciseId: z.string({ error: SNAPSHOT_MESSAGE }).min(1, SNAPSHOT_MESSAGE).max(200, SNAPSHOT_MESSAGE),
    blockId: z.string({ error: SNAPSHOT_MESSAGE }).max(200, SNAPSHOT_MESSAGE).nullable(),
    plannedSets: z.int({ error: SNAPSHOT_MESSAGE }).min(1, SNAPSHOT_MESSAGE).max(SESSION_LIMITS.plannedSets, `An exercise can have at most ${SESSION_LIMITS.plannedSets} sets`),
  },
  { error: SNAPSHOT_MESSAGE },
);

/** How far back a queued start may date its workout: a phone that stayed offline for a week still dates it the day it trained. */
export const QUEUED_START_DAYS_BACK = 7;

/**
 * The workout as the page of a not-yet-started workout showed it (decision 0112), sent
 * with its queued start: what the member logged against is what the server creates.
 */
export const startSnapshotSchema = z.object(
  {
    title: snapshotTitle,
    /** The site's day the page was made for: the day the member trained, however late the start arrives. */
    performedOn: z.iso.date({ error: SNAPSHOT_MESSAGE }),
    exercises: z
      .array(snapshotExercise, { error: SNAPSHOT_MESSAGE })
      .max(SESSION_LIMITS.exercises, `A workout can have at most ${SESSION_LIMITS.exercises} exercises`)
      .refine((list) => new Set(list.map((e) => e.position)).size === list.length, SNAPSHOT_MESSAGE),
  },
  { error: SNAPSHOT_MESSAGE },
);
export type StartSnapshot = z.infer<typeof startSnapshotSchema>;

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
/** ?day=<program day>: the page of a workout not started yet, today's day as it is shown offline (decision 0112). */
export const workoutScreenQuery = z.object({ swap: reference(), add: flag, q: searchText(SESSION_LIMITS.search), day: reference() });
