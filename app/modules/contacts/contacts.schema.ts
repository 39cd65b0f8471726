import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/text-field";

export const genders = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
  { value: "other", label: "Other" },
  { value: "prefer-not-to-say", label: "Prefer not to say" },
] as const;

export const fitnessLevels = [
  { value: "beginner", label: "Beginner" },
  { value: "intermediate", label: "Intermediate" },
  { value: "advanced", label: "Advanced" },
  { value: "professional", label: "Professional" },
] as const;

export const goalOptions = [
  "Weight Loss",
  "Muscle Gain",
  "General Fitness",
  "Sports Performance",
  "Rehabilitation",
  "Flexibility",
  "Stress Relief",
  "Health Maintenance",
] as const;

export const trainingTimes = ["Early Morning (5-8 AM)", "Morning (8-12 PM)", "Afternoon (12-5 PM)", "Evening (5-9 PM)"] as const;

export const trainingLocations = ["Gym", "Home", "Outdoor", "Online", "Studio"] as const;

const values = <T extends ReadonlyArray<{ value: string }>>(options: T) => options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]];

const text = (min: number, message: string, max = 2000) => multiLineText({ error: message }).min(min, message).max(max, `Please keep this under ${max} characters`);
const line = (min: number, message: string, max: number) => singleLineText({ error: message }).min(min, message).max(max, `Please keep this under ${max} characters`);

const choice = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.enum(options, { error: message }));

/** The intake form (spec section 5), checked in the browser and again on the server. */
export const intakeSchema = z.strictObject(
  {
    firstName: line(2, "First name must be at least 2 characters", 100),
    lastName: line(2, "Last name must be at least 2 characters", 100),
    // Trim first, then check the format (z.email().trim() checks the untrimmed value).
    email: z
      .string({ error: "Please enter a valid email address" })
      .trim()
      .pipe(z.email({ error: "Please enter a valid email address" }).max(254, "Please enter a valid email address")),
    phone: line(10, "Please enter a valid phone number", 30),
    age: line(1, "Please enter your age", 20),
    gender: choice(values(genders), "Please select your gender"),
    currentFitnessLevel: z.preprocess(
      (v) => (typeof v === "string" && v !== "" ? v.toLowerCase() : undefined),
      z.enum(values(fitnessLevels), { error: "Please select your fitness level" }),
    ),
    goals: z.preprocess(
      (v) => (v === undefined || v === "" ? [] : typeof v === "string" ? [v] : v),
      z.array(z.enum(goalOptions, { error: "Please select at least one goal" }), { error: "Please select at least one goal" }).min(1, "Please select at least one goal"),
    ),
    medicalConditions: multiLineText().max(2000, "Please keep this under 2000 characters").default(""),
    injuries: multiLineText().max(2000, "Please keep this under 2000 characters").default(""),
    preferredTrainingTime: choice(trainingTimes, "Please select your preferred training time"),
    preferredTrainingLocation: choice(trainingLocations, "Please select your preferred location"),
    experience: text(1, "Please tell us about your fitness experience", 5000),
    expectations: text(1, "Please tell us about your expectations", 5000),
    referralSource: line(1, "Please tell us how you heard about us", 500),
    termsAccepted: z.preprocess(
      (v) => v === true || v === "true" || v === "on",
      z.literal(true, { error: "You must accept the terms and conditions" }),
    ),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? "The form contains fields we do not recognise" : undefined) },
);

export type IntakeInput = z.input<typeof intakeSchema>;
export type Intake = z.output<typeof intakeSchema>;
export type IntakeField = keyof Intake;

/** The order of the fields on the form, for focusing the first invalid one. */
export const intakeFieldOrder: IntakeField[] = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "age",
  "gender",
  "currentFitnessLevel",
  "goals",
  "medicalConditions",
  "injuries",
  "preferredTrainingTime",
  "preferredTrainingLocation",
  "experience",
  "expectations",
  "referralSource",
  "termsAccepted",
];

export const submissionStatuses = ["new", "read", "responded"] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

/** The honeypot's field name: people never see it, bots fill it in. */
export const HONEYPOT_FIELD = "website";
