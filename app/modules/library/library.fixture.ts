/** Valid form values for each content type, shared by the content tests (nothing in the app imports it). */
export const validVideo = {
  title: "Kettlebell Swing Basics",
  description: "Hinge, snap and breathe: the swing in ten minutes.",
  videoUrl: "https://www.youtube.com/watch?v=abc123",
  duration: "10:30",
  category: "Technique",
  membersOnly: "",
  imageId: "",
} as const;

export const validMealPlan = {
  title: "Lean Summer Plan",
  description: "High-protein meals for steady fat loss.",
  caloriesPerDay: "2200",
  durationWeeks: "8",
  ingredients: "Chicken breast\nBrown rice\nBroccoli",
  instructions: "Cook the rice. Grill the chicken. Steam the broccoli.",
  category: "Weight Loss",
  difficulty: "Beginner",
  membersOnly: "on",
  imageId: "",
} as const;

export const validSchedule = {
  title: "Strength Foundations",
  description: "Three full-body sessions a week.",
  durationWeeks: "12",
  workoutsPerWeek: "3",
  schedule: "Mon: Squat\nWed: Bench\nFri: Deadlift",
  equipmentNeeded: "Barbell, rack, plates",
  notes: "",
  category: "Strength Training",
  difficulty: "Intermediate",
  membersOnly: "",
  imageId: "",
} as const;
