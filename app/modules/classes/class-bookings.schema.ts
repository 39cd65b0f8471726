import { z } from "zod";

/** The booking rules an administrator sets in /admin/settings (decision 0101). */
export interface ClassBookingSettings {
  /** A member cancels without penalty until this many hours before a class; later is a late cancel. */
  cancelCutoffHours: number;
  /** A place offered from the waitlist inside the cut-off is held this many minutes for the member to confirm. */
  offerWindowMinutes: number;
  /** Places (booked, offered or waiting) a member may hold in one week, Sunday to Saturday in the site's zone. */
  weeklyLimit: number;
  /** How many days ahead members see and book classes. */
  bookAheadDays: number;
}

export const defaultClassBookingSettings: ClassBookingSettings = {
  cancelCutoffHours: 2,
  offerWindowMinutes: 30,
  weeklyLimit: 3,
  bookAheadDays: 14,
};

export const CLASS_BOOKING_LIMITS = {
  cancelCutoffHours: { min: 0, max: 72 },
  offerWindowMinutes: { min: 5, max: 720 },
  weeklyLimit: { min: 1, max: 21 },
  bookAheadDays: { min: 1, max: 56 },
} as const satisfies Record<keyof ClassBookingSettings, { min: number; max: number }>;

const LABELS: Record<keyof ClassBookingSettings, string> = {
  cancelCutoffHours: "Cancellation cut-off",
  offerWindowMinutes: "Time to confirm an offer",
  weeklyLimit: "Bookings per week",
  bookAheadDays: "Days bookable ahead",
};

function wholeNumber(field: keyof ClassBookingSettings) {
  const { min, max } = CLASS_BOOKING_LIMITS[field];
  const message = `${LABELS[field]} must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

/** The class booking form of /admin/settings. */
export const classBookingSettingsFormSchema = z.object({
  cancelCutoffHours: wholeNumber("cancelCutoffHours"),
  offerWindowMinutes: wholeNumber("offerWindowMinutes"),
  weeklyLimit: wholeNumber("weeklyLimit"),
  bookAheadDays: wholeNumber("bookAheadDays"),
});

/** What is read back from the settings row: anything out of bounds falls back to the default. */
export const classBookingSettingsSchema = z.object({
  cancelCutoffHours: z.number().int().min(0).max(72).catch(defaultClassBookingSettings.cancelCutoffHours),
  offerWindowMinutes: z.number().int().min(5).max(720).catch(defaultClassBookingSettings.offerWindowMinutes),
  weeklyLimit: z.number().int().min(1).max(21).catch(defaultClassBookingSettings.weeklyLimit),
  bookAheadDays: z.number().int().min(1).max(56).catch(defaultClassBookingSettings.bookAheadDays),
}) satisfies z.ZodType<ClassBookingSettings, unknown>;

/** A member's booking buttons name the class; nothing else is read from the form. */
export const classChoiceSchema = z.object({
  classId: z.string({ error: "Please choose a class" }).trim().min(1, "Please choose a class").max(100, "Please choose a class"),
});
