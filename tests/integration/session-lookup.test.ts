/**
 * getSessionUser reads the session cookie itself (one joined query instead of
 * better-auth's getSession): it must accept exactly the cookies better-auth accepts,
 * drop ended, expired and deactivated sessions, and still renew a session once a day
 * the way better-auth does.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { session, user } from "~/db/schema/auth";
import { profile } from "~/db/schema/profiles";
import { createUserWithPassword } from "~/modules/users/users.server";
import { signInCookie } from "../support/route-calls";
import { getAuth } from "~/auth/auth.server";
import { getSessionUser } from "~/auth/session.server";

const PASSWORD = "session-lookup-pass-58";
const DAY_MS = 24 * 60 * 60 * 1000;
let memberId: string;

beforeAll(async () => {
  memberId = (await createUserWithPassword({ name: "Sam Session", email: "sam@session.test", password: PASSWORD, role: "member" })).id;
});

const requestWith = (cookie: string) => new Request("http://localhost:3000/members", { headers: { cookie } });
const lookup = (cookie: string) => getSessionUser(requestWith(cookie));
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

  it("renews a session a day after it was last renewed, as better-auth does, and not before", async () => {
    const { sessionConfig } = await getAuth().$context;
    const fresh = await signedIn();
    const before = await expiresAt(fresh.token);
    await lookup(fresh.cookie);
    expect(await expiresAt(fresh.token)).toEqual(before);

    const due = await signedIn();
    // Last renewed a day and a minute ago.
    const old = new Date(Date.now() + sessionConfig.expiresIn * 1000 - DAY_MS - 60_000);
    await getDb().update(session).set({ expiresAt: old }).where(eq(session.token, due.token));
    expect(await lookup(due.cookie)).toMatchObject({ id: memberId });
    const renewed = await expiresAt(due.token);
    expect(renewed.getTime()).toBeGreaterThan(Date.now() + sessionConfig.expiresIn * 1000 - 60_000);
  });
});
