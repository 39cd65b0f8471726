import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Site-wide settings, one row per key; values are validated by the settings module. */
export const siteSetting = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
