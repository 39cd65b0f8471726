/** The nutrition documents the e2e set-up publishes (tests/e2e/support/seed-data.ts). Recipes stays empty on purpose. */
export const fixtureNutrition = {
  pdf: { title: "Fat Loss Meal Plan", description: "Four weeks of simple meals.", category: "meal-plans", type: "pdf", fileName: "Fat Loss Meal Plan.pdf", pdfText: "Fat Loss Meal Plan" },
  link: { title: "Hydration Basics", description: "A short video on drinking enough.", category: "education", type: "video", url: "https://example.com/hydration-basics" },
} as const;
