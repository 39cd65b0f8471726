import { sql, type SQL } from "drizzle-orm";
import { check, date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { exercise } from "./exercises";
import { programBlock, programDay } from "./programs";
import { MAX_SETS_PER_EXERCISE } from "../../modules/workouts/set-rules";

/**
 * A workout a member performed (or is performing: no `finishedAt` yet): a day of their
 * program, or ad hoc (no day). The progress form's 'Log Workout' writes one too.
 */
export const workout = pgTable(
  "workouts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    programDayId: text("program_day_id").references(() => programDay.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    performedOn: date("performed_on", { mode: "string" }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    notes: text("notes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("workouts_user_date_idx").on(t.userId, t.performedOn.desc().nullsFirst(), t.startedAt.desc().nullsFirst()),
    index("workouts_day_idx").on(t.programDayId),
    // The workout under way (the Today card, starting one): a member has at most a few unfinished.
    index("workouts_under_way_idx").on(t.userId, t.startedAt.desc().nullsFirst()).where(sql`${t.finishedAt} is null`),
  ],
);

/**
 * One exercise within a performed workout: the block it follows (if any), skipped or
 * swapped with a reason, and the member's note on it.
 */
export const workoutExercise = pgTable(
  "workout_exercises",
  {
    id: text("id").primaryKey(),
    workoutId: text("workout_id")
      .notNull()
      .references(() => workout.id, { onDelete: "cascade" }),
    blockId: text("block_id").references(() => programBlock.id, { onDelete: "set null" }),
    exerciseId: text("exercise_id")
      .notNull()
      .references(() => exercise.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
    status: text("status", { enum: ["planned", "done", "skipped"] }).notNull().default("planned"),
    /** How many set rows the workout screen offers: the block's sets at the start, one more per 'Add set'. */
    plannedSets: integer("planned_sets").notNull().default(1),
    swappedFromId: text("swapped_from_id").references(() => exercise.id, { onDelete: "set null" }),
    reason: text("reason").notNull().default(""),
    notes: text("notes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("workout_exercises_workout_idx").on(t.workoutId, t.position),
    check("workout_exercises_planned_sets_check", sql`${t.plannedSets} between 1 and ${sql.raw(String(MAX_SETS_PER_EXERCISE))}`),
  ],
);

/**
 * Epley's estimate of a set's one-rep max (as `estimatedOneRepMax`): no weight counts as 0 added
 * weight, no reps as a single. One expression for the records' index and every query that
 * reads records, so the planner sees the same thing in both.
 */
export function estimatedOneRepMaxOf(weightKg: AnyPgColumn, reps: AnyPgColumn): SQL<number> {
  return sql<number>`coalesce(${weightKg}, 0) * (1 + coalesce(${reps}, 1)::float8 / 30)`;
}

/**
 * One performed set: the one model of a set, for the workout screen, the 'Log Workout'
 * form and Strength Progress alike. Weights in kilograms whatever the member's unit.
 * `userId`, `exerciseId` and `performedOn` repeat the workout's so that 'last time' and
 * personal records are one index range scan.
 */
export const setLog = pgTable(
  "set_logs",
  {
    id: text("id").primaryKey(),
    workoutExerciseId: text("workout_exercise_id")
      .notNull()
      .references(() => workoutExercise.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    exerciseId: text("exercise_id")
      .notNull()
      .references(() => exercise.id, { onDelete: "restrict" }),
    performedOn: date("performed_on", { mode: "string" }).notNull(),
    setNumber: integer("set_number").notNull(),
    weightKg: doublePrecision("weight_kg"),
    reps: integer("reps"),
    rpe: doublePrecision("rpe"),
    durationSeconds: integer("duration_seconds"),
    distanceMeters: doublePrecision("distance_meters"),
    loggedAt: timestamp("logged_at", { withTimezone: true }).notNull().defaultNow(),
    /** The browser's idempotency key of a set logged through the offline queue: the member's set is stored once per key. */
    clientKey: text("client_key"),
  },
  (t) => [
    // One set per key and member (a resend answers the stored set); another member's key is another key.
    // Partial: only the queue's sets, so the planner never takes it for a member's other set queries.
    uniqueIndex("set_logs_user_client_key_idx").on(t.userId, t.clientKey).where(sql`${t.clientKey} is not null`),
    index("set_logs_user_exercise_date_idx").on(t.userId, t.exerciseId, t.performedOn.desc().nullsFirst()),
    // Records: the best estimated one-rep max of an exercise first.
    index("set_logs_user_exercise_estimate_idx").on(t.userId, t.exerciseId, sql`(${estimatedOneRepMaxOf(t.weightKg, t.reps)}) desc`),
    // One set number per exercise of a workout: two taps at once cannot both be set 3.
    uniqueIndex("set_logs_workout_exercise_idx").on(t.workoutExerciseId, t.setNumber),
    // NOT VALID in its migration: sets logged before the limit (up to 60 were taken) stay as they were.
    check("set_logs_set_number_check", sql`${t.setNumber} between 1 and ${sql.raw(String(MAX_SETS_PER_EXERCISE))}`),
  ],
);

/** A coach's comment on a finished workout; the member sees it and is e-mailed. */
export const workoutComment = pgTable(
  "workout_comments",
  {
    id: text("id").primaryKey(),
    workoutId: text("workout_id")
      .notNull()
      .references(() => workout.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("workout_comments_workout_idx").on(t.workoutId, t.createdAt)],
);
