// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import {
  fitnessLevels,
  genders,
  goalOptions,
  intakeFieldOrder,
  intakeSchema,
  trainingLocations,
  trainingTimes,
  type IntakeField,
} from "./contacts.schema";
import { validApplication } from "./intake.fixture";

/** The first message per field of a failed parse (what the form shows). */
function messages(input: unknown): Partial<Record<IntakeField | "form", string>> {
  const result = intakeSchema.safeParse(input);
  if (result.success) return {};
  const out: Partial<Record<IntakeField | "form", string>> = {};
  for (const issue of result.error.issues) out[(issue.path[0] as IntakeField | undefined) ?? "form"] ??= issue.message;
  return out;
}

const SPEC_MESSAGES: Record<Exclude<IntakeField, "medicalConditions" | "injuries">, string> = {
  firstName: "First name must be at least 2 characters",
  lastName: "Last name must be at least 2 characters",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  age: "Please enter your age",
  gender: "Please select your gender",
  currentFitnessLevel: "Please select your fitness level",
  goals: "Please select at least one goal",
  preferredTrainingTime: "Please select your preferred training time",
  preferredTrainingLocation: "Please select your preferred location",
  experience: "Please tell us about your fitness experience",
  expectations: "Please tell us about your expectations",
  referralSource: "Please tell us how you heard about us",
  termsAccepted: "You must accept the terms and conditions",
};

describe("intakeSchema: a complete application", () => {
  it("accepts it and stores the fitness level lower-case", () => {
    const parsed = intakeSchema.parse({ ...validApplication, currentFitnessLevel: "Advanced" });
    expect(parsed).toEqual({ ...validApplication, currentFitnessLevel: "advanced" });
  });

  it("trims the text answers, the e-mail included", () => {
    const parsed = intakeSchema.parse({ ...validApplication, firstName: "  Jo ", email: "  jo@example.com ", referralSource: " Instagram\n" });
    expect(parsed.firstName).toBe("Jo");
    expect(parsed.email).toBe("jo@example.com");
    expect(parsed.referralSource).toBe("Instagram");
  });

  it("takes a form post's strings: one goal as a string, the terms box as 'on'", () => {
    const parsed = intakeSchema.parse({ ...validApplication, goals: "Flexibility", termsAccepted: "on" });
    expect(parsed.goals).toEqual(["Flexibility"]);
    expect(parsed.termsAccepted).toBe(true);
    expect(intakeSchema.parse({ ...validApplication, termsAccepted: "true" }).termsAccepted).toBe(true);
  });

  it("treats medical conditions and injuries as optional", () => {
    const { medicalConditions: _m, injuries: _i, ...rest } = validApplication;
    expect(intakeSchema.parse(rest)).toMatchObject({ medicalConditions: "", injuries: "" });
    expect(intakeSchema.parse({ ...validApplication, medicalConditions: " Asthma ", injuries: "Left knee" })).toMatchObject({
      medicalConditions: "Asthma",
      injuries: "Left knee",
    });
  });

  it("refuses fields the form does not have", () => {
    expect(messages({ ...validApplication, isAdmin: true })).toEqual({ form: "The form contains fields we do not recognise" });
  });
});

