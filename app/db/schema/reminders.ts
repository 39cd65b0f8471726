import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A member's e-mail reminders (Settings, decision 0087). No row: the defaults (every kind on
 * but today's workout, at 07:00, no quiet hours, the site's time zone).
 */
export const reminderSettings = pgTable(
  "reminder_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    sessionTomorrow: boolean("session_tomorrow").notNull().default(true),
    todaysWorkout: boolean("todays_workout").notNull().default(false),
    checkInDue: boolean("check_in_due").notNull().default(true),
    coachReply: boolean("coach_reply").notNull().default(true),
    /** A booked group class tomorrow (decision 0122). */
    classBooked: boolean("class_booked").notNull().default(true),
    /** The hour (0-23, the member's zone) of the morning e-mails: today's workout and a check-in due. */
    morningHour: integer("morning_hour").notNull().default(7),
    /** Quiet hours, HH:mm in the member's zone (both or neither); may run past midnight. */
    quietFrom: text("quiet_from"),
    quietTo: text("quiet_to"),
    /** The member's IANA zone, from their browser when they saved; null: the site's zone. */
    timeZone: text("time_zone"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reminder_settings_morning_hour", sql`${t.morningHour} between 0 and 23`),
    check("reminder_settings_quiet_both", sql`(${t.quietFrom} is null) = (${t.quietTo} is null)`),
    // The sweep reads the few who asked for today's workout.
    index("reminder_settings_workout_idx").on(t.userId).where(sql`${t.todaysWorkout}`),
  ],
);
