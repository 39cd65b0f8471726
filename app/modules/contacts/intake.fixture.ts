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
