import { z } from "zod";
import { requiredNumber, optionalNumber } from "~/lib/number-field";
import type { NumberRule } from "~/lib/number-rules";
import { multiLineText } from "~/lib/text-field";
import type { WeightUnit } from "~/lib/units";
import { valueRule } from "~/modules/progress/progress.schema";

/**
 * The weekly check-in form, the coach's reply and the check-in day setting: checked in the
 * browser and again on the server with the same messages. Browser-safe.
 */

export const scaleNames = ["sleep", "energy", "stress", "hunger"] as const;
export type ScaleName = (typeof scaleNames)[number];

export const scaleLabels: Record<ScaleName, string> = { sleep: "Sleep", energy: "Energy", stress: "Stress", hunger: "Hunger" };
/** What 1 and 5 mean on each scale, shown beside the radio group. */
export const scaleEnds: Record<ScaleName, [string, string]> = {
  sleep: ["1 poor", "5 great"],
  energy: ["1 low", "5 high"],
  stress: ["1 low", "5 high"],
  hunger: ["1 low", "5 high"],
};

export const CHECK_IN_LIMITS = { text: 2000, reply: 4000 } as const;

const scaleRule = (label: string): NumberRule => ({ label, min: 1, max: 5, integer: true, messages: { missing: `Please rate your ${label.toLowerCase()} from 1 to 5`, tooSmall: `${label} must be from 1 to 5`, tooLarge: `${label} must be from 1 to 5` } });

const text = (label: string) =>
  multiLineText({ error: `${label} must be text` })
    .max(CHECK_IN_LIMITS.text, `${label} must be at most ${CHECK_IN_LIMITS.text} characters`)
    .optional()
    .transform((v) => v ?? "");

/** The member's check-in; the weight is typed in the member's unit and may be left blank. */
export function checkInSchema(unit: WeightUnit) {
  return z.object({
    weight: optionalNumber(valueRule("weight", unit)),
    sleep: requiredNumber(scaleRule("Sleep")),
    energy: requiredNumber(scaleRule("Energy")),
    stress: requiredNumber(scaleRule("Stress")),
    hunger: requiredNumber(scaleRule("Hunger")),
    nutritionAdherence: requiredNumber({ label: "Nutrition adherence", min: 0, max: 100, integer: true, unit: "%", messages: { missing: "Please enter your nutrition adherence from 0 to 100 %" } }),
    wins: text("Wins"),
    struggles: text("Struggles"),
    question: text("Your question"),
  });
}
export type CheckInInput = z.output<ReturnType<typeof checkInSchema>>;
export type CheckInField = keyof CheckInInput;

export const replySchema = z.object({
  reply: multiLineText({ error: "Please write a reply" })
    .min(1, "Please write a reply")
    .max(CHECK_IN_LIMITS.reply, `A reply must be at most ${CHECK_IN_LIMITS.reply} characters`),
});

export const checkInDaySchema = z.object({
  checkInDay: requiredNumber({ label: "Check-in day", min: 0, max: 6, integer: true, messages: { missing: "Please choose a check-in day", invalid: "Please choose a check-in day", integer: "Please choose a check-in day", tooSmall: "Please choose a check-in day", tooLarge: "Please choose a check-in day" } }),
});

/** A check-in as lists and pages show it (plain data, browser-safe). */
export interface CheckInView {
  id: string;
  weekOf: string;
  /** In the viewer's unit (the member's own for the member, the staff member's for staff); null when not given. */
  weight: number | null;
  sleep: number;
  energy: number;
  stress: number;
  hunger: number;
  nutritionAdherence: number;
  wins: string;
  struggles: string;
  question: string;
  plannedWorkouts: number;
  loggedWorkouts: number;
  /** The day it was sent, in the site's time zone. */
  sentOn: string;
  reply: string;
  reviewed: boolean;
  /** The day it was reviewed, and by whom (null when the account was deleted since). */
  reviewedOn: string | null;
  reviewerName: string | null;
}

export const CHECK_IN_NOT_FOUND = "Check-in not found";
export const ALREADY_REVIEWED = "Your coach has already reviewed this check-in, so it can no longer be changed.";
export const REPLY_TWICE = "This check-in has already been reviewed.";
/** The check-in form's one intent (this week's check-in and an earlier one's edit alike). */
export const SAVE_CHECK_IN_INTENT = "save-check-in";

export const SIGN_IN_TO_SEND = "Please sign in again to send your check-in.";

/** The form's photo inputs, one per pose (optional files). */
export const photoFields = { front: "photoFront", side: "photoSide", back: "photoBack" } as const;
/** Three photos of up to 10 MB each and the form's text. */
export const CHECK_IN_FORM_MAX_BYTES = 3 * 10 * 1024 * 1024 + 64 * 1024;
