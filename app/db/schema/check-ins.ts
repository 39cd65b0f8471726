import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { progressEntry } from "./progress";

/**
 * A member's weekly check-in: one per member and week, the week named by the date of the
 * member's check-in day it starts on (`weekOf`). Editable by the member until a coach
 * reviews it. Training adherence is the week's planned and logged workouts, counted when
 * the check-in is sent or edited.
 */
export const checkIn = pgTable(
  "check_ins",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    weekOf: date("week_of", { mode: "string" }).notNull(),
    /** The body weight, as the progress entry written with it (kg, canonical). */
    weightEntryId: text("weight_entry_id").references(() => progressEntry.id, { onDelete: "set null" }),
    sleep: integer("sleep").notNull(),
    energy: integer("energy").notNull(),
    stress: integer("stress").notNull(),
    hunger: integer("hunger").notNull(),
    /** Percent of the week the member kept to their nutrition plan. */
    nutritionAdherence: integer("nutrition_adherence").notNull(),
    wins: text("wins").notNull().default(""),
    struggles: text("struggles").notNull().default(""),
    question: text("question").notNull().default(""),
    plannedWorkouts: integer("planned_workouts").notNull().default(0),
    loggedWorkouts: integer("logged_workouts").notNull().default(0),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    reply: text("reply").notNull().default(""),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedById: text("reviewed_by_id").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("check_ins_user_week_idx").on(t.userId, t.weekOf.desc().nullsFirst()),
    // The staff's 'check-ins to review' list (oldest first, then by id: read in order) and the waiting-for-review rule.
    index("check_ins_waiting_idx").on(t.submittedAt, t.id).where(sql`${t.reviewedAt} is null`),
    check("check_ins_scales", sql`${t.sleep} between 1 and 5 and ${t.energy} between 1 and 5 and ${t.stress} between 1 and 5 and ${t.hunger} between 1 and 5`),
    check("check_ins_nutrition", sql`${t.nutritionAdherence} between 0 and 100`),
  ],
);
