import { z } from "zod";
import { requiredNumber } from "~/lib/number-field";
import { isPlainTime } from "~/lib/time-zone";
import { isTimeZone } from "~/modules/settings/settings.schema";

/**
 * The member's e-mail reminders (decision 0087): the kinds they switch in Settings, and the
 * form that saves them. Safe in the browser.
 */
export const REMINDER_KINDS = ["session", "workout", "check-in", "coach-reply", "class"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** What an e-mail's one-click unsubscribe turns off: a reminder kind, or the unread-message e-mails (their own switch, decision 0071). */
export const UNSUBSCRIBE_KINDS = [...REMINDER_KINDS, "messages"] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

/** The e-mails as Settings and the unsubscribe page name them. */
export const KIND_LABELS: Record<UnsubscribeKind, string> = {
  session: "Training session tomorrow",
  workout: "Today's workout",
  "check-in": "Check-in due",
  "coach-reply": "Your coach's reply",
  class: "Group class tomorrow",
  messages: "Unread messages",
};

export const REMINDERS_INTENT = "reminders";

export const UNSUBSCRIBE_PATH = "/unsubscribe";
/** The answer to a link that is not one of ours (forged, cut short, or its account gone). */
export const UNSUBSCRIBE_LINK_NOT_VALID = "This unsubscribe link is not valid. You can choose your e-mails in Settings once you log in.";

export interface ReminderSettingsView {
  session: boolean;
  workout: boolean;
  checkIn: boolean;
  coachReply: boolean;
  classBooked: boolean;
  morningHour: number;
  /** HH:mm, or "" when there are no quiet hours. */
  quietFrom: string;
  quietTo: string;
  /** The zone the times are read in. */
  timeZone: string;
}

const box = z.literal("on").optional();
const HOUR = "Please choose an hour between 00:00 and 23:00";
const hhmm = z
  .string()
  .trim()
  .refine((v) => v === "" || isPlainTime(v), "Please enter a time such as 22:00")
  .optional()
  .transform((v) => v ?? "");

export const reminderSettingsSchema = z
  .object({
    session: box,
    workout: box,
    checkIn: box,
    coachReply: box,
    classBooked: box,
    morningHour: requiredNumber({ label: "The hour", min: 0, max: 23, integer: true, messages: { missing: HOUR, invalid: HOUR, integer: HOUR, tooSmall: HOUR, tooLarge: HOUR } }),
    quietFrom: hhmm,
    quietTo: hhmm,
    timeZone: z.string().trim().max(64).refine(isTimeZone, "Your browser's time zone was not recognised; please reload the page and save again"),
  })
  .superRefine((v, ctx) => {
    if (v.quietFrom === "" && v.quietTo !== "") ctx.addIssue({ code: "custom", path: ["quietFrom"], message: "Please enter when quiet hours start, or clear both times" });
    if (v.quietTo === "" && v.quietFrom !== "") ctx.addIssue({ code: "custom", path: ["quietTo"], message: "Please enter when quiet hours end, or clear both times" });
    if (v.quietFrom !== "" && v.quietFrom === v.quietTo) ctx.addIssue({ code: "custom", path: ["quietTo"], message: "Quiet hours must end at another time than they start" });
  });

export type ReminderSettingsFields = "session" | "workout" | "checkIn" | "coachReply" | "classBooked" | "morningHour" | "quietFrom" | "quietTo" | "timeZone";
