import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Who did what, when: sign-ins, invitations, role changes, submissions, content
 * changes. Never passwords, tokens or health answers.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** The actor's e-mail at the time (kept when the account is gone), or the e-mail tried. */
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    summary: text("summary").notNull(),
    ip: text("ip"),
  },
  (t) => [index("audit_log_at_idx").on(t.at.desc().nullsFirst()), index("audit_log_actor_at_idx").on(t.actorId, t.at.desc().nullsFirst())],
);
