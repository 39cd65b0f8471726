/**
 * Forgot / reset password, change password and 'sign out of all other devices',
 * through the real route actions and better-auth's handler (rate limits, hooks),
 * plus the audit entries they leave.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, like, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { rateLimit, session, user, verification } from "~/db/schema/auth";
import { auditLog } from "~/db/schema/audit";
import { requestLimit } from "~/db/schema/limits";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { dataPath } from "~/lib/data-dir.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { RESET_LINK_NOT_VALID, RESET_REQUESTED_MESSAGE } from "~/modules/users/password.schema";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as loginAction } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { middleware as membersMiddleware } from "~/routes/members";
import { action as settingsAction } from "~/routes/members.settings";
import { action as resetAction, loader as resetLoader } from "~/routes/reset-password";
import { callRoute, cookieHeaderOf, getRequest, postForm, toAction, underLayout } from "../support/route-calls";
import { signIn } from "../support/sign-in";

/** The reset form's answer to a link that is not (or no longer) valid: the page offers a new link. */
const invalidLink = expect.objectContaining({ ok: false, fieldErrors: { token: RESET_LINK_NOT_VALID } });

type DataResult = { data: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } | null };
const PASSWORD = "original-password";
let ipCounter = 1;

function nextIp() {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

/** A form POST from its own client address, so the per-address rate limits stay out of the way. */
function formRequest(pathname: string, fields: Record<string, string>, { cookie, ip = nextIp() }: { cookie?: string; ip?: string } = {}) {
  return postForm(pathname, cookie, fields, { [CLIENT_IP_HEADER]: ip });
}

/** Signing in goes straight to the /login action (the handler, its hooks and rate limit), from its own address. */
const inProcess = (ip = nextIp()) => ({ send: toAction(loginAction), headers: { [CLIENT_IP_HEADER]: ip } });

async function sessionsOf(email: string) {
  const [u] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, email));
  return getDb().select().from(session).where(eq(session.userId, u!.id));
}

