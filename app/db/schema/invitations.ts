import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { billingProduct } from "./billing";
import { contactSubmission } from "./contacts";

/** An administrator's invitation: the account is created when the person sets a password. */
export const invitation = pgTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: ["member", "trainer", "admin"] }).notNull(),
    /** sha-256 of the one-time token; the token itself is only in the e-mail. */
    tokenHash: text("token_hash").notNull(),
    invitedById: text("invited_by_id").references(() => user.id, { onDelete: "set null" }),
    contactSubmissionId: text("contact_submission_id").references(() => contactSubmission.id, { onDelete: "set null" }),
    /** A package the invited member is asked to pay for after setting a password (issue 48). */
    productId: text("product_id").references(() => billingProduct.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("invitations_token_hash_idx").on(t.tokenHash), index("invitations_email_idx").on(t.email), index("invitations_created_idx").on(t.createdAt.desc().nullsFirst())],
);
