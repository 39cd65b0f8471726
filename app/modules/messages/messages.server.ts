import crypto from "node:crypto";
import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { can } from "~/auth/permissions";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { conversation, conversationRead, message } from "~/db/schema/messages";
import { profile } from "~/db/schema/profiles";
import { AppError } from "~/lib/app-error";
import { formatUsDateTime } from "~/lib/dates";
import { heardOwnChanges } from "~/lib/change-notices.server";
import { enqueueJob } from "~/lib/jobs.server";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { requireMemberAccount } from "~/modules/users/member-account.server";
import { discardPreparedImage, IMAGE_NOT_FOUND, openPrivateImage, preparePrivateImage, privatePicture, type PreparedImage, type PrivateImageFile } from "~/modules/progress-photos/private-images.server";
import type { UploadVariant } from "~/db/schema/uploads";
import { unreadEmailJob, unreadEmailSchedule } from "./message-emails.server";
import { consumeMessageAllowance } from "./message-limits.server";
import { MESSAGES_CHANNEL } from "./message-feed.server";
import { chosenFile, CONVERSATION_NOT_FOUND, MESSAGE_REQUIRED, staffMessagesPath, messageSchema, MESSAGES_PER_PAGE, UNREAD_COUNT_CAP, type ConversationListItem, type ConversationPage, type MessageView } from "./messages.schema";

/**
 * One conversation per member with the coaching team. A member reads and writes only their
 * own; every trainer and administrator reads and writes every member's. Each message is
 * numbered (`seq`) under the conversation row's lock, so the numbers follow commit order:
 * the live stream (message-stream.server.ts) resumes after any number without a gap.
 */

type Actor = Pick<SessionUser, "id" | "role" | "name" | "email">;

export { CONVERSATION_NOT_FOUND };

const nameOf = (u: { name: string | null; email: string }) => u.name?.trim() || u.email;

/** The rows of a raw `execute` (its result type is the driver's). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;


/**
 * The member whose conversation the actor opens: staff any member's (a staff account or an
 * unknown id is 'Member not found'); a member only their own, anyone else's is
 * 'Conversation not found' (404) whether that member exists or not.
 */
export async function conversationMember(actor: Actor, memberId: unknown, action: "read" | "write"): Promise<{ id: string; name: string; email: string }> {
  if (can(actor.role, "conversations", action === "read" ? "readAny" : "writeAny")) {
    const member = await requireMemberAccount(memberId);
    return { id: member.id, name: nameOf(member), email: member.email };
  }
  ensureCan(actor, "memberArea", "view");
  if (actor.role === "member" && memberId === actor.id) return { id: actor.id, name: nameOf(actor), email: actor.email };
  throw new AppError(404, CONVERSATION_NOT_FOUND);
}

interface MessageRow {
  id: string;
  seq: number;
  body: string;
  fromMember: boolean;
  createdAt: Date;
  image: { width: number; height: number; variants: UploadVariant[] } | null;
  authorName: string | null;
  authorEmail: string | null;
}

const messageColumns = {
  id: message.id,
  seq: message.seq,
  body: message.body,
  fromMember: message.fromMember,
  createdAt: message.createdAt,
  image: message.image,
  authorName: user.name,
  authorEmail: user.email,
};

/** Where a message's image files are served (after the viewer is checked). */
export const messageImagePath = (messageId: string) => `/message-images/${encodeURIComponent(messageId)}`;

function toView(row: MessageRow, timeZone: string): MessageView {
  const author = row.authorEmail === null ? null : nameOf({ name: row.authorName, email: row.authorEmail });
  return {
    image: row.image ? privatePicture(row.image.variants, messageImagePath(row.id), `Image sent by ${author ?? "a former user"} on ${formatUsDateTime(row.createdAt, timeZone)}`) : null,
    id: row.id,
    seq: row.seq,
    body: row.body,
    fromMember: row.fromMember,
    authorName: author,
    sentAt: row.createdAt.toISOString(),
    sentAtLabel: formatUsDateTime(row.createdAt, timeZone),
  };
}

