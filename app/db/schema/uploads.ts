import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * One stored rendition of an upload: the bytes live in storage under `key`. A document
 * (kind "document") has one variant, the PDF itself, with width and height 0.
 */
export type UploadVariant = {
  key: string;
  format: "avif" | "webp" | "jpeg" | "png" | "pdf";
  contentType: string;
  width: number;
  height: number;
  bytes: number;
};

/**
 * A file a trainer or admin uploaded. Images are re-encoded into several widths and
 * formats (the variants); the original bytes are never kept.
 */
export const upload = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["image", "document"] }).notNull(),
    width: integer("width"),
    height: integer("height"),
    variants: jsonb("variants").$type<UploadVariant[]>().notNull(),
    createdById: text("created_by_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploads_created_idx").on(t.createdAt.desc().nullsFirst())],
);
