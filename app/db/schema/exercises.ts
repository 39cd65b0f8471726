import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { upload } from "./uploads";

/** How a set of the exercise is measured, and so which numbers a block targets and a set logs. */
export const exerciseMeasures = ["weight_reps", "reps", "time", "distance"] as const;
export type ExerciseMeasure = (typeof exerciseMeasures)[number];

/**
 * One exercise of the library. The ones we ship have a fixed `slug` (their identity across
 * installs: the seven lifts of the progress form are among them, so their history stays
 * attached) and no author; staff add their own (author set). Muscles and equipment are
 * lists of fixed keys (modules/exercises); the demo is an uploaded image or a video link.
 */
export const exercise = pgTable(
  "exercises",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    primaryMuscles: text("primary_muscles").array().notNull().default(sql`'{}'::text[]`),
    secondaryMuscles: text("secondary_muscles").array().notNull().default(sql`'{}'::text[]`),
    equipment: text("equipment").array().notNull().default(sql`'{}'::text[]`),
    measure: text("measure", { enum: exerciseMeasures }).notNull(),
    cues: text("cues").notNull().default(""),
    demoImageId: text("demo_image_id").references(() => upload.id, { onDelete: "set null" }),
    videoUrl: text("video_url"),
    createdById: text("created_by_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The name as the search compares it (decision 0046): lower case, without spaces and
     * punctuation ("Pull-Up" is "pullup"), kept by the database so no writer can forget it.
     */
    searchKey: text("search_key")
      .notNull()
      .generatedAlwaysAs(sql`lower(regexp_replace(name, '[[:space:][:punct:]]+', '', 'g'))`),
  },
  (t) => [
    uniqueIndex("exercises_slug_idx").on(t.slug),
    index("exercises_name_idx").on(sql`lower(${t.name})`),
    // pg_trgm's trigram index: serves the search's substring (LIKE) and similarity (%, %>) tests.
    index("exercises_search_key_trgm_idx").using("gin", t.searchKey.op("gin_trgm_ops")),
  ],
);
