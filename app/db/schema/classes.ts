import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { upload } from "./uploads";

/**
 * A kind of group class (HIIT Training, Strength & Conditioning …). A type in use is
 * archived, never deleted, so past classes and attendance keep their name.
 */
export const classType = pgTable(
  "class_types",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    intensity: text("intensity").notNull(),
    capacity: integer("capacity").notNull(),
    description: text("description").notNull().default(""),
    imageId: text("image_id").references(() => upload.id, { onDelete: "set null" }),
    /** Order on the Group Classes page. */
    position: integer("position").notNull().default(0),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("class_types_name_idx").on(sql`lower(${t.name})`).where(sql`${t.archivedAt} is null`),
    check("class_types_capacity_check", sql`${t.capacity} between 1 and 100`),
    check("class_types_duration_check", sql`${t.durationMinutes} between 5 and 480`),
  ],
);

/**
 * One row of the weekly timetable: a class type on a weekday at a local time (site time
 * zone). Removing a row archives it; classes already made from it stay.
 */
export const classSlot = pgTable(
  "class_slots",
  {
    id: text("id").primaryKey(),
    classTypeId: text("class_type_id")
      .notNull()
      .references(() => classType.id, { onDelete: "restrict" }),
    /** 0 = Sunday … 6 = Saturday. */
    weekday: integer("weekday").notNull(),
    /** Local wall-clock start, minutes after midnight. */
    startMinute: integer("start_minute").notNull(),
    coachId: text("coach_id").references(() => user.id, { onDelete: "set null" }),
    location: text("location").notNull().default(""),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("class_slots_active_idx").on(t.weekday, t.startMinute).where(sql`${t.archivedAt} is null`),
    check("class_slots_weekday_check", sql`${t.weekday} between 0 and 6`),
    check("class_slots_start_check", sql`${t.startMinute} between 0 and 1439`),
  ],
);

/**
 * One class on one date: made from a timetable row (one per row and local date, so making
 * the coming weeks twice is harmless) or added as an extra class. One-off changes (time,
 * coach, room, cancel) are made here and mark the class as changed, so timetable edits
 * leave it alone. Its row is the lock every booking, cancel and promotion takes.
 */
export const groupClass = pgTable(
  "classes",
  {
    id: text("id").primaryKey(),
    slotId: text("slot_id").references(() => classSlot.id, { onDelete: "set null" }),
    classTypeId: text("class_type_id")
      .notNull()
      .references(() => classType.id, { onDelete: "restrict" }),
    /** The local date the timetable row produced it for (null for extra classes). */
    slotDate: date("slot_date"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    capacity: integer("capacity").notNull(),
    coachId: text("coach_id").references(() => user.id, { onDelete: "set null" }),
    location: text("location").notNull().default(""),
    status: text("status", { enum: ["scheduled", "cancelled"] }).notNull().default("scheduled"),
    /** Set by a one-off change: timetable edits no longer move this class. */
    changedAt: timestamp("changed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Counts every change: the calendar feed's SEQUENCE. */
    revision: integer("revision").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("classes_slot_date_idx").on(t.slotId, t.slotDate),
    index("classes_starts_idx").on(t.startsAt),
    check("classes_capacity_check", sql`${t.capacity} between 1 and 100`),
  ],
);

/** Where a member stands in a class. */
export const bookingStatuses = [
  "booked",
  "waitlisted",
  /** Promoted from the waitlist inside the cut-off: holds the spot until `offerExpiresAt`. */
  "offered",
  "cancelled",
  "late_cancelled",
  /** An offer not confirmed in time, or declined. */
  "offer_lapsed",
  "attended",
  "no_show",
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * A member's booking or waitlist place in one class. Spots taken are the rows booked,
 * offered, attended or no-show; the waitlist is served in `queuedAt` order.
 */
export const classBooking = pgTable(
  "class_bookings",
  {
    id: text("id").primaryKey(),
    classId: text("class_id")
      .notNull()
      .references(() => groupClass.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", { enum: bookingStatuses }).notNull(),
    /** Arrival order: when the member asked for the class (booking or joining the waitlist). */
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    markedById: text("marked_by_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live place per member and class; cancelled rows stay as history.
    uniqueIndex("class_bookings_live_idx")
      .on(t.classId, t.memberId)
      .where(sql`${t.status} not in ('cancelled', 'late_cancelled', 'offer_lapsed')`),
    index("class_bookings_queue_idx").on(t.classId, t.status, t.queuedAt),
    index("class_bookings_member_idx").on(t.memberId, t.status),
    // The sweep that passes lapsed offers on.
    index("class_bookings_offer_idx").on(t.offerExpiresAt).where(sql`${t.status} = 'offered'`),
  ],
);
