import { index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A 'needs attention' reason a coach dismissed or snoozed, for one occurrence of it: the
 * occurrence names when the reason became true (a week, a message, a date), so the reason
 * comes back when it is true again later. Snoozed: hidden until `until`; dismissed: no `until`.
 */
export const attentionDismissal = pgTable(
  "attention_dismissals",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    occurrence: text("occurrence").notNull(),
    until: timestamp("until", { withTimezone: true }),
    byId: text("by_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.reason, t.occurrence] }), index("attention_dismissals_member_idx").on(t.memberId)],
);

/** When each user last signed in (the 'no sign-in for 7 days' rule): sessions end and are deleted, this stays. */
export const lastSignIn = pgTable("last_sign_ins", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  at: timestamp("at", { withTimezone: true }).notNull(),
});
