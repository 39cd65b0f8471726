import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/text-field";
import type { WeightUnit } from "~/lib/units";

const optionalText = (label: string) => multiLineText().max(2000, `${label} must be at most 2000 characters`).default("");
const optionalLine = (label: string) => singleLineText().max(2000, `${label} must be at most 2000 characters`).default("");

export const fullNameSchema = singleLineText({ error: "Full name is required" })
  .min(1, "Full name is required")
  .max(200, "Full name must be at most 200 characters");

/** The settings profile form: full name required, the rest optional. */
export const profileFormSchema = z.object({
  fullName: fullNameSchema,
  bio: optionalText("Bio"),
  location: optionalLine("Location"),
  interests: optionalText("Interests"),
  experience: optionalText("Experience"),
  goals: optionalText("Goals"),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

const required = (message: string) => multiLineText({ error: message }).min(1, message).max(2000, "Please keep this under 2000 characters");
const requiredLine = (message: string) => singleLineText({ error: message }).min(1, message).max(2000, "Please keep this under 2000 characters");

/** The 3-step wizard: every field is needed for a complete profile. */
export const wizardSchema = z.object({
  fullName: singleLineText({ error: "Please enter your full name to continue." }).min(1, "Please enter your full name to continue.").max(200, "Full name must be at most 200 characters"),
  location: requiredLine("Please enter your location"),
  interests: required("Please enter your interests"),
  experience: required("Please describe your experience"),
  goals: required("Please describe your goals"),
});
export type WizardForm = z.infer<typeof wizardSchema>;

/** The weight-unit switch: lbs (with inches) or kg (with cm). */
export const weightUnitSchema = z.object({ unit: z.enum(["lbs", "kg"], { error: "Please choose lbs or kg" }) });

export interface ProfileFields {
  fullName: string;
  bio: string;
  location: string;
  interests: string;
  experience: string;
  goals: string;
  weightUnit: WeightUnit;
}