/**
 * A message from the actor: a member to their own conversation, staff to any member's.
 * Up to 5,000 characters (trimmed; longer refused with a message, nothing stored) and an
 * optional image (`image`: a file, re-encoded without its metadata and stored privately);
 * text or an image is needed. Each author's messages and images are rate-limited
 * (message-limits.server.ts), counted before the image work; a refusal stores nothing.
 * In one transaction: the conversation row is created or locked and its `lastSeq` moved
 * on (concurrent messages get consecutive numbers in commit order), the message stored,
 * the author's read mark moved to it, 'awaiting the team' set by a member's message and
 * cleared by the team's, the live streams told on commit (NOTIFY), and the e-mail of
 * what is still unread in 10 minutes enqueued.
 */
export async function postMessage(actor: Actor, memberId: unknown, input: unknown): Promise<MessageView> {
  const member = await conversationMember(actor, memberId, "write");
  const fields = (typeof input === "object" && input !== null ? input : {}) as { body?: unknown; image?: unknown };
  const { body } = messageSchema.parse({ body: fields.body });
  const file = chosenFile(fields.image) ? fields.image : null;
  if (!body && !file) throw new AppError(400, "", { fieldErrors: { body: MESSAGE_REQUIRED } });
  const fromMember = actor.id === member.id;
  await consumeMessageAllowance(actor.id, file !== null);
  const { timeZone } = await getSiteSettings();
  const prepared = file ? await prepareImage(file, actor.id) : null;
  const now = new Date();
  const at = sql`${now.toISOString()}::timestamptz`;
  const store = () => getDb().transaction(async (tx) => {
    // The upsert locks the row: a second message waits for this one's commit, then takes the next number.
    const [conv] = await tx
      .insert(conversation)
      .values({ memberId: member.id, lastSeq: 1, lastMessageAt: now, awaitingTeam: fromMember, awaitingSince: fromMember ? now : null })
      .onConflictDoUpdate({
        target: conversation.memberId,
        set: {
          lastSeq: sql`${conversation.lastSeq} + 1`,
          lastMessageAt: now,
          awaitingTeam: fromMember,
          // Waiting since the member's first message the team has not answered yet.
          awaitingSince: fromMember ? sql`case when ${conversation.awaitingTeam} then ${conversation.awaitingSince} else ${at} end` : null,
        },
      })
      .returning({ lastSeq: conversation.lastSeq });
    const seq = conv!.lastSeq;
    const image = prepared ? { width: prepared.width, height: prepared.height, variants: prepared.variants } : null;
    const [stored] = await tx
      .insert(message)
      .values({ id: prepared?.id ?? crypto.randomUUID(), memberId: member.id, seq, authorId: actor.id, fromMember, body, image, createdAt: now })
      .returning();
    await tx
      .insert(conversationRead)
      .values({ memberId: member.id, readerId: actor.id, readSeq: seq })
      .onConflictDoUpdate({ target: [conversationRead.memberId, conversationRead.readerId], set: { readSeq: sql`greatest(${conversationRead.readSeq}, excluded.read_seq)` } });
    await tx.execute(sql`select pg_notify(${MESSAGES_CHANNEL}, ${member.id})`);
    const { runAt, key } = unreadEmailSchedule(member.id, fromMember, now);
    await enqueueJob(tx, unreadEmailJob, { memberId: member.id, fromMember }, { runAt, key });
    return stored!;
  });
  let row: Awaited<ReturnType<typeof store>>;
  try {
    row = await store();
  } catch (error) {
    if (prepared) await discardPreparedImage(prepared);
    throw error;
  }
  return toView({ ...row, authorName: actor.name, authorEmail: actor.email }, timeZone);
}

/** Checks and re-encodes a message's image into private storage; a refusal is the image field's message. */
async function prepareImage(file: Blob, owner: string): Promise<PreparedImage> {
  try {
    return await preparePrivateImage(new Uint8Array(await file.arrayBuffer()), "message-images", owner);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.status, error.message, { fieldErrors: { image: error.message } });
    throw error;
  }
}

