import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import type { UploadVariant } from "./uploads";

/**
 * One conversation per member with the coaching team (every trainer and administrator).
 * The row is locked while a message is added, so `lastSeq` numbers the conversation's
 * messages in commit order: a reader resuming after message n misses none and repeats none.
 */
export const conversation = pgTable(
  "conversations",
  {
    memberId: text("member_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    lastSeq: integer("last_seq").notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    /** The last message came from the member: no one of the team has answered it yet. */
    awaitingTeam: boolean("awaiting_team").notNull().default(false),
    /** When the member's last unanswered message was sent (the 'unanswered message' rule). */
    awaitingSince: timestamp("awaiting_since", { withTimezone: true }),
  },
  (t) => [index("conversations_awaiting_idx").on(t.awaitingSince).where(sql`${t.awaitingTeam}`), index("conversations_recent_idx").on(t.lastMessageAt.desc())],
);

/** A message: text and, optionally, one image (private variants, as progress photos). */
export const message = pgTable(
  "messages",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => conversation.memberId, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    /** Written by the member (false: by the coaching team). */
    fromMember: boolean("from_member").notNull(),
    body: text("body").notNull().default(""),
    image: jsonb("image").$type<{ width: number; height: number; variants: UploadVariant[] }>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("messages_conversation_seq_idx").on(t.memberId, t.seq)],
);

/**
 * How far each reader has read each conversation: the member of their own, each trainer
 * and administrator of every one they opened. Also when they were last e-mailed about it
 * (at most one e-mail per conversation per hour).
 */
export const conversationRead = pgTable(
  "conversation_reads",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => conversation.memberId, { onDelete: "cascade" }),
    readerId: text("reader_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    readSeq: integer("read_seq").notNull().default(0),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.readerId] }), index("conversation_reads_reader_idx").on(t.readerId)],
);
