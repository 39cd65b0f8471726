/**
 * The content manager's tabs and the spec's category and difficulty lists (section 9).
 * Safe in the browser.
 */
export const CONTENT_TABS = [
  { value: "articles", label: "Articles" },
  { value: "videos", label: "Videos" },
  { value: "meal-plans", label: "Meal Plans" },
  { value: "schedules", label: "Schedules" },
] as const;

export type ContentTab = (typeof CONTENT_TABS)[number]["value"];

/** The stored types of content items; articles live in their own table. */
export const CONTENT_TYPES = ["video", "meal_plan", "schedule"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** The tab a type is listed under, and back. */
export const TAB_OF_TYPE: Record<ContentType, ContentTab> = { video: "videos", meal_plan: "meal-plans", schedule: "schedules" };
export const TYPE_OF_TAB: Record<Exclude<ContentTab, "articles">, ContentType> = { videos: "video", "meal-plans": "meal_plan", schedules: "schedule" };

/** How a type is named in sentences ('Video "Title" added'). */
export const TYPE_LABELS: Record<ContentType, string> = { video: "Video", meal_plan: "Meal plan", schedule: "Schedule" };

export function toContentTab(value: string | null | undefined): ContentTab {
  return CONTENT_TABS.some((t) => t.value === value) ? (value as ContentTab) : "articles";
}

export const VIDEO_CATEGORIES = ["Workout", "Technique", "Tutorial", "Motivation", "Recovery", "Nutrition", "Equipment"] as const;
export const MEAL_PLAN_CATEGORIES = ["Weight Loss", "Muscle Gain", "Maintenance", "Vegetarian", "Vegan", "Keto", "Paleo", "Gluten-Free"] as const;
export const SCHEDULE_CATEGORIES = ["Strength Training", "Cardio", "HIIT", "Yoga", "CrossFit", "Flexibility", "Recovery", "Sports Specific"] as const;
export const DIFFICULTY_LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;

export type Difficulty = (typeof DIFFICULTY_LEVELS)[number];