describe("intakeSchema: every message of spec section 5", () => {
  it("an empty submission gets each required field's message, and only those", () => {
    expect(messages({})).toEqual(SPEC_MESSAGES);
  });

  it("empty strings (an untouched form) get the same messages", () => {
    const blank = Object.fromEntries(intakeFieldOrder.map((f) => [f, ""]));
    expect(messages({ ...blank, goals: [], termsAccepted: false })).toEqual(SPEC_MESSAGES);
  });

  it.each<[IntakeField, unknown, string]>([
    ["firstName", "J", "First name must be at least 2 characters"],
    ["firstName", "  J  ", "First name must be at least 2 characters"],
    ["lastName", "R", "Last name must be at least 2 characters"],
    ["email", "jordan.example.com", "Please enter a valid email address"],
    ["email", "jordan@", "Please enter a valid email address"],
    ["email", `${"a".repeat(250)}@example.com`, "Please enter a valid email address"],
    ["phone", "123456789", "Please enter a valid phone number"],
    ["age", "   ", "Please enter your age"],
    ["gender", "robot", "Please select your gender"],
    ["gender", "Female", "Please select your gender"],
    ["currentFitnessLevel", "elite", "Please select your fitness level"],
    ["goals", ["Get Famous"], "Please select at least one goal"],
    ["goals", "", "Please select at least one goal"],
    ["preferredTrainingTime", "Midnight", "Please select your preferred training time"],
    ["preferredTrainingLocation", "Moon", "Please select your preferred location"],
    ["experience", " ", "Please tell us about your fitness experience"],
    ["expectations", "", "Please tell us about your expectations"],
    ["referralSource", "", "Please tell us how you heard about us"],
    ["termsAccepted", false, "You must accept the terms and conditions"],
    ["termsAccepted", "off", "You must accept the terms and conditions"],
  ])("%s = %j: %s", (field, value, message) => {
    expect(messages({ ...validApplication, [field]: value })).toEqual({ [field]: message });
  });

  it("accepts the shortest answers the rules allow", () => {
    expect(
      intakeSchema.safeParse({ ...validApplication, firstName: "Al", lastName: "Li", phone: "0123456789", age: "9", experience: "x", expectations: "y", referralSource: "z" })
        .success,
    ).toBe(true);
  });

  it("refuses answers of the wrong type with the field's message", () => {
    expect(messages({ ...validApplication, firstName: 42, goals: 7, age: null })).toEqual({
      firstName: "First name must be at least 2 characters",
      goals: "Please select at least one goal",
      age: "Please enter your age",
    });
  });

  it("caps free text at a reasonable length", () => {
    expect(messages({ ...validApplication, injuries: "x".repeat(2001) })).toEqual({ injuries: "Please keep this under 2000 characters" });
    expect(messages({ ...validApplication, experience: "x".repeat(5001) })).toEqual({ experience: "Please keep this under 5000 characters" });
  });
});

describe("intakeSchema: the options of spec section 5", () => {
  it("offers exactly the spec's options", () => {
    expect(genders.map((g) => g.value)).toEqual(["male", "female", "other", "prefer-not-to-say"]);
    expect(fitnessLevels.map((l) => l.label)).toEqual(["Beginner", "Intermediate", "Advanced", "Professional"]);
    expect(fitnessLevels.map((l) => l.value)).toEqual(["beginner", "intermediate", "advanced", "professional"]);
    expect([...goalOptions]).toEqual([
      "Weight Loss",
      "Muscle Gain",
      "General Fitness",
      "Sports Performance",
      "Rehabilitation",
      "Flexibility",
      "Stress Relief",
      "Health Maintenance",
    ]);
    expect([...trainingTimes]).toEqual(["Early Morning (5-8 AM)", "Morning (8-12 PM)", "Afternoon (12-5 PM)", "Evening (5-9 PM)"]);
    expect([...trainingLocations]).toEqual(["Gym", "Home", "Outdoor", "Online", "Studio"]);
  });

  it("accepts every option", () => {
    for (const g of genders) expect(intakeSchema.safeParse({ ...validApplication, gender: g.value }).success).toBe(true);
    for (const l of fitnessLevels) {
      expect(intakeSchema.parse({ ...validApplication, currentFitnessLevel: l.label }).currentFitnessLevel).toBe(l.value);
    }
    expect(intakeSchema.parse({ ...validApplication, goals: [...goalOptions] }).goals).toEqual([...goalOptions]);
    for (const t of trainingTimes) expect(intakeSchema.safeParse({ ...validApplication, preferredTrainingTime: t }).success).toBe(true);
    for (const l of trainingLocations) expect(intakeSchema.safeParse({ ...validApplication, preferredTrainingLocation: l }).success).toBe(true);
  });

  it("lists the form's fields in the order they appear, for focusing the first invalid one", () => {
    expect(intakeFieldOrder[0]).toBe("firstName");
    expect([...intakeFieldOrder].sort()).toEqual(Object.keys(intakeSchema.shape).sort());
  });
});
