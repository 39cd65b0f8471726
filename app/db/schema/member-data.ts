import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const dataExportStatuses = ["building", "ready", "failed"] as const;

/**
 * One 'Download my data' (or an administrator's export of a member): a ZIP built in the
 * background (job member-data.export), stored privately, and a one-time link that works
 * for 24 hours and only for `recipientId`. Only the link token's SHA-256 hash is kept.
 */
export const dataExport = pgTable(
  "data_exports",
  {
    id: text("id").primaryKey(),
    /** Whose data the archive holds. */
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Who asked, the one person the link is for: the member, or the administrator who exported them. */
    recipientId: text("recipient_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", { enum: dataExportStatuses }).notNull().default("building"),
    tokenHash: text("token_hash"),
    /** The archive in storage (private prefix `exports/`); null once swept. */
    storageKey: text("storage_key"),
    bytes: integer("bytes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("data_exports_token_hash_idx").on(t.tokenHash),
    index("data_exports_recipient_idx").on(t.recipientId, t.createdAt.desc().nullsFirst()),
    index("data_exports_member_idx").on(t.memberId),
    // The sweep: archives still stored.
    index("data_exports_stored_idx").on(t.expiresAt).where(sql`${t.storageKey} is not null`),
  ],
);

/** A member's 'Delete my account': at most one open request each, until an administrator erases them or they withdraw it. */
export const accountDeletionRequest = pgTable("account_deletion_requests", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What one erasure removed: rows per table and files, and who erased and when. Names no one
 * erased (no id, name or e-mail of theirs): it is the report the administrator reads afterwards.
 */
export const erasureReport = pgTable(
  "erasure_reports",
  {
    id: text("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    byId: text("by_id").references(() => user.id, { onDelete: "set null" }),
    /** [{ table, rows, kept? }] in the catalogue's order, tables with no rows left out; `kept` says why rows stayed without the person. */
    tables: jsonb("tables").$type<Array<{ table: string; rows: number; kept?: string }>>().notNull(),
    files: integer("files").notNull(),
  },
  (t) => [index("erasure_reports_at_idx").on(t.at.desc().nullsFirst())],
);