/**
 * One file of a message's image (`960.webp`) for the viewer: the member whose conversation
 * it is, or staff; anyone else, like a message or file that does not exist, 'Image not found'.
 */
export async function openMessageImage(viewer: Actor, messageId: unknown, file: string): Promise<PrivateImageFile> {
  const id = typeof messageId === "string" ? messageId.slice(0, 100) : "";
  const [found] = id ? await getDb().select({ memberId: message.memberId, image: message.image }).from(message).where(eq(message.id, id)) : [];
  const allowed = found && (can(viewer.role, "conversations", "readAny") || (viewer.role === "member" && found.memberId === viewer.id));
  if (!allowed || !found.image) throw new AppError(404, IMAGE_NOT_FOUND);
  return openPrivateImage(found.image.variants, file);
}

const isSeq = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 2 ** 31 - 1;

/**
 * A page of the conversation, oldest first: the latest 50, or the 50 before `before` (the
 * 'Earlier messages' link). A `before` that is no message number shows the latest.
 */
export async function listConversation(actor: Actor, memberId: unknown, query: { before?: number } = {}): Promise<ConversationPage> {
  const member = await conversationMember(actor, memberId, "read");
  const before = isSeq(query.before) ? query.before : undefined;
  const db = getDb();
  const [{ timeZone }, [conv], rows] = await Promise.all([
    getSiteSettings(),
    db.select({ lastSeq: conversation.lastSeq }).from(conversation).where(eq(conversation.memberId, member.id)),
    db
      .select(messageColumns)
      .from(message)
      .leftJoin(user, eq(user.id, message.authorId))
      .where(before === undefined ? eq(message.memberId, member.id) : and(eq(message.memberId, member.id), lt(message.seq, before)))
      .orderBy(desc(message.seq))
      .limit(MESSAGES_PER_PAGE + 1),
  ]);
  const shown = rows.slice(0, MESSAGES_PER_PAGE).reverse();
  return {
    member: { id: member.id, name: member.name },
    messages: shown.map((r) => toView(r, timeZone)),
    earlierBefore: rows.length > MESSAGES_PER_PAGE ? shown[0]!.seq : null,
    lastSeq: conv?.lastSeq ?? 0,
  };
}

/**
 * The actor has read the conversation up to message `seq` (opened it, or had it delivered
 * to an open page): their read mark moves there, never back. Nothing before the first message.
 */
export async function markConversationRead(actor: Actor, memberId: string, seq: number): Promise<void> {
  if (seq < 1) return;
  await getDb()
    .insert(conversationRead)
    .select(sql`select ${conversation.memberId}, ${actor.id}, least(${seq}, ${conversation.lastSeq}), null from ${conversation} where ${conversation.memberId} = ${memberId}`)
    .onConflictDoUpdate({ target: [conversationRead.memberId, conversationRead.readerId], set: { readSeq: sql`greatest(${conversationRead.readSeq}, excluded.read_seq)` } });
  // A page read (a GET) that moved the mark: the reader's next page counts without it (decision 0145).
  await heardOwnChanges();
}

/** The page's view: the conversation, marked read up to the newest message shown (an earlier page marks nothing). */
export async function openConversation(actor: Actor, memberId: unknown, query: { before?: number } = {}): Promise<ConversationPage> {
  const page = await listConversation(actor, memberId, query);
  const newest = page.messages.at(-1);
  if (newest && !isSeq(query.before)) await markConversationRead(actor, page.member.id, newest.seq);
  return page;
}

/** Messages after `afterSeq`, oldest first, at most `limit` (the live stream's reads; the caller checked access). */
export async function messagesAfter(memberId: string, afterSeq: number, limit: number): Promise<MessageView[]> {
  const [{ timeZone }, rows] = await Promise.all([
    getSiteSettings(),
    getDb()
      .select(messageColumns)
      .from(message)
      .leftJoin(user, eq(user.id, message.authorId))
      .where(and(eq(message.memberId, memberId), gt(message.seq, afterSeq)))
      .orderBy(asc(message.seq))
      .limit(limit),
  ]);
  return rows.map((r) => toView(r, timeZone));
}

