/**
 * Reads a server process keeps until their rows change (decision 0145): the session lookup,
 * the site settings and the menu's unread count. A change shows at once to the person who
 * made it (their own request), and to everyone else within seconds, whichever door wrote
 * the row: here the test's own connection to the database, as the CLI, a script or another
 * server process would write it (on PostgreSQL that is another connection, whose notice
 * reaches the server a moment later). Runs on both databases: PGlite delivers the notices
 * in this process, PostgreSQL through a listening connection.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb } from "~/db/client.server";
import { session, user } from "~/db/schema/auth";
import { siteSetting } from "~/db/schema/settings";
import { CHANGES_CHANNEL } from "~/lib/change-notices.server";
import { KEPT_TABLES } from "~/lib/kept-tables";
import { postMessage } from "~/modules/messages/messages.server";
import { updateOwnProfile } from "~/modules/users/profile.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { signIn } from "../support/sign-in";
import { startApp, type RunningApp } from "./fuzz-harness";

let app: RunningApp;
let client = 0;
const from = () => ({ "x-forwarded-for": `10.49.${Math.floor(++client / 250)}.${client % 250}` });
const ids = { member: "", trainer: "" };
const cookies = { member: "", trainer: "" };
const profile = { location: "Leeds", interests: "Lifting", experience: "A year", goals: "Get strong" };

beforeAll(async () => {
  app = await startApp();
  for (const who of ["member", "trainer"] as const) {
    const email = `${who}@kept-reads.test`;
    const password = `${who}-kept-reads-pass-1`;
    ids[who] = (await createUserWithPassword({ name: `Kept ${who}`, email, password, role: who })).id;
    await updateOwnProfile({ id: ids[who] }, { fullName: `Kept ${who}`, ...profile });
    cookies[who] = (await signIn(email, password, { base: app.origin, headers: from() })).cookie;
  }
}, 120_000);

afterAll(() => app?.stop());

const page = async (path: string, who: keyof typeof cookies) => {
  const answer = await fetch(`${app.origin}${path}`, { redirect: "manual", headers: { ...from(), cookie: cookies[who] } });
  return { status: answer.status, html: await answer.text() };
};
const post = (path: string, who: keyof typeof cookies, fields: Record<string, string>) =>
  fetch(`${app.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...from(), origin: app.origin, "content-type": "application/x-www-form-urlencoded", cookie: cookies[who] },
    body: new URLSearchParams(fields).toString(),
  });

/** Asks again until `seen` holds (the notice of another connection's commit is on its way), for 5 s at most. */
async function withinSeconds<T>(ask: () => Promise<T>, seen: (answer: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const answer = await ask();
    if (seen(answer) || Date.now() > deadline) return answer;
  }
}

const unreadBadge = (html: string) => />(\d+)<span class="sr-only"> (?:<!-- -->)?unread/.exec(html)?.[1] ?? null;

describe("reads kept until their rows change", () => {
  it("has a trigger announcing the changes of each kept table, and of no other", async () => {
    const result = await getDb().execute(sql`select distinct event_object_table as "table" from information_schema.triggers where trigger_name like '%_announce_change' order by 1`);
    const tables = (result as unknown as { rows: Array<{ table: string }> }).rows.map((row) => row.table);
    expect(tables).toEqual([...KEPT_TABLES].sort());
  });

  it("shows a saved profile at once to the member who saved it, and a name changed elsewhere within seconds", async () => {
    expect((await page("/members", "member")).html).toContain("Kept member");
    // On PostgreSQL the save answers once the server heard its own notice, which it sends after the write's.
    const notices: string[] = [];
    const stopHearing = await getDatabase().listen(CHANGES_CHANNEL, (payload) => payload && notices.push(payload));
    try {
      const saved = await post("/members/settings", "member", { intent: "update-profile", fullName: "Renamed Member", ...profile });
      expect(saved.status).toBe(302);
      if (getDatabase().kind === "postgres") await expect.poll(() => notices.some((notice) => notice.startsWith("heard:"))).toBe(true);
    } finally {
      await stopHearing();
    }
    // Their own next page, at once: no second try.
    expect((await page("/members", "member")).html).toContain("Renamed Member");

    await getDb().update(user).set({ name: "Named Elsewhere" }).where(eq(user.id, ids.member));
    const after = await withinSeconds(() => page("/members", "member"), (p) => p.html.includes("Named Elsewhere"));
    expect(after.html).toContain("Named Elsewhere");
  });

  it("signs a banned member out, and one whose sessions were ended, within seconds", async () => {
    expect((await page("/members", "member")).status).toBe(200);
    await getDb().update(user).set({ banned: true }).where(eq(user.id, ids.member));
    expect((await withinSeconds(() => page("/members", "member"), (p) => p.status === 401)).status).toBe(401);
    await getDb().update(user).set({ banned: false }).where(eq(user.id, ids.member));
    expect((await withinSeconds(() => page("/members", "member"), (p) => p.status === 200)).status).toBe(200);

    await getDb().delete(session).where(eq(session.userId, ids.member));
    expect((await withinSeconds(() => page("/members", "member"), (p) => p.status === 401)).status).toBe(401);
    cookies.member = (await signIn("member@kept-reads.test", "member-kept-reads-pass-1", { base: app.origin, headers: from() })).cookie;
    expect((await page("/members", "member")).status).toBe(200);
  });

  it("names the business as saved, within seconds of a write through another door", async () => {
    const title = async () => /<title>([^<]*)<\/title>/.exec((await page("/members", "member")).html)?.[1] ?? "";
    expect(await title()).toContain("Relentless");
    await getDb()
      .insert(siteSetting)
      .values({ key: "site", value: { businessName: "Kept Reads Gym" } })
      .onConflictDoUpdate({ target: siteSetting.key, set: { value: sql`${siteSetting.value} || '{"businessName": "Kept Reads Gym"}'::jsonb` } });
    expect(await withinSeconds(title, (t) => t.includes("Kept Reads Gym"))).toContain("Kept Reads Gym");
  });

  it("counts a coach's new message in the member's menu within seconds, and clears it at once when the member reads it", async () => {
    expect(unreadBadge((await page("/members", "member")).html)).toBeNull();
    await postMessage({ id: ids.trainer, role: "trainer", email: "trainer@kept-reads.test", name: "Kept trainer" }, ids.member, { body: "Well done today" });
    const counted = await withinSeconds(() => page("/members", "member"), (p) => unreadBadge(p.html) === "1");
    expect(unreadBadge(counted.html)).toBe("1");
    // Opening the conversation reads it; the next page's menu has no count, at once.
    expect((await page("/members/messages", "member")).status).toBe(200);
    expect(unreadBadge((await page("/members", "member")).html)).toBeNull();
  });
});
