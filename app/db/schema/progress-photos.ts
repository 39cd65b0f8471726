import { date, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { checkIn } from "./check-ins";
import type { UploadVariant } from "./uploads";

export const photoPoses = ["front", "side", "back"] as const;
export type PhotoPose = (typeof photoPoses)[number];

/**
 * A member's progress photo: private to the member and the staff. The variants live in
 * storage under a private prefix (never under the public uploads), re-encoded without
 * EXIF or location; the original bytes are never kept.
 */
export const progressPhoto = pgTable(
  "progress_photos",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    takenOn: date("taken_on", { mode: "string" }).notNull(),
    pose: text("pose", { enum: photoPoses }).notNull(),
    checkInId: text("check_in_id").references(() => checkIn.id, { onDelete: "set null" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    variants: jsonb("variants").$type<UploadVariant[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("progress_photos_user_date_idx").on(t.userId, t.takenOn.desc().nullsFirst(), t.createdAt.desc().nullsFirst()), index("progress_photos_check_in_idx").on(t.checkInId)],
);