/** The conversation's newest seq (0 before the first message). */
export async function lastSeqOf(memberId: string): Promise<number> {
  const [conv] = await getDb().select({ lastSeq: conversation.lastSeq }).from(conversation).where(eq(conversation.memberId, memberId));
  return conv?.lastSeq ?? 0;
}

/**
 * Unread messages for the menus, counted up to 100 (shown as "99+"), in one query on the
 * indexes: a member, the team's messages of their conversation after their read mark; a
 * trainer or administrator, the members' messages after their own read mark of each
 * conversation, summed (conversations read to the end are left out before any message is looked at).
 */
export async function countUnreadMessages(actor: Pick<SessionUser, "id" | "role">): Promise<number> {
  const cap = UNREAD_COUNT_CAP + 1;
  const result = can(actor.role, "conversations", "readAny")
    ? await getDb().execute(sql`
        select count(*)::int as n from (
          select 1 from ${conversation} c
          left join ${conversationRead} r on r.member_id = c.member_id and r.reader_id = ${actor.id}
          join ${message} m on m.member_id = c.member_id and m.seq > coalesce(r.read_seq, 0)
          where c.last_seq > coalesce(r.read_seq, 0) and m.from_member
          limit ${cap}
        ) unread`)
    : await getDb().execute(sql`
        select count(*)::int as n from (
          select 1 from ${message} m
          where m.member_id = ${actor.id} and not m.from_member
            and m.seq > coalesce((select r.read_seq from ${conversationRead} r where r.member_id = ${actor.id} and r.reader_id = ${actor.id}), 0)
          limit ${cap}
        ) unread`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export const CONVERSATIONS_PER_PAGE = 25;

/**
 * Every member's conversation for staff: those with member messages the actor has not read
 * first, then the most recent; 25 a page. Each with the member, the last message and the
 * actor's unread count.
 */
export async function listConversationsForStaff(actor: Actor, query: { page?: number } = {}): Promise<{ conversations: ConversationListItem[]; page: number; hasNext: boolean }> {
  ensureCan(actor, "conversations", "readAny");
  const page = isSeq(query.page) && query.page <= 100_000 ? query.page : 1;
  const cap = UNREAD_COUNT_CAP + 1;
  const [{ timeZone }, result] = await Promise.all([
    getSiteSettings(),
    getDb().execute(sql`
      select c.member_id, u.name, u.email, c.awaiting_team, lm.body, lm.from_member, lm.created_at,
        (select count(*)::int from (
          select 1 from ${message} m where m.member_id = c.member_id and m.from_member and m.seq > coalesce(r.read_seq, 0) limit ${cap}
        ) x) as unread
      from ${conversation} c
      join ${user} u on u.id = c.member_id
      left join ${conversationRead} r on r.member_id = c.member_id and r.reader_id = ${actor.id}
      left join ${message} lm on lm.member_id = c.member_id and lm.seq = c.last_seq
      order by exists (
          select 1 from ${message} m where m.member_id = c.member_id and m.from_member and m.seq > coalesce(r.read_seq, 0)
        ) desc, c.last_message_at desc nulls last, c.member_id
      limit ${CONVERSATIONS_PER_PAGE + 1} offset ${(page - 1) * CONVERSATIONS_PER_PAGE}`),
  ]);
  const rows = rowsOf<{ member_id: string; name: string; email: string; awaiting_team: boolean; body: string | null; from_member: boolean | null; created_at: string | Date | null; unread: number }>(result);
  return {
    conversations: rows.slice(0, CONVERSATIONS_PER_PAGE).map((r) => ({
      memberId: r.member_id,
      memberName: nameOf(r),
      lastMessage: r.body === null || r.created_at === null ? null : { body: r.body, fromMember: Boolean(r.from_member), sentAtLabel: formatUsDateTime(new Date(r.created_at), timeZone) },
      unread: Number(r.unread),
      awaitingTeam: Boolean(r.awaiting_team),
    })),
    page,
    hasNext: rows.length > CONVERSATIONS_PER_PAGE,
  };
}

export interface ConversationSummary {
  memberId: string;
  /** The member's messages the acting staff user has not read (capped at 100). */
  unread: number;
  lastMessage: MessageView | null;
  /** The member's last message is not answered yet, waiting since then. */
  awaitingTeam: boolean;
  awaitingSince: string | null;
  /** The staff page of the conversation. */
  href: string;
}

/** One member's conversation in brief for the staff's page of that member (unread for the actor, last message). */
export async function getConversationSummary(actor: Actor, memberId: unknown): Promise<ConversationSummary> {
  const member = await conversationMember(actor, memberId, "read");
  ensureCan(actor, "conversations", "readAny");
  const cap = UNREAD_COUNT_CAP + 1;
  const db = getDb();
  const unreadSql = sql<number>`(
    select count(*)::int from (
      select 1 from ${message} m
      where m.member_id = ${member.id} and m.from_member
        and m.seq > coalesce((select r.read_seq from ${conversationRead} r where r.member_id = ${member.id} and r.reader_id = ${actor.id}), 0)
      limit ${cap}
    ) unread)`.mapWith(Number);
  // The last message with the conversation's state and the unread count beside it: one statement (a conversation without messages reads them apart).
  const [{ timeZone }, [last]] = await Promise.all([
    getSiteSettings(),
    db
      .select({
        ...messageColumns,
        awaitingTeam: sql<boolean | null>`(select c.awaiting_team from ${conversation} c where c.member_id = ${member.id})`,
        awaitingSinceMs: sql<number | null>`(select extract(epoch from c.awaiting_since) * 1000 from ${conversation} c where c.member_id = ${member.id})`.mapWith(Number),
        unread: unreadSql,
      })
      .from(message)
      .leftJoin(user, eq(user.id, message.authorId))
      .where(eq(message.memberId, member.id))
      .orderBy(desc(message.seq))
      .limit(1),
  ]);
  let state: { awaitingTeam: boolean; awaitingSince: string | null; unread: number };
  if (last) {
    state = { awaitingTeam: last.awaitingTeam ?? false, awaitingSince: last.awaitingSinceMs === null ? null : new Date(last.awaitingSinceMs).toISOString(), unread: last.unread };
  } else {
    const [[conv], [counted]] = await Promise.all([db.select().from(conversation).where(eq(conversation.memberId, member.id)), db.select({ unread: unreadSql }).from(sql`(select 1) one`)]);
    state = { awaitingTeam: conv?.awaitingTeam ?? false, awaitingSince: conv?.awaitingSince?.toISOString() ?? null, unread: counted?.unread ?? 0 };
  }
  return {
    memberId: member.id,
    unread: state.unread,
    lastMessage: last ? toView(last, timeZone) : null,
    awaitingTeam: state.awaitingTeam,
    awaitingSince: state.awaitingSince,
    href: staffMessagesPath(member.id),
  };
}

/** Whether the actor gets e-mails about unread messages (Settings; on unless turned off). */
export async function getMessageEmails(actor: Pick<SessionUser, "id">): Promise<boolean> {
  const [row] = await getDb().select({ on: profile.messageEmails }).from(profile).where(eq(profile.userId, actor.id));
  return row?.on ?? true;
}

const messageEmailsSchema = z.object({ messageEmails: z.enum(["on", "off"], { error: "Please choose on or off" }).optional() });

/** Settings: e-mails about unread messages on (the box ticked: "on") or off (not ticked, or "off"). */
export async function setMessageEmails(actor: Pick<SessionUser, "id" | "role">, input: unknown): Promise<boolean> {
  ensureCan(actor, "profile", "update");
  const on = messageEmailsSchema.parse(input).messageEmails === "on";
  const now = new Date();
  await getDb()
    .insert(profile)
    .values({ userId: actor.id, messageEmails: on, updatedAt: now })
    .onConflictDoUpdate({ target: profile.userId, set: { messageEmails: on, updatedAt: now } });
  return on;
}
