/**
 * E-mails about messages still unread 10 minutes after they were sent, through the job
 * store (decision 0048; choices in decision 0071). Each message enqueues a job keyed by
 * its conversation, side and minute, due 11 minutes after that minute began, so a burst
 * makes one job and every message of the minute is at least 10 minutes old when it runs.
 * The job decides at run time, per recipient: still unread (after their read mark, at least
 * 10 minutes old), e-mails on in Settings, not e-mailed about this conversation in the
 * last hour. A team message goes to the member; a member's message to every trainer and
 * administrator who has not read it, while no one of the team has answered it.
 */
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import { user } from "~/db/schema/auth";
import { conversation, conversationRead } from "~/db/schema/messages";
import { getDb } from "~/db/client.server";
import { getBusinessName } from "~/lib/business-name.server";
import { getEnv } from "~/lib/env.server";
import { defineJob } from "~/lib/jobs.server";
import { sendMail } from "~/lib/mail.server";
import { unsubscribeHeaders } from "~/modules/reminders/reminder-settings.server";

export const UNREAD_EMAIL_DELAY_MS = 10 * 60_000;
/** At most one e-mail per conversation per recipient in this long. */
export const EMAIL_INTERVAL_MS = 60 * 60_000;
const MINUTE = 60_000;
/** The latest message is quoted up to this many characters. */
const QUOTE_MAX = 500;

/** When a message's e-mail job runs and its key: one job per conversation, side and minute. */
export function unreadEmailSchedule(memberId: string, fromMember: boolean, sentAt: Date): { runAt: Date; key: string } {
  const minute = Math.floor(sentAt.getTime() / MINUTE) * MINUTE;
  return {
    runAt: new Date(minute + MINUTE + UNREAD_EMAIL_DELAY_MS),
    key: `messages.unread-email:${memberId}:${fromMember ? "from-member" : "from-team"}:${new Date(minute).toISOString()}`,
  };
}

interface Recipient {
  id: string;
  email: string;
  name: string;
  unread: number;
  latest: string | null;
  emailed_at: string | Date | null;
}

const nameOf = (u: { name: string | null; email: string }) => u.name?.trim() || u.email;

function quote(body: string): string[] {
  const text = body.length > QUOTE_MAX ? `${body.slice(0, QUOTE_MAX)}…` : body;
  return text.split("\n").map((line) => `  ${line}`);
}

/** Who may be e-mailed about the unread messages of one side, with their count and the latest. */
async function recipients(memberId: string, fromMember: boolean, cutoff: Date): Promise<Recipient[]> {
  const unreadOf = (who: ReturnType<typeof sql>) => sql`
    from messages m where m.member_id = ${memberId} and m.from_member = ${fromMember}
      and m.seq > coalesce((select r.read_seq from ${conversationRead} r where r.member_id = ${memberId} and r.reader_id = ${who}), 0)
      and m.created_at <= ${cutoff.toISOString()}::timestamptz`;
  // A member's message goes to the staff; the team's to the member.
  const who = fromMember ? sql`u.role in ('trainer', 'admin')` : sql`u.id = ${memberId}`;
  const result = await getDb().execute(sql`
    select u.id, u.email, u.name,
      (select count(*)::int ${unreadOf(sql`u.id`)}) as unread,
      (select m.body ${unreadOf(sql`u.id`)} order by m.seq desc limit 1) as latest,
      (select r.emailed_at from ${conversationRead} r where r.member_id = ${memberId} and r.reader_id = u.id) as emailed_at
    from users u
    left join profiles p on p.user_id = u.id
    where ${who} and not u.banned and coalesce(p.message_emails, true)`);
  return (result as unknown as { rows: Recipient[] }).rows;
}

/**
 * Takes the recipient's e-mail slot for this conversation (none in the last hour), so two
 * jobs never both e-mail; returns the previous time to put back if the e-mail fails, or
 * false when the slot was taken.
 */
