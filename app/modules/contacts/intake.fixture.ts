/** Test data only (Vitest and Playwright): a complete, valid application as a JSON client sends it. */
export const validApplication = {
  firstName: "Jordan",
  lastName: "Reyes",
  email: "jordan.reyes@example.com",
  phone: "07700 900123",
  age: "34",
  gender: "female",
  currentFitnessLevel: "intermediate",
  goals: ["Weight Loss", "Muscle Gain"],
  medicalConditions: "",
  injuries: "",
  preferredTrainingTime: "Evening (5-9 PM)",
  preferredTrainingLocation: "Gym",
  experience: "Three years of lifting, on and off.",
  expectations: "A plan I can stick to.",
  referralSource: "A friend",
  termsAccepted: true,
};

/** Every required field's message from spec section 5, in form order. */
export const intakeMessages = [
  "First name must be at least 2 characters",
  "Last name must be at least 2 characters",
  "Please enter a valid email address",
  "Please enter a valid phone number",
  "Please enter your age",
  "Please select your gender",
  "Please select your fitness level",
  "Please select at least one goal",
  "Please select your preferred training time",
  "Please select your preferred location",
  "Please tell us about your fitness experience",
  "Please tell us about your expectations",
  "Please tell us how you heard about us",
  "You must accept the terms and conditions",
];
