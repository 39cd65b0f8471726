/**
 * Messages on the real database (PGlite, and PostgreSQL in the PostgreSQL pass): who may
 * write where, numbering under concurrency, pages, read marks and unread counts, the
 * staff's list, and the e-mail of what is still unread after 10 minutes.
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import type { SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { conversation, conversationRead, message } from "~/db/schema/messages";
import { runDueJobs } from "~/jobs.server";
import { AppError } from "~/lib/app-error";
import sharp from "sharp";
import { IMAGE_NOT_FOUND } from "~/modules/progress-photos/private-images.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { outboxMails } from "../../../tests/support/outbox";
import {
  CONVERSATION_NOT_FOUND,
  countUnreadMessages,
  getConversationSummary,
  getMessageEmails,
  listConversation,
  listConversationsForStaff,
  markConversationRead,
  openConversation,
  openMessageImage,
  postMessage,
  setMessageEmails,
} from "./messages.server";
import { MESSAGE_REQUIRED, MESSAGE_TOO_LONG, MESSAGES_PER_PAGE } from "./messages.schema";

const asActor = (u: { id: string; email: string; name: string }, role: SessionUser["role"]): SessionUser => ({ id: u.id, email: u.email, name: u.name, role, profileComplete: true, weightUnit: "kg" });

let made = 0;
async function person(role: SessionUser["role"], name = `${role} ${made + 1}`): Promise<SessionUser> {
  made += 1;
  const u = await createUserWithPassword({ name, email: `${role}-${made}-${crypto.randomUUID().slice(0, 8)}@messages.test`, password: `${role}-password-1`, role });
  return asActor(u, role);
}

let coach: SessionUser;

beforeAll(async () => {
  coach = await person("trainer", "Tara Trainer");
});

async function refusal(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => e,
  );
}

const stored = (memberId: string) => getDb().select().from(message).where(eq(message.memberId, memberId)).orderBy(message.seq);
const conversationOf = async (memberId: string) => (await getDb().select().from(conversation).where(eq(conversation.memberId, memberId)))[0];

describe("writing", () => {
  it("numbers a member's and the team's messages 1, 2, 3 and keeps 'awaiting the team' from the member's first unanswered message until a reply", async () => {
    const member = await person("member");
    const first = await postMessage(member, member.id, { body: "  Knee feels odd on squats.  " });
    expect(first).toMatchObject({ seq: 1, body: "Knee feels odd on squats.", fromMember: true, authorName: member.name });
    const afterFirst = await conversationOf(member.id);
    expect(afterFirst).toMatchObject({ lastSeq: 1, awaitingTeam: true });
    const since = afterFirst!.awaitingSince!.getTime();

    await postMessage(member, member.id, { body: "Should I skip them?" });
    expect((await conversationOf(member.id))!.awaitingSince!.getTime()).toBe(since);

    const reply = await postMessage(coach, member.id, { body: "Swap them for box squats this week." });
    expect(reply).toMatchObject({ seq: 3, fromMember: false, authorName: "Tara Trainer" });
    expect(await conversationOf(member.id)).toMatchObject({ lastSeq: 3, awaitingTeam: false, awaitingSince: null });
    expect((await stored(member.id)).map((m) => [m.seq, m.fromMember, m.authorId])).toEqual([
      [1, true, member.id],
      [2, true, member.id],
      [3, false, coach.id],
    ]);
  });

  it("refuses an empty message and one of 100,000 characters with a message, and stores nothing", async () => {
    const member = await person("member");
    for (const body of ["", "   \n "]) {
      const error = await refusal(postMessage(member, member.id, { body, image: new File([], "") }));
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 400, fieldErrors: { body: MESSAGE_REQUIRED } });
    }
    const long = await refusal(postMessage(member, member.id, { body: "x".repeat(100_000) }));
    expect(long).toBeInstanceOf(ZodError);
    expect((long as ZodError).issues[0]!.message).toBe(MESSAGE_TOO_LONG);
    expect(await stored(member.id)).toEqual([]);
    expect(await conversationOf(member.id)).toBeUndefined();
    // 5,000 is the limit itself.
    await postMessage(member, member.id, { body: "y".repeat(5000) });
    expect(await stored(member.id)).toHaveLength(1);
  });

  it("keeps a member to their own conversation: another member's is 'Conversation not found', and staff write only to members", async () => {
    const member = await person("member");
    const other = await person("member");
    const error = await refusal(postMessage(other, member.id, { body: "Hello" }));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 404, message: CONVERSATION_NOT_FOUND });
    await expect(listConversation(other, member.id)).rejects.toMatchObject({ status: 404, message: CONVERSATION_NOT_FOUND });
    // A trainer's account or an unknown id is no member's conversation.
    await expect(postMessage(coach, coach.id, { body: "Hello" })).rejects.toMatchObject({ status: 404 });
    await expect(postMessage(coach, "no-such-member", { body: "Hello" })).rejects.toMatchObject({ status: 404 });
    expect(await stored(member.id)).toEqual([]);
  });

  it("gives concurrent messages distinct consecutive numbers", async () => {
    const member = await person("member");
    const admin = await person("admin");
    const sent = await Promise.all(Array.from({ length: 12 }, (_, i) => postMessage(i % 3 === 0 ? admin : i % 3 === 1 ? coach : member, member.id, { body: `Message ${i}` })));
    expect(sent.map((m) => m.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect((await stored(member.id)).map((m) => m.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect((await conversationOf(member.id))!.lastSeq).toBe(12);
  });
});

describe("reading", () => {
  it("shows the latest 50 oldest first, then 'Earlier messages' page by page", async () => {
    const member = await person("member");
    const total = MESSAGES_PER_PAGE * 2 + 7;
    await getDb().insert(conversation).values({ memberId: member.id, lastSeq: total, lastMessageAt: new Date() });
    await getDb()
      .insert(message)
      .values(Array.from({ length: total }, (_, i) => ({ id: crypto.randomUUID(), memberId: member.id, seq: i + 1, authorId: coach.id, fromMember: false, body: `m${i + 1}` })));
    const latest = await listConversation(member, member.id);
    expect(latest.messages.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => total - 49 + i));
    expect(latest.lastSeq).toBe(total);
    expect(latest.earlierBefore).toBe(total - 49);
    const earlier = await listConversation(coach, member.id, { before: latest.earlierBefore! });
    expect(earlier.messages.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => total - 99 + i));
    const first = await listConversation(coach, member.id, { before: earlier.earlierBefore! });
    expect(first.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(first.earlierBefore).toBeNull();
  });

  it("counts a member's unread team messages and a staff user's unread member messages over every conversation, until opened", async () => {
    const trainer = await person("trainer");
    const before = await countUnreadMessages(trainer);
    const ann = await person("member");
    const ben = await person("member");
    await postMessage(ann, ann.id, { body: "Ann 1" });
    await postMessage(ann, ann.id, { body: "Ann 2" });
    await postMessage(ben, ben.id, { body: "Ben 1" });
    expect(await countUnreadMessages(trainer)).toBe(before + 3);
    expect(await countUnreadMessages(ann)).toBe(0);

    // Another trainer's reply: the member has one unread, this trainer still has Ann's two (the team's messages are not theirs to read).
    await postMessage(coach, ann.id, { body: "On it." });
    expect(await countUnreadMessages(ann)).toBe(1);
    expect(await countUnreadMessages(trainer)).toBe(before + 3);

    const opened = await openConversation(trainer, ann.id);
    expect(opened.messages).toHaveLength(3);
    expect(await countUnreadMessages(trainer)).toBe(before + 1);
    await openConversation(ann, ann.id);
    expect(await countUnreadMessages(ann)).toBe(0);

    // A read mark never moves back, nor past the last message.
    await markConversationRead(trainer, ben.id, 99);
    await markConversationRead(trainer, ben.id, 0);
    const [mark] = await getDb().select().from(conversationRead).where(and(eq(conversationRead.readerId, trainer.id), eq(conversationRead.memberId, ben.id)));
    expect(mark!.readSeq).toBe(1);
    expect(await countUnreadMessages(trainer)).toBe(before);
  });

  it("lists conversations for staff with unread ones first, each with its last message and unread count", async () => {
    const trainer = await person("trainer");
    const quiet = await person("member", "Quinn Quiet");
    const waiting = await person("member", "Wren Waiting");
    await postMessage(waiting, waiting.id, { body: "Are you there?" });
    await postMessage(quiet, quiet.id, { body: "Thanks!" });
    await openConversation(trainer, quiet.id);
    const { conversations } = await listConversationsForStaff(trainer);
    const ids = conversations.map((c) => c.memberId);
    expect(ids.indexOf(waiting.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(waiting.id)).toBeLessThan(ids.indexOf(quiet.id));
    expect(conversations.find((c) => c.memberId === waiting.id)).toMatchObject({ memberName: "Wren Waiting", unread: 1, awaitingTeam: true, lastMessage: { body: "Are you there?", fromMember: true } });
    expect(conversations.find((c) => c.memberId === quiet.id)).toMatchObject({ unread: 0 });
    await expect(listConversationsForStaff(waiting)).rejects.toMatchObject({ status: 403 });
  });

  it("sums up one member's conversation for the staff's page of that member", async () => {
    const trainer = await person("trainer");
    const member = await person("member");
    expect(await getConversationSummary(trainer, member.id)).toMatchObject({ unread: 0, lastMessage: null, awaitingTeam: false, href: `/coach/members/${member.id}/messages` });
    await postMessage(member, member.id, { body: "Week went well" });
    const summary = await getConversationSummary(trainer, member.id);
    expect(summary).toMatchObject({ unread: 1, awaitingTeam: true, lastMessage: { body: "Week went well", seq: 1 } });
    expect(summary.awaitingSince).not.toBeNull();
    await expect(getConversationSummary(member, member.id)).rejects.toMatchObject({ status: 403 });
  });
});

describe("e-mails about unread messages", () => {
  const MINUTE = 60_000;
  // Only the message e-mails: the runs below reach hours of the day when other jobs (the
  // check-in reminder of a member's check-in day) e-mail the same person.
  const mailsTo = (email: string, from: number) =>
    outboxMails()
      .slice(from)
      .filter((m) => m.includes(`To: ${email}`) && /^Subject: .* sent you /m.test(m));

  it("e-mails the member once when the team's message is still unread after 10 minutes, and not again within the hour", async () => {
    const member = await person("member", "Mia Member");
    const before = outboxMails().length;
    await postMessage(coach, member.id, { body: "How did the deload feel?" });
    await postMessage(coach, member.id, { body: "And sleep?" });
    // Not yet: 9 minutes on.
    await runDueJobs({ now: new Date(Date.now() + 9 * MINUTE) });
    expect(mailsTo(member.email, before)).toEqual([]);
    await runDueJobs({ now: new Date(Date.now() + 12 * MINUTE) });
    const mails = mailsTo(member.email, before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Subject: Your coach sent you 2 messages");
    expect(mails[0]).toContain("And sleep?");
    expect(mails[0]).toContain("/members/messages");

    // A second message within the hour: no second e-mail.
    await postMessage(coach, member.id, { body: "One more thing." });
    await runDueJobs({ now: new Date(Date.now() + 30 * MINUTE) });
    expect(mailsTo(member.email, before)).toHaveLength(1);
  });

  it("e-mails no one about a message read within the 10 minutes", async () => {
    const member = await person("member");
    const before = outboxMails().length;
    await postMessage(coach, member.id, { body: "Read me" });
    await openConversation(member, member.id);
    await runDueJobs({ now: new Date(Date.now() + 12 * MINUTE) });
    expect(mailsTo(member.email, before)).toEqual([]);
  });

  it("e-mails no one who turned message e-mails off in Settings", async () => {
    const member = await person("member");
    expect(await getMessageEmails(member)).toBe(true);
    expect(await setMessageEmails(member, {})).toBe(false);
    expect(await getMessageEmails(member)).toBe(false);
    const before = outboxMails().length;
    await postMessage(coach, member.id, { body: "Hello?" });
    await runDueJobs({ now: new Date(Date.now() + 12 * MINUTE) });
    expect(mailsTo(member.email, before)).toEqual([]);
    expect(await setMessageEmails(member, { messageEmails: "on" })).toBe(true);
    await expect(setMessageEmails(member, { messageEmails: "maybe" })).rejects.toBeInstanceOf(ZodError);
  });

  it("e-mails the staff who have not read a member's message while the team has not answered it", async () => {
    const reader = await person("trainer");
    const silent = await person("admin");
    const muted = await person("trainer");
    await setMessageEmails(muted, {});
    const member = await person("member", "Sam Member");
    const answered = await person("member");
    const before = outboxMails().length;
    await postMessage(member, member.id, { body: "Can we move Thursday?" });
    await postMessage(answered, answered.id, { body: "Quick question" });
    await openConversation(reader, member.id);
    await postMessage(coach, answered.id, { body: "Answered." });
    await runDueJobs({ now: new Date(Date.now() + 12 * MINUTE) });
    expect(mailsTo(reader.email, before)).toEqual([]);
    expect(mailsTo(muted.email, before)).toEqual([]);
    const toSilent = mailsTo(silent.email, before);
    expect(toSilent).toHaveLength(1);
    expect(toSilent[0]).toContain("Subject: Sam Member sent you a message");
    expect(toSilent[0]).toContain(`/coach/members/${member.id}/messages`);
    // The answered member's message e-mails no one of the staff.
    expect(outboxMails().slice(before).filter((m) => m.includes("Quick question"))).toEqual([]);
  });
});

describe("images", () => {
  const jpeg = () => sharp({ create: { width: 640, height: 480, channels: 3, background: "#0f766e" } }).withExif({ IFD0: { Copyright: "Secret Studio" } }).jpeg().toBuffer();

  it("stores an image (with or without text) privately, re-encoded without its metadata, served only to the member and staff", async () => {
    const member = await person("member");
    const other = await person("member");
    const sent = await postMessage(member, member.id, { body: "", image: new File([new Uint8Array(await jpeg())], "form.jpg", { type: "image/jpeg" }) });
    expect(sent.image).toMatchObject({ src: `/message-images/${sent.id}/640.jpg`, width: 640, height: 480 });
    const [row] = await stored(member.id);
    expect(row!.image!.variants.every((v) => v.key.startsWith(`message-images/${sent.id}/`))).toBe(true);
    for (const viewer of [member, coach]) {
      const opened = await openMessageImage(viewer, sent.id, "640.jpg");
      expect(opened.contentType).toBe("image/jpeg");
      const chunks: Buffer[] = [];
      for await (const chunk of opened.body) chunks.push(chunk as Buffer);
      const metadata = await sharp(Buffer.concat(chunks)).metadata();
      expect(metadata.exif).toBeUndefined();
    }
    await expect(openMessageImage(other, sent.id, "640.jpg")).rejects.toMatchObject({ status: 404, message: IMAGE_NOT_FOUND });
    await expect(openMessageImage(member, sent.id, "9999.jpg")).rejects.toMatchObject({ status: 404 });
  });

  it("refuses a file that is not an image with the image field's message, and stores nothing", async () => {
    const member = await person("member");
    const error = await refusal(postMessage(member, member.id, { body: "See attached", image: new File([new TextEncoder().encode("not an image at all")], "notes.txt", { type: "text/plain" }) }));
    expect(error).toMatchObject({ status: 415 });
    expect((error as AppError).fieldErrors.image).toBeTruthy();
    expect(await stored(member.id)).toEqual([]);
  });
});
