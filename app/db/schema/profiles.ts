import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
