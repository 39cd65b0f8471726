import { bigint, integer, pgTable, text } from "drizzle-orm/pg-core";

/** Fixed-window request counters for our own limits (intake form …), shared by every server process. */
export const requestLimit = pgTable("request_limits", {
  key: text("key").primaryKey(),
  windowStart: bigint("window_start", { mode: "number" }).notNull(),
  count: integer("count").notNull(),
});
