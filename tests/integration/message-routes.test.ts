// @test-database any: the HTTP surface of messages (PostgreSQL delivery is multi-process.test.ts; numbering on both databases is messages.server.test.ts).
/**
 * Messages over real HTTP (the whole app in-process): who reaches which conversation, a
 * refused message stores nothing, concurrent messages are numbered 1…n, and the live
 * stream resumes after Last-Event-ID without losing or repeating a message.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { message } from "~/db/schema/messages";
import { MESSAGE_LIMITS } from "~/modules/messages/message-limits.server";
import type * as StreamModule from "~/modules/messages/message-stream.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { openEventStream, type EventStream } from "../support/event-stream";
import { signIn } from "../support/sign-in";
import { startApp, type RunningApp } from "./fuzz-harness";

let app: RunningApp;
type Who = "memberA" | "memberB" | "trainer";
const ids: Record<Who, string> = { memberA: "", memberB: "", trainer: "" };
const cookies: Record<Who, string> = { memberA: "", memberB: "", trainer: "" };
let client = 0;
/** Each request from its own address: the rate limits never refuse one. */
const from = () => ({ "x-forwarded-for": `10.28.${Math.floor(++client / 250)}.${client % 250}` });

beforeAll(async () => {
  app = await startApp();
  for (const who of ["memberA", "memberB", "trainer"] as const) {
    const email = `${who.toLowerCase()}@message-routes.test`;
    const password = `${who}-password-1`;
    ids[who] = (await createUserWithPassword({ name: `Messages ${who}`, email, password, role: who === "trainer" ? "trainer" : "member" })).id;
    cookies[who] = (await signIn(email, password, { base: app.origin, headers: from() })).cookie;
  }
}, 120_000);

afterAll(() => app?.stop());

