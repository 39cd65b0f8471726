/**
 * getSessionUser reads the session cookie itself (one joined query instead of
 * better-auth's getSession): it must accept exactly the cookies better-auth accepts,
 * drop ended, expired and deactivated sessions, renew a member's session (row and cookie)
 * once a day, and end a staff session 12 hours after sign-in (decision 0027).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { session, user } from "~/db/schema/auth";
import { profile } from "~/db/schema/profiles";
import { createUserWithPassword } from "~/modules/users/users.server";
import { signInCookie } from "../support/route-calls";
import { getAuth } from "~/auth/auth.server";
import { getSessionUser, type SessionUser } from "~/auth/session.server";
import { withRequestScope } from "~/lib/request-scope.server";
import { setUserRole } from "~/modules/users/user-admin.server";

const PASSWORD = "session-lookup-pass-58";
const DAY_MS = 24 * 60 * 60 * 1000;
let memberId: string;

beforeAll(async () => {
  memberId = (await createUserWithPassword({ name: "Sam Session", email: "sam@session.test", password: PASSWORD, role: "member" })).id;
});

const requestWith = (cookie: string) => new Request("http://localhost:3000/members", { headers: { cookie } });
const lookup = (cookie: string) => getSessionUser(requestWith(cookie));
/** The lookup as the HTTP layer runs it: with the Set-Cookie headers it adds to the response. */
async function lookupCollectingCookies(cookie: string): Promise<{ user: SessionUser | null; cookies: string[] }> {
  const cookies: string[] = [];
  const found = await withRequestScope({ method: "GET" }, (c) => cookies.push(c), () => lookup(cookie));
  return { user: found, cookies };
}
const betterAuthAccepts = async (cookie: string) => (await getAuth().api.getSession({ headers: new Headers({ cookie }) })) !== null;

/** "name=token.signature" of a fresh sign-in. */
async function signedIn(): Promise<{ cookie: string; name: string; token: string; signature: string }> {
  const cookie = await signInCookie("sam@session.test", PASSWORD);
  const [name, value] = cookie.split("; ")[0]!.split("=") as [string, string];
  const [token, signature] = decodeURIComponent(value).split(".") as [string, string];
  return { cookie, name, token, signature };
}

async function expiresAt(token: string): Promise<Date> {
  const [row] = await getDb().select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token));
  return row!.expiresAt;
}

describe("getSessionUser", () => {
  it("gives the signed-in user with role, unit and whether the profile is complete", async () => {
    const { cookie } = await signedIn();
    expect(await lookup(cookie)).toEqual({ id: memberId, email: "sam@session.test", name: "Sam Session", role: "member", weightUnit: "lbs", profileComplete: false });
    await getDb().insert(profile).values({ userId: memberId, location: "Leeds", interests: "Lifting", experience: "Beginner", goals: "Get strong", weightUnit: "kg" });
    expect(await lookup(cookie)).toMatchObject({ weightUnit: "kg", profileComplete: true });
  });

  it("accepts exactly the cookies better-auth accepts", async () => {
    const { cookie, name, token, signature } = await signedIn();
    const flipped = signature[0] === "A" ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const cases = {
      valid: cookie,
      "tampered signature": `${name}=${encodeURIComponent(`${token}.${flipped}`)}`,
      "no signature": `${name}=${token}`,
      "another token with this signature": `${name}=${encodeURIComponent(`x${token.slice(1)}.${signature}`)}`,
      "another cookie name": `other.session_token=${encodeURIComponent(`${token}.${signature}`)}`,
      "signature without padding": `${name}=${encodeURIComponent(`${token}.${signature.replace(/={1,2}$/, "")}`)}`,
      "no cookie": "theme=dark",
    };
    const ours: Record<string, boolean> = {};
    const theirs: Record<string, boolean> = {};
    for (const [label, value] of Object.entries(cases)) {
      ours[label] = (await lookup(value)) !== null;
      theirs[label] = await betterAuthAccepts(value);
    }
    expect(ours).toEqual(theirs);
    expect(ours).toMatchObject({ valid: true, "tampered signature": false, "no signature": false });
  });

  it("drops a session that was signed out, has expired, or whose user was deactivated", async () => {
    const ended = await signedIn();
    await getAuth().api.signOut({ headers: new Headers({ cookie: ended.cookie }) });
    expect(await lookup(ended.cookie)).toBeNull();

    const expired = await signedIn();
    await getDb().update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.token, expired.token));
    expect(await lookup(expired.cookie)).toBeNull();

    const banned = await signedIn();
    await getDb().update(user).set({ banned: true }).where(eq(user.id, memberId));
    try {
      expect(await lookup(banned.cookie)).toBeNull();
    } finally {
      await getDb().update(user).set({ banned: false }).where(eq(user.id, memberId));
    }
    expect(await lookup(banned.cookie)).not.toBeNull();
  });

  it("renews a member's session a day after it was last renewed, and not before: the row and the browser's cookie together", async () => {
    const { sessionConfig } = await getAuth().$context;
    const fresh = await signedIn();
    const before = await expiresAt(fresh.token);
    expect(await lookupCollectingCookies(fresh.cookie)).toMatchObject({ user: { id: memberId }, cookies: [] });
    expect(await expiresAt(fresh.token)).toEqual(before);

    const due = await signedIn();
    // Last renewed a day and a minute ago.
    const old = new Date(Date.now() + sessionConfig.expiresIn * 1000 - DAY_MS - 60_000);
    await getDb().update(session).set({ expiresAt: old }).where(eq(session.token, due.token));
    const { user: found, cookies } = await lookupCollectingCookies(due.cookie);
    expect(found).toMatchObject({ id: memberId });
    const renewed = await expiresAt(due.token);
    expect(renewed.getTime()).toBeGreaterThan(Date.now() + sessionConfig.expiresIn * 1000 - 60_000);
    // The same signed value, good for another 30 days, with better-auth's attributes.
    expect(cookies).toEqual([`${due.name}=${encodeURIComponent(`${due.token}.${due.signature}`)}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax`]);
    expect(await betterAuthAccepts(cookies[0]!.split(";")[0]!)).toBe(true);
  });
});

