import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A one-to-one training session a trainer or admin scheduled for a member. The start
 * is stored in UTC; pages show it in the site's time zone (site settings).
 */
export const trainingSession = pgTable(
  "training_sessions",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    type: text("type").notNull(),
    location: text("location").notNull().default(""),
    description: text("description").notNull().default(""),
    status: text("status", { enum: ["scheduled", "completed", "cancelled"] }).notNull().default("scheduled"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledById: text("cancelled_by_id").references(() => user.id, { onDelete: "set null" }),
    /** Counts every change after scheduling: the calendar feed's SEQUENCE (decision 0091). */
    revision: integer("revision").notNull().default(0),
    createdById: text("created_by_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("training_sessions_member_idx").on(t.memberId, t.startsAt),
    index("training_sessions_starts_idx").on(t.startsAt),
    // 'Needs attention': the sessions members cancelled lately.
    index("training_sessions_cancelled_idx").on(t.cancelledAt).where(sql`${t.status} = 'cancelled'`),
  ],
);
