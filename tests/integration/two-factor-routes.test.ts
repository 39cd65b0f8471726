/**
 * Two-factor authentication through the real route actions and better-auth's handler:
 * enrolment in Settings, the second sign-in step (no session before it passes), backup
 * codes, replay, throttling, turning it off, the administrator's reset and the staff
 * requirement, with every refusal.
 */
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { rateLimit, session, user } from "~/db/schema/auth";
import { auditLog } from "~/db/schema/audit";
import { requestLimit } from "~/db/schema/limits";
import { twoFactor, twoFactorBackupCode } from "~/db/schema/two-factor";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { setRequireStaffTwoFactor } from "~/modules/settings/security-settings.server";
import { resetTwoFactor } from "~/modules/two-factor/two-factor.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { middleware as adminMiddleware } from "~/routes/admin";
import { action as rawAdminUsersAction } from "~/routes/admin.users";
import { middleware as cmsMiddleware } from "~/routes/cms";
import { loader as rawCmsLoader } from "~/routes/cms.content-list";
import { action as previewAction } from "~/routes/cms.markdown-preview";
import { action as uploadAction } from "~/routes/cms.uploads";
import { loader as documentLoader } from "~/routes/documents.$id";
import { loader as photoLoader } from "~/routes/progress-photos.$photoId.$file";
import { action as loginAction } from "~/routes/login";
import { action as secondStepAction, loader as secondStepLoader } from "~/routes/login.two-factor";
import { middleware as membersMiddleware } from "~/routes/members";
import { action as settingsAction, loader as settingsLoader } from "~/routes/members.settings";
import { callRoute, callRouteOrData, cookieHeaderOf, getRequest, isDataResult, locationOf, postForm, toAction, underLayout, type DataResult } from "../support/route-calls";
import { sessionCookie, signIn } from "../support/sign-in";

const adminUsersAction = underLayout(adminMiddleware, rawAdminUsersAction);
const cmsLoader = underLayout(cmsMiddleware, rawCmsLoader);

const PASSWORD = "two-factor-pass-1";
let counter = 0;
const nextIp = () => `198.51.100.${(counter % 250) + 1}`;

function form(pathname: string, fields: Record<string, string>, cookie?: string) {
  counter += 1;
  return postForm(pathname, cookie, fields, { [CLIENT_IP_HEADER]: nextIp() });
}

function postJson(pathname: string, body: unknown, cookie: string) {
  return new Request(`http://localhost:3000${pathname}`, { method: "POST", headers: { cookie, origin: "http://localhost:3000", "content-type": "application/json" }, body: JSON.stringify(body) });
}

async function freshUser(role: "member" | "trainer" | "admin" = "member") {
  counter += 1;
  const email = `tf-${counter}-${role}@two-factor.test`;
  await createUserWithPassword({ name: `Two Factor ${counter}`, email, password: PASSWORD, role });
  const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, email));
  return { email, id: row!.id, role };
}

/** Signing in goes straight to the /login action, each time from a new address. */
function inProcess() {
  counter += 1;
  return { send: toAction(loginAction), headers: { [CLIENT_IP_HEADER]: nextIp() } };
}

/** The first step: the login action's answer. */
async function passwordStep(email: string, password = PASSWORD) {
  return (await signIn(email, password, inProcess())).answer;
}

