/**
 * The staff forms of group classes (decisions 0105-0108), checked again on the server.
 * Times are wall-clock values in the site's time zone.
 */
import { z } from "zod";
import { requiredNumber } from "~/lib/number-field";
import { multiLineText, singleLineText } from "~/lib/text-field";
import { boundedDateField, durationMinutesField, startTimeField } from "~/lib/schedule-fields";

export const CAPACITY_MIN = 1;
export const CAPACITY_MAX = 100;
export const DURATION_MIN = 5;
export const DURATION_MAX = 480;
/** At most this many class types (archived ones too) and active timetable rows. */
export const MAX_CLASS_TYPES = 50;
export const MAX_TIMETABLE_ROWS = 100;

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const id = (message: string) => z.string({ message }).trim().min(1, message).max(100, message);

const date = boundedDateField();
const time = startTimeField();

/** "" (no coach) or a staff member's id. */
const coachId = z.string().trim().max(100).default("");
const location = singleLineText().max(80, "Room must be at most 80 characters").default("");

export const classTypeSchema = z.object({
  name: singleLineText({ message: "Please enter the name" }).min(1, "Please enter the name").max(60, "Name must be at most 60 characters"),
  duration: durationMinutesField(DURATION_MIN, DURATION_MAX),
  intensity: singleLineText({ message: "Please enter the intensity" }).min(1, "Please enter the intensity").max(30, "Intensity must be at most 30 characters"),
  capacity: requiredNumber({
    label: "Capacity",
    min: CAPACITY_MIN,
    max: CAPACITY_MAX,
    integer: true,
    messages: {
      missing: "Please enter the capacity",
      invalid: "Please enter the capacity as a number",
      integer: "Capacity must be a whole number",
      tooSmall: `Capacity must be at least ${CAPACITY_MIN}`,
      tooLarge: `Capacity must be at most ${CAPACITY_MAX}`,
    },
  }),
  description: multiLineText().max(1000, "Description must be at most 1000 characters").default(""),
  imageId: z.string().trim().max(100).default(""),
});
export type ClassTypeField = keyof z.output<typeof classTypeSchema>;

export const moveTypeSchema = z.object({
  typeId: id("Please choose a class type"),
  direction: z.enum(["up", "down"], { message: "Move the class type up or down" }),
});

export const timetableRowSchema = z.object({
  weekday: requiredNumber({ label: "Weekday", min: 0, max: 6, integer: true, messages: { missing: "Please choose the weekday", invalid: "Please choose the weekday" } }),
  time,
  classTypeId: id("Please choose a class type"),
  coachId,
  location,
});
export type TimetableRowField = keyof z.output<typeof timetableRowSchema>;

/** A one-off change to one dated class. */
export const classChangeSchema = z.object({ date, time, coachId, location });
export type ClassChangeField = keyof z.output<typeof classChangeSchema>;

export const extraClassSchema = z.object({ classTypeId: id("Please choose a class type"), date, time, coachId, location });
export type ExtraClassField = keyof z.output<typeof extraClassSchema>;

/** The doors open this long before a class starts: attendance may be marked from then (decision 0121). */
export const DOORS_OPEN_MINUTES = 30;

export const attendanceMarks = ["attended", "no_show", "late_cancelled"] as const;
export type AttendanceMark = (typeof attendanceMarks)[number];
export const attendanceLabels: Record<AttendanceMark, string> = { attended: "Attended", no_show: "No-show", late_cancelled: "Late cancel" };

export const attendanceSchema = z.object({
  bookingId: id("Please choose a booking"),
  mark: z.enum(attendanceMarks, { message: "Mark attended, no-show or late cancel" }),
});

/** Weeks the staff's list of classes reaches either side of this one: a class is set up within them (so it can be found again). */
export const WEEKS_SHOWN = 52;

/** The upcoming-classes list: a week at a time, this week (0) up to a year ahead. */
export const classListQuery = z.object({
  week: requiredNumber({ label: "Week", min: -WEEKS_SHOWN, max: WEEKS_SHOWN, integer: true }).catch(0),
});
