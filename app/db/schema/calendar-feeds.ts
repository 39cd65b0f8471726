import { pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A person's private calendar feed (decision 0090): one per user, found by the SHA-256 hash of
 * the secret in its address (the secret itself is never stored, so the database alone opens
 * no feed). `scope` is what the address was made for, a member's own calendar or the staff's
 * every session: when the person's role no longer matches, the address answers 404.
 */
export const calendarFeed = pgTable(
  "calendar_feeds",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    scope: text("scope", { enum: ["member", "staff"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_idx").on(t.tokenHash)],
);
