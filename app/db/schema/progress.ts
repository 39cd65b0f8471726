import { date, doublePrecision, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Every logged number of a member, one row per value: body composition (weight,
 * body_fat, muscle_mass), one measurement site (chest … neck) or one lift
 * (bench_press … dips). Values are stored in canonical units (kg, %, cm) whatever
 * the member's preference, so a change of unit converts everything. Reads are range
 * scans on (user, kind, date).
 */
export const progressEntry = pgTable(
  "progress_entries",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    recordedOn: date("recorded_on", { mode: "string" }).notNull(),
    value: doublePrecision("value").notNull(),
    sets: integer("sets"),
    reps: integer("reps"),
    notes: text("notes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("progress_entries_user_kind_date_idx").on(t.userId, t.kind, t.recordedOn.desc().nullsFirst(), t.createdAt.desc().nullsFirst())],
);

/** A member's fitness goal. */
export const fitnessGoal = pgTable(
  "fitness_goals",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    targetDate: date("target_date", { mode: "string" }),
    status: text("status", { enum: ["not_started", "in_progress", "completed"] }).notNull().default("not_started"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("fitness_goals_user_idx").on(t.userId, t.createdAt.desc().nullsFirst())],
);