async function claimSlot(memberId: string, readerId: string, now: Date): Promise<{ previous: Date | null } | false> {
  const since = new Date(now.getTime() - EMAIL_INTERVAL_MS);
  const [before] = await getDb()
    .select({ emailedAt: conversationRead.emailedAt })
    .from(conversationRead)
    .where(and(eq(conversationRead.memberId, memberId), eq(conversationRead.readerId, readerId)));
  const claimed = await getDb()
    .insert(conversationRead)
    .values({ memberId, readerId, readSeq: 0, emailedAt: now })
    .onConflictDoUpdate({
      target: [conversationRead.memberId, conversationRead.readerId],
      set: { emailedAt: now },
      setWhere: or(isNull(conversationRead.emailedAt), lte(conversationRead.emailedAt, since)),
    })
    .returning({ readerId: conversationRead.readerId });
  return claimed.length > 0 ? { previous: before?.emailedAt ?? null } : false;
}

async function mailOne(to: Recipient, memberId: string, fromMember: boolean, memberName: string): Promise<void> {
  const businessName = await getBusinessName();
  const base = getEnv().BASE_URL;
  const count = to.unread === 1 ? "a message" : `${to.unread} messages`;
  const [subject, intro, link] = fromMember
    ? [`${memberName} sent you ${count}`, `${memberName} sent the coaching team ${count} that you have not read yet.`, `${base}/coach/members/${encodeURIComponent(memberId)}/messages`]
    : [`Your coach sent you ${count}`, `Your coach at ${businessName} sent you ${count} that you have not read yet.`, `${base}/members/messages`];
  // One click in the mail client turns these e-mails off (decision 0089).
  const unsubscribe = unsubscribeHeaders(to.id, "messages");
  await sendMail({
    to: to.email,
    subject,
    headers: unsubscribe.headers,
    text: [
      `Hello ${nameOf(to)},`,
      "",
      intro,
      ...(to.latest === null ? [] : ["", "The latest:", "", ...quote(to.latest || "(an image)")]),
      "",
      "Read and reply:",
      link,
      "",
      `You get at most one such e-mail an hour for a conversation. To stop them, turn off message e-mails in Settings: ${base}/members/settings`,
      `Or unsubscribe from them in one click: ${unsubscribe.url}`,
      "",
      businessName,
    ].join("\n"),
  });
}

/** Runs the e-mails of one side of one conversation at `now`; returns who was e-mailed (ids). */
export async function sendUnreadMessageEmails(memberId: string, fromMember: boolean, now: Date): Promise<string[]> {
  const db = getDb();
  const [conv] = await db.select({ awaitingTeam: conversation.awaitingTeam }).from(conversation).where(eq(conversation.memberId, memberId));
  // Gone, or a member's message the team has answered since: nothing to tell the staff.
  if (!conv || (fromMember && !conv.awaitingTeam)) return [];
  const cutoff = new Date(now.getTime() - UNREAD_EMAIL_DELAY_MS);
  const since = now.getTime() - EMAIL_INTERVAL_MS;
  const list = await recipients(memberId, fromMember, cutoff);
  const due = list.filter((r) => r.unread > 0 && (r.emailed_at === null || new Date(r.emailed_at).getTime() <= since));
  if (due.length === 0) return [];
  const [member] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, memberId));
  const memberName = member ? nameOf(member) : "A member";
  const mailed: string[] = [];
  for (const to of due) {
    const slot = await claimSlot(memberId, to.id, now);
    if (!slot) continue;
    try {
      await mailOne(to, memberId, fromMember, memberName);
      mailed.push(to.id);
    } catch (error) {
      // Free the slot again so the retry can e-mail.
      await db
        .update(conversationRead)
        .set({ emailedAt: slot.previous })
        .where(and(eq(conversationRead.memberId, memberId), eq(conversationRead.readerId, to.id)));
      throw error;
    }
  }
  return mailed;
}

export const unreadEmailJob = defineJob({
  kind: "messages.unread-email",
  payload: z.object({ memberId: z.string(), fromMember: z.boolean() }),
  maxAttempts: 5,
  retryDelayMs: () => 5 * MINUTE,
  // An e-mail about messages more than a day old helps no one.
  staleAfterMs: 24 * 60 * MINUTE,
  run: async ({ memberId, fromMember }, { now }) => {
    await sendUnreadMessageEmails(memberId, fromMember, now);
  },
});
