import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/text-field";
import { durationMinutesField, plainDateField, startTimeField } from "~/lib/schedule-fields";
import { isPlainDate } from "~/lib/time-zone";
import { CALENDAR_YEARS, isCalendarDate } from "./calendar";

export const trainingSessionStatuses = ["scheduled", "completed", "cancelled"] as const;
export type TrainingSessionStatus = (typeof trainingSessionStatuses)[number];

export const statusLabels: Record<TrainingSessionStatus, string> = { scheduled: "Scheduled", completed: "Completed", cancelled: "Cancelled" };

export const DURATION_MIN = 15;
export const DURATION_MAX = 480;

/**
 * The staff 'Schedule Session' form, checked in the browser and again on the server.
 * Date and time are wall-clock values in the site's time zone.
 */
export const trainingSessionFormSchema = z.object({
  memberId: z.string({ message: "Please choose a member" }).trim().min(1, "Please choose a member"),
  date: plainDateField().refine((value) => !isPlainDate(value) || isCalendarDate(value), `Please choose a date between ${CALENDAR_YEARS.first} and ${CALENDAR_YEARS.last}`),
  time: startTimeField(),
  duration: durationMinutesField(DURATION_MIN, DURATION_MAX),
  type: singleLineText({ message: "Please enter the session type" }).min(1, "Please enter the session type").max(80, "Session type must be at most 80 characters"),
  location: singleLineText().max(120, "Location must be at most 120 characters").default(""),
  description: multiLineText().max(2000, "Description must be at most 2000 characters").default(""),
  status: z.enum(trainingSessionStatuses, { message: "Status must be scheduled, completed or cancelled" }).default("scheduled"),
});

export type TrainingSessionFormInput = z.input<typeof trainingSessionFormSchema>;
export type TrainingSessionForm = z.output<typeof trainingSessionFormSchema>;
export type TrainingSessionFormField = keyof TrainingSessionForm;

export type TrainingSessionFormValues = Record<TrainingSessionFormField, string>;

const formFields: readonly TrainingSessionFormField[] = ["memberId", "date", "time", "duration", "type", "location", "description", "status"];

/** The session form's fields as sent (missing ones empty): what the service checks and the form shows again. */
export function trainingSessionFormValues(form: Record<string, unknown>): TrainingSessionFormValues {
  const values = {} as TrainingSessionFormValues;
  for (const field of formFields) {
    const value = form[field];
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}