function outbox(): string[] {
  const dir = dataPath("outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
}

function clearOutbox() {
  fs.rmSync(dataPath("outbox"), { recursive: true, force: true });
}

/** The token of the newest reset e-mail to this address (quoted-printable decoded). */
function resetTokenFor(email: string): string {
  const mail = outbox()
    .map((m) => m.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
    .filter((m) => m.includes(`To: ${email}`))
    .at(-1);
  const match = mail?.match(/\/reset-password\?token=([\w-]+)/);
  if (!match) throw new Error(`no reset e-mail for ${email}`);
  return match[1]!;
}

async function auditActions(email: string) {
  return (await getDb().select({ action: auditLog.action, summary: auditLog.summary, ip: auditLog.ip }).from(auditLog).where(eq(auditLog.actorEmail, email))).map(
    (r) => r,
  );
}

let n = 0;
async function freshUser(role: "member" | "trainer" | "admin" = "member") {
  n += 1;
  const email = `reset-${n}-${role}@security.test`;
  await createUserWithPassword({ name: `Reset ${n}`, email, password: PASSWORD, role });
  return email;
}

beforeEach(async () => {
  await getDb().delete(rateLimit);
  await getDb().delete(requestLimit);
  clearOutbox();
});

describe("forgot password", () => {
  it("gives the same answer for an existing and an unknown e-mail, and mails only the account", async () => {
    const email = await freshUser();
    const known = (await callRoute(forgotAction, formRequest("/forgot-password", { email }))) as DataResult;
    const unknown = (await callRoute(forgotAction, formRequest("/forgot-password", { email: "nobody@security.test" }))) as DataResult;
    expect(known.data).toEqual({ ok: true, intent: "", sent: true });
    expect(unknown.data).toEqual(known.data);
    expect(known.init?.status ?? 200).toBe(unknown.init?.status ?? 200);
    const mails = outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${email}`);
    expect(resetTokenFor(email)).toMatch(/^[\w-]{10,}$/);
    expect(RESET_REQUESTED_MESSAGE).toContain("If an account exists");
  });

  it("rejects a malformed e-mail with a field message", async () => {
    const result = (await callRoute(forgotAction, formRequest("/forgot-password", { email: "not-an-email" }))) as DataResult;
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual(expect.objectContaining({ ok: false, fieldErrors: { email: "Please enter a valid email address" } }));
  });

  it("limits requests from one address (10 an hour), IPv6 by its /64", async () => {
    for (const ip of ["203.0.113.77", "2001:db8:77::1"]) {
      for (let i = 0; i < 10; i++) {
        const from = ip.includes(":") ? `2001:db8:77::${i + 2}` : ip;
        const ok = (await callRoute(forgotAction, formRequest("/forgot-password", { email: `x${i}@security.test` }, { ip: from }))) as DataResult;
        expect(ok.data).toEqual({ ok: true, intent: "", sent: true });
      }
      const refused = (await callRoute(forgotAction, formRequest("/forgot-password", { email: "x10@security.test" }, { ip }))) as DataResult;
      expect(refused.init?.status).toBe(429);
      expect(refused.data).toEqual(expect.objectContaining({ ok: false, error: "Too many reset requests. Try again in 60 minutes." }));
    }
  });

  it("limits requests for one e-mail (3 an hour), whichever the address", async () => {
    for (let i = 0; i < 3; i++) expect(((await callRoute(forgotAction, formRequest("/forgot-password", { email: "y@security.test" }))) as DataResult).data).toEqual({ ok: true, intent: "", sent: true });
    const refused = (await callRoute(forgotAction, formRequest("/forgot-password", { email: "Y@security.test" }))) as DataResult;
    expect(refused.init?.status).toBe(429);
    expect(Number(new Headers(refused.init?.headers).get("Retry-After"))).toBeGreaterThan(59 * 60);
  });
});

/** How a reset token is stored: the SHA-256 of its identifier, base64url (better-auth's "hashed" storage). */
const storedIdentifier = (token: string) => crypto.createHash("sha256").update(`reset-password:${token}`).digest("base64url");

describe("reset password", () => {
  async function requestToken(email: string) {
    await callRoute(forgotAction, formRequest("/forgot-password", { email }));
    return resetTokenFor(email);
  }

  function openLink(token: string) {
    return callRoute(resetLoader, getRequest(`/reset-password?token=${token}`)) as Promise<DataResult>;
  }

  function submit(token: string, password = "brand-new-password", confirm = password) {
    return callRoute(resetAction, formRequest("/reset-password", { token, newPassword: password, confirmPassword: confirm })) as Promise<Response | DataResult>;
  }

  it("opening the link shows the form and does not use the token (scanner-safe)", async () => {
    const email = await freshUser();
    const token = await requestToken(email);
    for (let i = 0; i < 3; i++) {
      const page = await openLink(token);
      expect(page.data).toEqual({ token, valid: true });
    }
    const done = await submit(token);
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).headers.get("location")).toBe("/login");
  });

  it("a token works once; the new password signs in and the old one fails", async () => {
    const email = await freshUser();
    const token = await requestToken(email);
    expect(await submit(token)).toBeInstanceOf(Response);
    const again = (await submit(token, "another-password-1")) as DataResult;
    expect(again.init?.status).toBe(400);
    expect(again.data).toEqual(invalidLink);
    expect((await openLink(token)).data).toEqual({ token: "", valid: false });
    expect((await signIn(email, "brand-new-password", inProcess())).cookie).toContain("session_token=");
    expect((await signIn(email, PASSWORD, inProcess())).cookie).toBe("");
  });

  it("refuses a wrong token and an expired one, leaving the password unchanged", async () => {
    const email = await freshUser();
    const wrong = (await submit("not-a-real-token-123456")) as DataResult;
    expect(wrong.data).toEqual(invalidLink);
    expect((await openLink("not-a-real-token-123456")).data).toEqual({ token: "", valid: false });

    const token = await requestToken(email);
    await getDb()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, storedIdentifier(token)));
    expect((await openLink(token)).data).toEqual({ token: "", valid: false });
    expect(((await submit(token)) as DataResult).data).toEqual(invalidLink);
    expect((await signIn(email, PASSWORD, inProcess())).cookie).toContain("session_token=");
  });

  it("sets the token to expire after one hour", async () => {
    const email = await freshUser();
    const token = await requestToken(email);
    const [row] = await getDb().select().from(verification).where(eq(verification.identifier, storedIdentifier(token)));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it("checks the new password before using the token", async () => {
    const email = await freshUser();
    const token = await requestToken(email);
    const short = (await submit(token, "short")) as DataResult;
    expect(short.data).toEqual(expect.objectContaining({ ok: false, fieldErrors: { newPassword: "Password must be at least 8 characters" } }));
    const mismatch = (await submit(token, "long-enough-1", "long-enough-2")) as DataResult;
    expect(mismatch.data).toEqual(expect.objectContaining({ ok: false, fieldErrors: { confirmPassword: "The passwords do not match" } }));
    expect((await openLink(token)).data).toEqual({ token, valid: true });
  });

  it("stores only a hash of the token: the database holds no usable link", async () => {
    const email = await freshUser();
    const token = await requestToken(email);
    const rows = await getDb().select().from(verification);
    expect(rows.some((r) => r.identifier.includes(token) || r.value.includes(token))).toBe(false);
    expect(rows.filter((r) => r.identifier === storedIdentifier(token))).toHaveLength(1);
    // Knowing the stored value is no help: it is not a token.
    expect(((await submit(storedIdentifier(token))) as DataResult).data).toEqual(invalidLink);
    expect((await openLink(token)).data).toEqual({ token, valid: true });
  });

  it("two submissions of one token at once: exactly one sets its password", async () => {
    const email = await freshUser();
    const token = await requestToken(email);
    const results = await Promise.all([submit(token, "first-racer-password"), submit(token, "second-racer-password")]);
    const winners = results.map((r, i) => (r instanceof Response ? i : -1)).filter((i) => i >= 0);
    expect(winners).toHaveLength(1);
    const loser = results[1 - winners[0]!] as DataResult;
    expect(loser.data).toEqual(invalidLink);
    const [won, lost] = winners[0] === 0 ? ["first-racer-password", "second-racer-password"] : ["second-racer-password", "first-racer-password"];
    expect((await signIn(email, won, inProcess())).cookie).toContain("session_token=");
    expect((await signIn(email, lost, inProcess())).cookie).toBe("");
    expect((await auditActions(email)).filter((e) => e.action === "auth.password_reset")).toHaveLength(1);
  });

  it("the upgrade's migration drops tokens stored in plain text before it", async () => {
    const email = await freshUser();
    const hashed = await requestToken(email);
    const [u] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, email));
    await getDb().insert(verification).values({ id: crypto.randomUUID(), identifier: "reset-password:plain-token-from-before-0123", value: u!.id, expiresAt: new Date(Date.now() + 30 * 60_000) });
    const migration = fs.readFileSync(path.resolve("drizzle/0008_hash_reset_tokens.sql"), "utf8");
    await getDb().execute(sql.raw(migration));
    expect(await getDb().select().from(verification).where(like(verification.identifier, "reset-password:%"))).toEqual([]);
    expect(((await submit("plain-token-from-before-0123")) as DataResult).data).toEqual(invalidLink);
    expect((await openLink(hashed)).data).toEqual({ token: hashed, valid: true });
  });

  it("ends every session of the account, and records the reset without the token or password", async () => {
    const email = await freshUser();
    await signIn(email, PASSWORD, inProcess());
    await signIn(email, PASSWORD, inProcess());
    expect(await sessionsOf(email)).toHaveLength(2);
    const token = await requestToken(email);
    expect(await submit(token, "after-reset-password")).toBeInstanceOf(Response);
    expect(await sessionsOf(email)).toHaveLength(0);
    const entries = await auditActions(email);
    expect(entries.map((e) => e.action)).toContain("auth.password_reset");
    const text = JSON.stringify(entries);
    expect(text).not.toContain(token);
    expect(text).not.toContain("after-reset-password");
    expect(text).not.toContain(PASSWORD);
  });
});

describe("sign-in and sign-out are recorded", () => {
  it("records a sign-in, a failed sign-in (with the e-mail tried and the IP, no password) and a sign-out", async () => {
    const email = await freshUser();
    const { cookie } = await signIn(email, PASSWORD, inProcess("192.0.2.10"));
    expect(cookie).toContain("session_token=");
    await signIn(email, "wrong-password-typed", inProcess("192.0.2.11"));
    await signIn("ghost@security.test", "whatever-password", inProcess("192.0.2.12"));
    const out = await callRoute(logoutAction, formRequest("/logout", {}, { cookie }));
    expect(out).toBeInstanceOf(Response);

    const entries = await auditActions(email);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "auth.sign_in", ip: "192.0.2.10" }),
        expect.objectContaining({ action: "auth.sign_in_failed", ip: "192.0.2.11" }),
        expect.objectContaining({ action: "auth.sign_out" }),
      ]),
    );
    expect(await auditActions("ghost@security.test")).toEqual([expect.objectContaining({ action: "auth.sign_in_failed" })]);
    expect(JSON.stringify(entries)).not.toContain("wrong-password-typed");
  });
});

describe("settings: change password and sign out of other devices", () => {
  function members(cookie: string | undefined, fields: Record<string, string>) {
    return callRoute(underLayout(membersMiddleware, settingsAction), formRequest("/members/settings", fields, { cookie })) as Promise<Response | DataResult>;
  }

  it("sends an anonymous visitor to /login for either action", async () => {
    for (const intent of ["change-password", "revoke-other-sessions"]) {
      const result = await members(undefined, { intent, currentPassword: PASSWORD, newPassword: "x-new-password", confirmPassword: "x-new-password" });
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    }
  });

  for (const role of ["member", "trainer", "admin"] as const) {
    it(`${role === "admin" ? "an" : "a"} ${role} needs the current password to change it`, async () => {
      const email = await freshUser(role);
      const { cookie } = await signIn(email, PASSWORD, inProcess());
      const wrong = (await members(cookie, {
        intent: "change-password",
        currentPassword: "not-my-password",
        newPassword: "changed-password-1",
        confirmPassword: "changed-password-1",
      })) as DataResult;
      expect(wrong.init?.status).toBe(400);
      expect(wrong.data).toMatchObject({ intent: "change-password", error: expect.any(String) });

      const missing = (await members(cookie, { intent: "change-password", currentPassword: "", newPassword: "changed-password-1", confirmPassword: "changed-password-1" })) as DataResult;
      expect(missing.data).toMatchObject({ fieldErrors: { currentPassword: "Please enter your current password" } });

      const ok = await members(cookie, { intent: "change-password", currentPassword: PASSWORD, newPassword: "changed-password-1", confirmPassword: "changed-password-1" });
      expect(ok).toBeInstanceOf(Response);
      expect((ok as Response).headers.get("location")).toBe("/members/settings");
      expect((await signIn(email, "changed-password-1", inProcess())).cookie).toContain("session_token=");
      expect((await signIn(email, PASSWORD, inProcess())).cookie).toBe("");
      expect((await auditActions(email)).map((e) => e.action)).toContain("auth.password_changed");
    });

    it(`${role === "admin" ? "an" : "a"} ${role} can sign out of all other devices and stay signed in here`, async () => {
      const email = await freshUser(role);
      const here = await signIn(email, PASSWORD, inProcess());
      await signIn(email, PASSWORD, inProcess());
      await signIn(email, PASSWORD, inProcess());
      expect(await sessionsOf(email)).toHaveLength(3);
      const result = await members(here.cookie, { intent: "revoke-other-sessions" });
      expect(result).toBeInstanceOf(Response);
      const left = await sessionsOf(email);
      expect(left).toHaveLength(1);
      expect(here.cookie).toContain(left[0]!.token);
      expect((await auditActions(email)).map((e) => e.action)).toContain("auth.other_sessions_revoked");
    });
  }

  it("changing the password with 'also sign out other devices' keeps only a new session for this browser", async () => {
    const email = await freshUser();
    const here = await signIn(email, PASSWORD, inProcess());
    await signIn(email, PASSWORD, inProcess());
    const result = (await members(here.cookie, {
      intent: "change-password",
      currentPassword: PASSWORD,
      newPassword: "changed-password-2",
      confirmPassword: "changed-password-2",
      revokeOtherSessions: "on",
    })) as Response;
    expect(result).toBeInstanceOf(Response);
    const left = await sessionsOf(email);
    expect(left).toHaveLength(1);
    expect(cookieHeaderOf(result)).toContain(left[0]!.token);
    expect(here.cookie).not.toContain(left[0]!.token);
    expect((await signIn(email, "changed-password-2", inProcess())).cookie).toContain("session_token=");
  });
});
