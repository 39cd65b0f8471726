import { boolean, check, doublePrecision, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { user } from "./auth";

/** One profile per user. The full name is the user's name (users.name). */
export const profile = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  bio: text("bio").notNull().default(""),
  location: text("location").notNull().default(""),
  interests: text("interests").notNull().default(""),
  experience: text("experience").notNull().default(""),
  goals: text("goals").notNull().default(""),
  weightUnit: text("weight_unit", { enum: ["lbs", "kg"] }).notNull().default("lbs"),
  /** The weekday the member checks in (0 Sunday … 6 Saturday), set by the staff. */
  checkInDay: integer("check_in_day").notNull().default(0),
  /** The body weight the member works toward (kg), set by the staff: check-ins and 'Needs attention' measure weight against it. */
  goalWeightKg: doublePrecision("goal_weight_kg"),
  /** E-mail me about messages still unread after 10 minutes (Settings). */
  messageEmails: boolean("message_emails").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [check("profiles_check_in_day", sql`${t.checkInDay} between 0 and 6`)]);