const get = (path: string, who: Who | null) => fetch(`${app.origin}${path}`, { redirect: "manual", headers: { ...from(), ...(who ? { cookie: cookies[who] } : {}) } });
const post = (path: string, who: Who | null, fields: Record<string, string>) =>
  fetch(`${app.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...from(), origin: app.origin, "content-type": "application/x-www-form-urlencoded", ...(who ? { cookie: cookies[who] } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
const send = (path: string, who: Who | null, body: string) => post(path, who, { intent: "send-message", body });
const stream = (path: string, who: Who | null, headers: Record<string, string> = {}) => openEventStream(`${app.origin}${path}`, { ...from(), ...(who ? { cookie: cookies[who] } : {}), ...headers });
const storedOf = (memberId: string) => getDb().select().from(message).where(eq(message.memberId, memberId)).orderBy(message.seq);
const staffPath = (who: Who) => `/coach/members/${ids[who]}/messages`;
const seqs = (events: EventStream["events"]) => events.map((e) => Number(e.id));

describe("who reaches a conversation", () => {
  it("gives visitors nothing: the member page asks them to sign in, staff pages redirect, streams answer 401, posts store nothing", async () => {
    expect((await get("/members/messages", null)).status).toBe(401);
    for (const path of ["/coach/messages", staffPath("memberA")]) {
      const answer = await get(path, null);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    for (const path of ["/members/messages/events", `${staffPath("memberA")}/events`]) {
      const answer = await stream(path, null);
      expect(answer.status).toBe(401);
      expect(answer.events).toEqual([]);
    }
    await send("/members/messages", null, "Hello?");
    await send(staffPath("memberA"), null, "Hello?");
    expect(await storedOf(ids.memberA)).toEqual([]);
  });

  it("lets a member write and read only their own conversation: another member's is 404 'Conversation not found' for the page, its posts and its stream", async () => {
    const sent = await send("/members/messages", "memberA", "Private to my coach");
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/members/messages");
    expect(await (await get("/members/messages", "memberA")).text()).toContain("Private to my coach");
    expect(await (await get("/members/messages", "memberB")).text()).not.toContain("Private to my coach");

    const page = await get(staffPath("memberA"), "memberB");
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Conversation not found");
    expect((await send(staffPath("memberA"), "memberB", "Sneaky")).status).toBe(404);
    const theirs = await stream(`${staffPath("memberA")}/events`, "memberB");
    expect(theirs.status).toBe(404);
    expect(theirs.text).toBe("Conversation not found");
    expect((await storedOf(ids.memberA)).map((m) => m.body)).toEqual(["Private to my coach"]);
    // The member's own id on the staff address leads to their page; the staff list is not theirs.
    expect((await get(staffPath("memberA"), "memberA")).headers.get("location")).toBe("/members/messages");
    expect((await get("/coach/messages", "memberA")).headers.get("location")).toBe("/unauthorized");
  });

  it("lets staff read and answer any member, list every conversation, and find staff accounts 'not found'", async () => {
    const page = await get(staffPath("memberA"), "trainer");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Private to my coach");
    expect((await send(staffPath("memberA"), "trainer", "Got it, thanks")).status).toBe(302);
    const list = await get("/coach/messages", "trainer");
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("Messages memberA");
    expect((await get(`/coach/members/${ids.trainer}/messages`, "trainer")).status).toBe(404);
    expect((await get("/members/messages", "trainer")).headers.get("location")).toBe("/coach/messages");
  });
});

describe("refused messages", () => {
  it("answers a 100,000-character message with a 4xx and a message, an empty one or 5,001 characters with 400, and stores none", async () => {
    const before = (await storedOf(ids.memberB)).length;
    const huge = await send("/members/messages", "memberB", "x".repeat(100_000));
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(await huge.text()).toMatch(/too large|at most/i);
    for (const [body, text] of [
      ["", "Please write a message"],
      ["y".repeat(5001), "A message must be at most 5,000 characters"],
    ] as const) {
      const answer = await post("/members/messages.data", "memberB", { intent: "send-message", body });
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain(text);
    }
    expect(await storedOf(ids.memberB)).toHaveLength(before);
  });

  it("refuses a member's and a trainer's messages past the burst limit with 429 and a message, storing nothing", async () => {
    const signedIn = async (role: "member" | "trainer") => {
      const email = `burst-${role}@message-routes.test`;
      const password = `burst-${role}-password-1`;
      const id = (await createUserWithPassword({ name: `Burst ${role}`, email, password, role })).id;
      return { id, cookie: (await signIn(email, password, { base: app.origin, headers: from() })).cookie };
    };
    const member = await signedIn("member");
    const trainer = await signedIn("trainer");
    const sendAs = (cookie: string, path: string, body: string) =>
      fetch(`${app.origin}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...from(), origin: app.origin, cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "send-message", body }).toString(),
      });
    for (const [cookie, path] of [
      [member.cookie, "/members/messages"],
      [trainer.cookie, `/coach/members/${member.id}/messages`],
    ] as const) {
      const before = (await storedOf(member.id)).length;
      for (let i = 0; i < MESSAGE_LIMITS.burst.max; i += 1) expect((await sendAs(cookie, path, `Message ${i}`)).status).toBe(302);
      const refused = await sendAs(cookie, path, "One too many");
      expect(refused.status).toBe(429);
      // The page form's answer says when to try again, as the action's data answer does.
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.text()).toContain("You are sending messages faster than we can take them. Try again in 1 minute.");
      expect(await storedOf(member.id)).toHaveLength(before + MESSAGE_LIMITS.burst.max);
    }
  });

  it("numbers messages sent at once by the member and the trainer 1 to n, each once", async () => {
    const before = (await storedOf(ids.memberB)).length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? send("/members/messages", "memberB", `Member ${i}`) : send(staffPath("memberB"), "trainer", `Trainer ${i}`))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 302));
    expect((await storedOf(ids.memberB)).map((m) => m.seq)).toEqual(Array.from({ length: before + 10 }, (_, i) => i + 1));
  });
});

