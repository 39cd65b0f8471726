import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { upload } from "./uploads";

/**
 * Videos, meal plans and workout schedules from the content manager. Articles have
 * their own table (schema/articles.ts); the type-specific columns are null for the
 * other types.
 */
export const contentItem = pgTable(
  "content_items",
  {
    id: text("id").primaryKey(),
    type: text("type", { enum: ["video", "meal_plan", "schedule"] }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    membersOnly: boolean("members_only").notNull().default(false),
    /** The image of a meal plan or schedule, the thumbnail of a video. */
    imageId: text("image_id").references(() => upload.id, { onDelete: "set null" }),
    videoUrl: text("video_url"),
    duration: text("duration"),
    difficulty: text("difficulty"),
    caloriesPerDay: integer("calories_per_day"),
    durationWeeks: integer("duration_weeks"),
    workoutsPerWeek: integer("workouts_per_week"),
    ingredients: text("ingredients"),
    instructions: text("instructions"),
    schedule: text("schedule"),
    equipmentNeeded: text("equipment_needed"),
    notes: text("notes"),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("content_items_type_idx").on(t.type, t.createdAt.desc().nullsFirst()),
    index("content_items_visible_idx").on(t.type, t.membersOnly, t.createdAt.desc().nullsFirst()),
  ],
);
