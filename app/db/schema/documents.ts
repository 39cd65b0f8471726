import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { upload } from "./uploads";

/**
 * A nutrition document staff publish for members: an uploaded file (uploadId) or a
 * link (url), exactly one of the two. Only signed-in users can list or open them.
 */
export const nutritionDocument = pgTable(
  "nutrition_documents",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    category: text("category", { enum: ["meal-plans", "recipes", "education"] }).notNull(),
    type: text("type", { enum: ["pdf", "video", "other"] }).notNull(),
    url: text("url"),
    uploadId: text("upload_id").references(() => upload.id, { onDelete: "set null" }),
    fileName: text("file_name"),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("nutrition_documents_category_idx").on(t.category, t.createdAt.desc().nullsFirst()), index("nutrition_documents_created_idx").on(t.createdAt.desc().nullsFirst())],
);