/** A code as the authenticator app shows it `stepsAhead` time steps from now. */
function codeFor(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

async function settingsOf(cookie: string) {
  const loaded = (await callRoute(underLayout(membersMiddleware, settingsLoader), getRequest("/members/settings", cookie))) as { twoFactor: { enabled: boolean; pending: { secret: string; qrSvg: string } | null; backupCodesLeft: number; required: boolean } };
  return loaded.twoFactor;
}

/** Enrols through Settings; returns the secret (as shown on the page) and the backup codes. */
async function enrol(cookie: string): Promise<{ secret: string; backupCodes: string[] }> {
  expect(locationOf(await callRoute(underLayout(membersMiddleware, settingsAction), form("/members/settings", { intent: "two-factor-start" }, cookie)))).toBe("/members/settings#two-factor");
  const pending = (await settingsOf(cookie)).pending!;
  const secret = pending.secret;
  const confirmed = (await callRoute(underLayout(membersMiddleware, settingsAction), form("/members/settings", { intent: "two-factor-confirm", code: await codeFor(secret) }, cookie))) as DataResult<{ backupCodes: string[] }>;
  expect(isDataResult(confirmed)).toBe(true);
  return { secret, backupCodes: confirmed.data.backupCodes };
}

/** Password step of an account with a second factor: the challenge cookie, and no session. */
async function challengeFor(email: string): Promise<string> {
  const answer = await passwordStep(email);
  expect(answer).toBeInstanceOf(Response);
  // No page asked for: the second step lands on the person's home.
  expect(locationOf(answer)).toBe("/login/two-factor");
  const cookie = cookieHeaderOf(answer as Response);
  expect(cookie).toMatch(/^rl_2fa=/);
  expect(cookie).not.toContain("session_token=");
  return cookie;
}

async function secondStep(challenge: string, code: string) {
  return (await callRoute(secondStepAction, form("/login/two-factor", { code, redirectTo: "/members" }, challenge))) as Response | DataResult<{ error: string }>;
}

const sessionsOf = (userId: string) => getDb().select().from(session).where(eq(session.userId, userId));
const auditOf = (userId: string) => getDb().select({ action: auditLog.action, summary: auditLog.summary }).from(auditLog).where(eq(auditLog.actorId, userId));

beforeEach(async () => {
  await getDb().delete(rateLimit);
  await getDb().delete(requestLimit);
  await setRequireStaffTwoFactor({ id: "system", email: "system@two-factor.test", role: "admin" }, false);
});

describe("enrolment in Settings", () => {
  it("shows the secret as text and as an inline SVG QR code, and is on only after a right code; ten backup codes come back once", async () => {
    const member = await freshUser();
    const cookie = await sessionCookie(member.email, PASSWORD, inProcess());
    expect(await settingsOf(cookie)).toMatchObject({ enabled: false, pending: null, required: false });
    await callRoute(underLayout(membersMiddleware, settingsAction), form("/members/settings", { intent: "two-factor-start" }, cookie));
    const pending = (await settingsOf(cookie)).pending!;
    expect(pending.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(pending.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(pending.qrSvg).not.toMatch(/<script|href=/i);

    const wrong = (await callRoute(underLayout(membersMiddleware, settingsAction), form("/members/settings", { intent: "two-factor-confirm", code: "000000" }, cookie))) as DataResult<{ error: string }>;
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data.error).toBe("Invalid code. Please try again.");
    expect((await settingsOf(cookie)).enabled).toBe(false);

    const confirmed = (await callRoute(underLayout(membersMiddleware, settingsAction), form("/members/settings", { intent: "two-factor-confirm", code: await codeFor(pending.secret) }, cookie))) as DataResult<{ backupCodes: string[] }>;
    expect(confirmed.data.backupCodes).toHaveLength(10);
    expect(new Set(confirmed.data.backupCodes).size).toBe(10);
    expect(await settingsOf(cookie)).toMatchObject({ enabled: true, pending: null, backupCodesLeft: 10 });
    // Stored encrypted and hashed: neither the secret nor a code is readable in the database.
    const [stored] = await getDb().select().from(twoFactor).where(eq(twoFactor.userId, member.id));
    expect(stored!.secret).not.toContain(pending.secret);
    const hashes = await getDb().select().from(twoFactorBackupCode).where(eq(twoFactorBackupCode.userId, member.id));
    expect(hashes.map((h) => h.codeHash)).not.toContain(confirmed.data.backupCodes[0]);
    expect((await auditOf(member.id)).map((a) => a.action)).toContain("auth.two_factor_enabled");

    // Starting again while on is refused.
    const again = (await callRoute(underLayout(membersMiddleware, settingsAction), form("/members/settings", { intent: "two-factor-start" }, cookie))) as DataResult<{ error: string }>;
    expect(again.init?.status).toBe(409);
  });
});

describe("signing in with a second factor", () => {
  it("creates no session before the code, then signs in with a code; the same code is refused a second time", async () => {
    const member = await freshUser();
    const { secret } = await enrol(await sessionCookie(member.email, PASSWORD, inProcess()));
    const before = (await sessionsOf(member.id)).length;
    const challenge = await challengeFor(member.email);
    expect(await sessionsOf(member.id)).toHaveLength(before);
    // The second step's page exists only with the challenge.
    // No page was asked for: the form carries none, and the sign-in lands on the person's home.
    expect(await callRoute(secondStepLoader, getRequest("/login/two-factor", challenge))).toEqual({ redirectTo: undefined });
    expect(locationOf(await callRoute(secondStepLoader, getRequest("/login/two-factor")))).toBe("/login");

    const code = await codeFor(secret, 1);
    const passed = await secondStep(challenge, code);
    expect(passed).toBeInstanceOf(Response);
    expect(locationOf(passed)).toBe("/members");
    const cookie = cookieHeaderOf(passed as Response);
    expect(cookie).toContain("session_token=");
    expect(await sessionsOf(member.id)).toHaveLength(before + 1);
    expect((await settingsOf(cookie)).enabled).toBe(true);

    // Replay: the same code (same time step) on a new sign-in is refused.
    const replay = (await secondStep(await challengeFor(member.email), code)) as DataResult<{ error: string }>;
    expect(replay.init?.status).toBe(400);
    expect(replay.data.error).toBe("Invalid code. Please try again.");
    // A used challenge cannot be used again.
    const reused = (await secondStep(challenge, await codeFor(secret, -1))) as DataResult<{ error: string }>;
    expect(reused.init?.status).toBe(401);
  });

  it("a wrong password for an account with a second factor answers as any wrong password", async () => {
    const member = await freshUser();
    await enrol(await sessionCookie(member.email, PASSWORD, inProcess()));
    const answer = (await passwordStep(member.email, "not-the-password")) as DataResult<{ error: string }>;
    expect(answer.init?.status).toBe(401);
    expect(answer.data).toEqual(expect.objectContaining({ ok: false, title: "Error signing in", error: "Invalid email or password" }));
  });

  it("takes a backup code once: its second use is refused", async () => {
    const member = await freshUser();
    const { backupCodes } = await enrol(await sessionCookie(member.email, PASSWORD, inProcess()));
    const first = await secondStep(await challengeFor(member.email), backupCodes[0]!.toUpperCase());
    expect(first).toBeInstanceOf(Response);
    expect(cookieHeaderOf(first as Response)).toContain("session_token=");
    const second = (await secondStep(await challengeFor(member.email), backupCodes[0]!)) as DataResult<{ error: string }>;
    expect(second.init?.status).toBe(400);
    expect(await getDb().select().from(twoFactorBackupCode).where(eq(twoFactorBackupCode.userId, member.id))).toHaveLength(9);
  });

  it("pauses the account after 5 wrong codes, even for the right one, and says how long", async () => {
    const member = await freshUser();
    const { secret } = await enrol(await sessionCookie(member.email, PASSWORD, inProcess()));
    const challenge = await challengeFor(member.email);
    for (let i = 0; i < 5; i++) {
      const wrong = (await secondStep(challenge, "111111")) as DataResult<{ error: string }>;
      expect(wrong.init?.status).toBe(400);
    }
    const paused = (await secondStep(challenge, await codeFor(secret, 1))) as DataResult<{ error: string }>;
    expect(paused.init?.status).toBe(429);
    expect(paused.data.error).toBe("Too many attempts. Try again in 15 minutes.");
    // From another address and a new sign-in too: the pause is the account's.
    const elsewhere = (await secondStep(await challengeFor(member.email), await codeFor(secret, 1))) as DataResult<{ error: string }>;
    expect(elsewhere.init?.status).toBe(429);
    expect((await auditOf(member.id)).filter((a) => a.action === "auth.two_factor_failed")).toHaveLength(5);
  });
});

describe("turning it off", () => {
  it("needs both the password and a code", async () => {
    const member = await freshUser();
    const cookie = await sessionCookie(member.email, PASSWORD, inProcess());
    const { secret, backupCodes } = await enrol(cookie);
    const disable = (fields: Record<string, string>) => callRoute(underLayout(membersMiddleware, settingsAction), form("/members/settings", { intent: "two-factor-disable", ...fields }, cookie)) as Promise<DataResult<{ error: string }> | Response>;

    const noCode = (await disable({ password: PASSWORD, code: "" })) as DataResult<{ error: string }>;
    expect(noCode.init?.status).toBe(400);
    const wrongPassword = (await disable({ password: "not-the-password", code: await codeFor(secret, 1) })) as DataResult<{ error: string }>;
    expect(wrongPassword.init?.status).toBe(400);
    expect(wrongPassword.data.error).toBe("Incorrect password or code.");
    const wrongCode = (await disable({ password: PASSWORD, code: "222222" })) as DataResult<{ error: string }>;
    expect(wrongCode.init?.status).toBe(400);
    expect((await settingsOf(cookie)).enabled).toBe(true);

    const off = await disable({ password: PASSWORD, code: backupCodes[1]! });
    expect(off).toBeInstanceOf(Response);
    expect(await settingsOf(cookie)).toMatchObject({ enabled: false, pending: null });
    expect(await getDb().select().from(twoFactorBackupCode).where(eq(twoFactorBackupCode.userId, member.id))).toHaveLength(0);
    // The password alone signs in again.
    await sessionCookie(member.email, PASSWORD, inProcess());
  });
});

describe("an administrator's reset", () => {
  it("is refused to members (and to the module for a non-admin), and lets the user in with the password alone, audited", async () => {
    const member = await freshUser();
    const other = await freshUser();
    const admin = await freshUser("admin");
    await enrol(await sessionCookie(member.email, PASSWORD, inProcess()));

    const otherCookie = await sessionCookie(other.email, PASSWORD, inProcess());
    const byMember = await callRoute(adminUsersAction, form("/admin/users", { intent: "reset-two-factor", id: member.id }, otherCookie));
    expect(locationOf(byMember)).toBe("/members");
    await expect(resetTwoFactor({ ...other, role: "member" }, member.id, "x")).rejects.toMatchObject({ init: { status: 403 } });
    await challengeFor(member.email);

    const adminCookie = await sessionCookie(admin.email, PASSWORD, inProcess());
    const reset = await callRoute(adminUsersAction, form("/admin/users", { intent: "reset-two-factor", id: member.id }, adminCookie));
    expect(locationOf(reset)).toBe("/admin/users");
    const entries = await auditOf(admin.id);
    expect(entries).toContainEqual({ action: "auth.two_factor_reset", summary: `Reset the two-factor authentication of ${member.email}` });
    await sessionCookie(member.email, PASSWORD, inProcess());

    // Nothing left to reset: a clear refusal.
    const again = (await callRouteOrData(adminUsersAction, form("/admin/users", { intent: "reset-two-factor", id: member.id }, adminCookie))) as Response;
    expect(locationOf(again)).toBe("/admin/users");
  });
});

describe("'Require two-factor for staff'", () => {
  it("leads a trainer without it to enrolment at sign-in and keeps staff pages closed until enrolled; members are not affected", async () => {
    const trainer = await freshUser("trainer");
    const member = await freshUser();
    await setRequireStaffTwoFactor({ id: "system", email: "system@two-factor.test", role: "admin" }, true);

    const answer = (await passwordStep(trainer.email)) as Response;
    expect(locationOf(answer)).toBe("/members/settings#two-factor");
    const cookie = cookieHeaderOf(answer);
    expect((await settingsOf(cookie)).required).toBe(true);
    expect(locationOf(await callRoute(cmsLoader, getRequest("/cms/articles", cookie)))).toBe("/members/settings#two-factor");
    // The staff pages' JSON endpoints too: no upload and no preview before enrolment.
    const preview = (await callRoute(previewAction, postJson("/cms/markdown-preview", { content: "# Hi" }, cookie))) as Response;
    expect(preview.status).toBe(403);
    expect(await preview.json()).toEqual({ error: "Set up two-factor authentication in Settings first." });
    const upload = (await callRoute(uploadAction, new Request("http://localhost:3000/cms/uploads", { method: "POST", headers: { cookie, origin: "http://localhost:3000" }, body: "not an image" }))) as Response;
    expect(upload.status).toBe(403);
    // Private files (documents, photos, message images) are closed too: refused before any lookup.
    const unknown = "00000000-0000-4000-8000-000000000000";
    const files = () => [
      callRoute(documentLoader, getRequest(`/documents/${unknown}`, cookie), { id: unknown }),
      callRoute(photoLoader, getRequest(`/progress-photos/${unknown}/960.webp`, cookie), { photoId: unknown, file: "960.webp" }),
    ];
    for (const refused of (await Promise.all(files())) as Response[]) {
      expect(refused.status).toBe(403);
      expect(await refused.text()).toBe("Set up two-factor authentication in Settings first.");
    }

    const memberAnswer = (await passwordStep(member.email)) as Response;
    expect(locationOf(memberAnswer)).toBe("/members");

    await enrol(cookie);
    expect(await callRoute(cmsLoader, getRequest("/cms/articles", cookie))).not.toBeInstanceOf(Response);
    expect(((await callRoute(previewAction, postJson("/cms/markdown-preview", { content: "# Hi" }, cookie))) as Response).status).toBe(200);
    expect((await settingsOf(cookie)).required).toBe(false);
    // Enrolled: the same addresses are looked up (and are not found).
    for (const answer of (await Promise.all(files())) as Response[]) expect(answer.status).toBe(404);
  });
});
