import type { PictureImage } from "~/components/ui/picture";

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
export const TYPE_OF_TAB: Record<LibraryTab, ContentType> = { videos: "video", "meal-plans": "meal_plan", schedules: "schedule" };

/** How a type is named in sentences ('Video "Title" added'). */
export const TYPE_LABELS: Record<ContentType, string> = { video: "Video", meal_plan: "Meal plan", schedule: "Schedule" };

export type LibraryTab = Exclude<ContentTab, "articles">;

export function toContentTab(value: string | null | undefined): ContentTab {
  return CONTENT_TABS.some((t) => t.value === value) ? (value as ContentTab) : "articles";
}

/** The content manager's list of one tab (its own URL under /cms). */
export function contentTabPath(tab: ContentTab, page?: number): string {
  return page && page > 1 ? `/cms/${tab}?page=${page}` : `/cms/${tab}`;
}

/** The tab a content manager URL shows (/cms/videos, or its data request /cms/videos.data). */
export function contentTabOfPath(pathname: string): ContentTab {
  return toContentTab(pathname.split("/")[2]?.replace(/\.data$/, ""));
}

/** One card of the content manager's grid. Safe in the browser. */
export interface ContentCardData {
  id: string;
  title: string;
  description: string;
  category: string;
  membersOnly: boolean;
  /** Formatted for display. */
  date: string;
  /** ISO 8601, for the <time> element. */
  dateTime: string;
  image: PictureImage | null;
  /** Difficulty, duration, calories and the like, as short phrases. */
  facts: string[];
  /** Articles only. */
  status?: "Draft" | "Published";
  editHref?: string;
}

export interface ContentCardPage {
  cards: ContentCardData[];
  page: number;
  pageCount: number;
  total: number;
}

export interface ContentListData extends ContentCardPage {
  tab: ContentTab;
  /** Without JavaScript the dialogs open through the URL (?add=1, ?delete=<id>). */
  openAdd: boolean;
  confirmDelete: string | null;
}

export const VIDEO_CATEGORIES = ["Workout", "Technique", "Tutorial", "Motivation", "Recovery", "Nutrition", "Equipment"] as const;
export const MEAL_PLAN_CATEGORIES = ["Weight Loss", "Muscle Gain", "Maintenance", "Vegetarian", "Vegan", "Keto", "Paleo", "Gluten-Free"] as const;
export const SCHEDULE_CATEGORIES = ["Strength Training", "Cardio", "HIIT", "Yoga", "CrossFit", "Flexibility", "Recovery", "Sports Specific"] as const;
export const DIFFICULTY_LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;

export type Difficulty = (typeof DIFFICULTY_LEVELS)[number];
