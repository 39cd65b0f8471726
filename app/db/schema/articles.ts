import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { upload } from "./uploads";

/** The one article model: the listing, the article view, the editor and the CMS all use it. */
export const article = pgTable(
  "articles",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    /** Markdown; rendered and sanitised on the server. */
    content: text("content").notNull(),
    category: text("category").notNull(),
    imageId: text("image_id").references(() => upload.id, { onDelete: "set null" }),
    readTime: integer("read_time").notNull().default(5),
    published: boolean("published").notNull().default(false),
    membersOnly: boolean("members_only").notNull().default(false),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("articles_slug_idx").on(t.slug),
    index("articles_visible_idx").on(t.published, t.membersOnly, t.createdAt.desc().nullsFirst()),
    index("articles_category_idx").on(t.category, t.createdAt.desc().nullsFirst()),
    index("articles_created_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);