describe("how long a session lasts", () => {
  const STAFF_MS = 12 * 60 * 60 * 1000;
  let trainerId = "";
  beforeAll(async () => {
    trainerId = (await createUserWithPassword({ name: "Tess Twelve", email: "tess@session.test", password: PASSWORD, role: "trainer" })).id;
  });

  async function signInAs(email: string) {
    const cookie = await signInCookie(email, PASSWORD);
    const token = decodeURIComponent(cookie.split("; ")[0]!.split("=")[1]!).split(".")[0]!;
    return { cookie, token };
  }

  /** Moves a session's start (and end) back in time, as if signed in `ms` ago. */
  async function age(token: string, ms: number, expires?: Date) {
    const [row] = await getDb().select().from(session).where(eq(session.token, token));
    await getDb()
      .update(session)
      .set({ createdAt: new Date(row!.createdAt.getTime() - ms), expiresAt: expires ?? new Date(row!.expiresAt.getTime() - ms) })
      .where(eq(session.token, token));
  }

  it("a trainer's session ends 12 hours after signing in, however busy, and is never extended", async () => {
    const { cookie, token } = await signInAs("tess@session.test");
    expect((await expiresAt(token)).getTime()).toBeLessThanOrEqual(Date.now() + STAFF_MS);
    expect((await expiresAt(token)).getTime()).toBeGreaterThan(Date.now() + STAFF_MS - 60_000);

    await age(token, STAFF_MS - 60_000);
    const end = await expiresAt(token);
    expect(await lookupCollectingCookies(cookie)).toMatchObject({ user: { id: trainerId, role: "trainer" }, cookies: [] });
    expect(await expiresAt(token)).toEqual(end);

    // Even a row that says "30 days more" ends 12 hours after sign-in.
    await age(token, 2 * 60_000, new Date(Date.now() + 29 * DAY_MS));
    expect(await lookup(cookie)).toBeNull();
  });

  it("a member made a trainer keeps a session begun under 12 hours ago until 12 hours after it began, an older one ends now", async () => {
    const id = (await createUserWithPassword({ name: "Pro Moted", email: "promoted@session.test", password: PASSWORD, role: "member" })).id;
    const recent = await signInAs("promoted@session.test");
    const old = await signInAs("promoted@session.test");
    await age(recent.token, 60 * 60_000);
    await age(old.token, 13 * 60 * 60_000);
    await setUserRole({ id: trainerId, email: "admin@session.test", role: "admin" }, id, "trainer");

    expect(await lookup(old.cookie)).toBeNull();
    expect(await betterAuthAccepts(old.cookie)).toBe(false);
    expect(await lookup(recent.cookie)).toMatchObject({ id, role: "trainer" });
    const [row] = await getDb().select().from(session).where(eq(session.token, recent.token));
    expect(row!.expiresAt.getTime()).toBe(row!.createdAt.getTime() + STAFF_MS);
  });

  it("a member's session keeps its 30 days", async () => {
    const { token } = await signInAs("sam@session.test");
    expect((await expiresAt(token)).getTime()).toBeGreaterThan(Date.now() + 30 * DAY_MS - 60_000);
  });
});