describe("images", () => {
  it("serves a message's image to the member and staff only, private and not kept; visitors sign in, another member gets 404", async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#334155" } }).jpeg().toBuffer();
    const form = new FormData();
    form.set("intent", "send-message");
    form.set("body", "");
    form.set("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "squat.jpg");
    const sent = await fetch(`${app.origin}/members/messages`, { method: "POST", redirect: "manual", headers: { ...from(), origin: app.origin, cookie: cookies.memberA }, body: form });
    expect(sent.status).toBe(302);
    const [row] = (await storedOf(ids.memberA)).filter((m) => m.image !== null);
    const file = `/message-images/${row!.id}/400.jpg`;
    for (const who of ["memberA", "trainer"] as const) {
      const answer = await get(file, who);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(answer.headers.get("content-type")).toBe("image/jpeg");
    }
    const other = await get(file, "memberB");
    expect(other.status).toBe(404);
    expect(await other.text()).toBe("Image not found");
    const visitor = await get(file, null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(file)}`);
    // Not an image: refused with the field's message, nothing stored.
    const before = (await storedOf(ids.memberA)).length;
    const bad = new FormData();
    bad.set("intent", "send-message");
    bad.set("body", "attached");
    bad.set("image", new Blob(["plain text"], { type: "text/plain" }), "notes.txt");
    const refused = await fetch(`${app.origin}/members/messages.data`, { method: "POST", headers: { ...from(), origin: app.origin, cookie: cookies.memberA }, body: bad });
    expect(refused.status).toBe(415);
    expect(await storedOf(ids.memberA)).toHaveLength(before);
  });
});

describe("the live stream", () => {
  it("sends new messages as they are sent, and resumes after Last-Event-ID without losing or repeating one", async () => {
    const member = "memberA";
    const start = (await storedOf(ids[member])).length;
    await send("/members/messages", member, "one");
    await send(staffPath(member), "trainer", "two");

    // From the start of the conversation: every message so far, then a new one live.
    const first = await stream("/members/messages/events", member, { "last-event-id": String(start), "accept-encoding": "gzip, br" });
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    // Never compressed (a gzip stream would hold events back): no-transform tells the compression middleware, and proxies.
    expect(first.headers["content-encoding"]).toBeUndefined();
    expect(first.headers["cache-control"]).toBe("private, no-store, no-transform");
    expect(seqs(await first.waitForEvents(2))).toEqual([start + 1, start + 2]);
    await send(staffPath(member), "trainer", "three");
    const three = await first.waitForEvents(3);
    expect(seqs(three)).toEqual([start + 1, start + 2, start + 3]);
    expect(JSON.parse(three[2]!.data)).toMatchObject({ seq: start + 3, body: "three", fromMember: false, authorName: "Messages trainer" });
    first.close();
    await first.ended;

    // Dropped; two messages meanwhile; the browser reconnects with the last id it got.
    await send("/members/messages", member, "four");
    await send(staffPath(member), "trainer", "five");
    const again = await stream("/members/messages/events", member, { "last-event-id": String(start + 3) });
    expect(seqs(await again.waitForEvents(2))).toEqual([start + 4, start + 5]);
    await send("/members/messages", member, "six");
    expect(seqs(await again.waitForEvents(3))).toEqual([start + 4, start + 5, start + 6]);
    expect(again.events.map((e) => JSON.parse(e.data).body)).toEqual(["four", "five", "six"]);

    // The trainer's stream of the same conversation, from ?after= (a page's first connection).
    const staff = await stream(`${staffPath(member)}/events?after=${start + 5}`, "trainer");
    expect(seqs(await staff.waitForEvents(1))).toEqual([start + 6]);
    again.close();
    staff.close();
  });

  it("starts after the newest message when no id is given, refuses a malformed id, and limits a user's open streams", async () => {
    const fresh = await stream("/members/messages/events", "memberB");
    await send(staffPath("memberB"), "trainer", "only the new one");
    const [event] = await fresh.waitForEvents(1);
    expect(JSON.parse(event!.data).body).toBe("only the new one");
    fresh.close();

    const bad = await stream("/members/messages/events", "memberB", { "last-event-id": "0x10" });
    expect(bad.status).toBe(400);
    expect(bad.text).toBe("Last-Event-ID must be a message number");
    // The access check comes first: someone else's conversation is not found, whatever the id.
    for (const [path, who] of [
      ["/members/messages/events", "trainer"],
      [`${staffPath("memberB")}/events`, "memberA"],
    ] as const) {
      const stranger = await stream(path, who, { "last-event-id": "0x10" });
      expect(stranger.status).toBe(404);
    }

    const open = await Promise.all(Array.from({ length: 5 }, () => stream("/members/messages/events", "memberB")));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await stream("/members/messages/events", "memberB");
    expect(sixth.status).toBe(429);
    expect(sixth.headers["retry-after"]).toBe("30");
    // Closing one frees a place.
    open[0]!.close();
    await open[0]!.ended;
    const { openMessageStreams } = await app.load<typeof StreamModule>("/app/modules/messages/message-stream.server.ts");
    await expect.poll(() => openMessageStreams()).toBe(4);
    const replacement = await stream("/members/messages/events", "memberB");
    expect(replacement.status).toBe(200);
    for (const s of [...open.slice(1), replacement]) s.close();
  });

  it("ends every open stream at shutdown, so the server's connections can close", async () => {
    const open = await stream("/members/messages/events", "memberA");
    const { closeMessageStreams } = await app.load<typeof StreamModule>("/app/modules/messages/message-stream.server.ts");
    closeMessageStreams();
    await open.ended;
    expect(open.events).toEqual([]);
  });
});
