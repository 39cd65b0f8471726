// @test-database any: the HTTP answers to passwords and brute force; the throttles' SQL is tested on both databases by app/auth/sign-in-throttle.server.test.ts and app/lib/rate-limit.server.test.ts.
/**
 * Passwords and brute force, over real HTTP against the whole application:
 *  - a password from the common-password list is refused, with the same message at the
 *    password field, in every way a password is set (first-run set-up, CLI/ADMIN_PASSWORD
 *    account creation, invitation accept, password reset, change password), and nothing changes;
 *  - sign-in and forgot-password answer the same for known and unknown e-mails;
 *  - sign-in is throttled per account and per address (failures only), reset requests per e-mail
 *    and per address, resets and invitation accepts per address, all in the database, and the
 *    refused attempt gets 429 with Retry-After. (Intake: tests/e2e/intake-http.spec.ts; the gym
 *    at one address: tests/e2e/sign-in-throttle.spec.ts.)
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as DbModule from "~/db/client.server";
import type * as AuthSchema from "~/db/schema/auth";
import type * as LimitsSchema from "~/db/schema/limits";
import type * as InvitationsModule from "~/modules/invitations/invitations.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "~/modules/users/password-policy.server";
import type * as UsersModule from "~/modules/users/users.server";
import { startApp, type RunningApp } from "../support/in-process-app";
import { mailedToken } from "../support/outbox";
import { form, rawRequest, type RawResponse } from "../support/raw-http";
import { rawSender, signIn } from "../support/sign-in";

const BASE_URL = "http://localhost:3000";
const COMMON = "password123";
const STRONG = "Velvet-Harbour-Lantern-8";

let app: RunningApp;
let users: typeof UsersModule;
let invitations: typeof InvitationsModule;
let admin: { id: string; email: string; role: "admin" };
let ipCounter = 10;

/** A fresh client address per test (TRUST_PROXY=true: the proxy's X-Forwarded-For), so limits do not cross tests. */
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

function send(pathname: string, { fields, cookie, ip = nextIp() }: { fields?: Record<string, string>; cookie?: string; ip?: string } = {}) {
  return rawRequest(app.base, pathname, {
    method: fields ? "POST" : "GET",
    body: fields ? form(fields) : undefined,
    headers: {
      host: "localhost:3000",
      origin: BASE_URL,
      "x-forwarded-for": ip,
      ...(fields ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      ...(cookie ? { cookie } : {}),
    },
  });
}

function expectRefusedAsCommon(response: RawResponse) {
  expect(response.status).toBe(400);
  expect(response.body).toContain(COMMON_PASSWORD_MESSAGE);
  // No session started or replaced.
  expect((response.headers["set-cookie"] ?? []).filter((c) => c.includes("session_token"))).toEqual([]);
}

/** Signing in through the proxy, from a new address each time. */
const viaProxy = () => ({ base: BASE_URL, headers: { "x-forwarded-for": nextIp() }, send: rawSender(app.base) });

/**
 * The page without the per-response values (CSP nonce) and without the e-mail the visitor
 * typed (a refused form shows it again), to compare two answers byte for byte.
 */
const normalized = (response: RawResponse, typedEmail?: string) => {
  const body = response.body.replace(/nonce="[^"]+"/g, 'nonce=""');
  return typedEmail ? body.replaceAll(typedEmail, "") : body;
};

beforeAll(async () => {
  app = await startApp({ BASE_URL, TRUST_PROXY: "true" });
  users = await app.load<typeof UsersModule>("/app/modules/users/users.server.ts");
  invitations = await app.load<typeof InvitationsModule>("/app/modules/invitations/invitations.server.ts");
}, 180_000);

afterAll(() => app?.stop());

describe("the common-password list", () => {
  it("knows common passwords, case-insensitively, and lets strong ones through", () => {
    expect(isCommonPassword(COMMON)).toBe(true);
    expect(isCommonPassword("PassWord123")).toBe(true);
    expect(isCommonPassword("qwertyuiop")).toBe(true);
    expect(isCommonPassword(STRONG)).toBe(false);
    expect(isCommonPassword("Relentless-e2e-pass1")).toBe(false);
  });

  it("is imported only by server modules, so it never reaches the browser bundle", () => {
    const importers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && fs.readFileSync(file, "utf8").includes("@zxcvbn-ts/")) importers.push(file);
      }
    };
    walk("app");
    expect(importers).toEqual([path.join("app", "modules", "users", "password-policy.server.ts")]);
  });
});

describe("a common password is refused wherever a password is set", () => {
  it("first-run set-up: refused at the field, the link still works, a strong password creates the administrator", async () => {
    expect(app.setupUrl).toBeTruthy();
    const setupPath = new URL(app.setupUrl!).pathname + new URL(app.setupUrl!).search;
    const fields = { name: "Ada Admin", email: "admin@passwords.test" };
    expectRefusedAsCommon(await send(setupPath, { fields: { ...fields, password: "PASSWORD123" } }));
    expect(await users.countAdministrators()).toBe(0);
    expect((await send(setupPath)).status).toBe(200);

    const created = await send(setupPath, { fields: { ...fields, password: STRONG } });
    expect(created.status).toBe(302);
    expect(created.headers.location).toBe("/admin");
    const found = await users.findUserByEmail("admin@passwords.test");
    admin = { id: found!.id, email: found!.email, role: "admin" };
  });

  it("account creation (CLI, admin) and ADMIN_PASSWORD: refused before any account exists", async () => {
    const input = { name: "Cli User", email: "cli@passwords.test", password: COMMON, role: "member" as const };
    const parsed = users.newUserServerSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ["password"], message: COMMON_PASSWORD_MESSAGE })]);
    await expect(users.createUserWithPassword(input)).rejects.toThrow(COMMON_PASSWORD_MESSAGE);
    await expect(users.ensureAdministrator("env-admin@passwords.test", "Password123")).rejects.toThrow(
      `ADMIN_PASSWORD is refused: ${COMMON_PASSWORD_MESSAGE}`,
    );
    expect(await users.findUserByEmail("cli@passwords.test")).toBeNull();
    expect(await users.findUserByEmail("env-admin@passwords.test")).toBeNull();

    await users.createUserWithPassword({ ...input, password: STRONG });
    expect((await signIn("cli@passwords.test", STRONG, viaProxy())).status).toBe(302);
  });

  it("invitation accept: refused at the field, the invitation stays open, a strong password joins", async () => {
    await invitations.createInvitation(admin, { name: "Ivy Invitee", email: "ivy@passwords.test", role: "member" });
    const token = mailedToken("ivy@passwords.test", "/invitations/accept");
    const link = `/invitations/accept?token=${encodeURIComponent(token)}`;

    expectRefusedAsCommon(await send(link, { fields: { token, password: COMMON, confirmPassword: COMMON } }));
    expect(await users.findUserByEmail("ivy@passwords.test")).toBeNull();
    expect((await send(link)).status).toBe(200);
    // The module refuses it too (before the invitation is claimed), whoever calls it.
    await expect(invitations.acceptInvitation(token, COMMON)).rejects.toThrow(COMMON_PASSWORD_MESSAGE);
    expect((await send(link)).status).toBe(200);

    const joined = await send(link, { fields: { token, password: STRONG, confirmPassword: STRONG } });
    expect(joined.status).toBe(302);
    expect(joined.headers.location).toBe("/members");
  });

  it("password reset: refused at the field, the link and the old password still work, a strong one is set", async () => {
    const email = "reset@passwords.test";
    await users.createUserWithPassword({ name: "Rey Reset", email, password: "Old-Reset-Pass-77", role: "member" });
    expect((await send("/forgot-password", { fields: { email } })).status).toBe(200);
    const token = mailedToken(email, "/reset-password");
    const link = `/reset-password?token=${encodeURIComponent(token)}`;

    expectRefusedAsCommon(await send(link, { fields: { token, newPassword: COMMON, confirmPassword: COMMON } }));
    expect((await send(link)).status).toBe(200);
    expect((await signIn(email, "Old-Reset-Pass-77", viaProxy())).status).toBe(302);

    const reset = await send(link, { fields: { token, newPassword: STRONG, confirmPassword: STRONG } });
    expect(reset.status).toBe(302);
    expect((await signIn(email, STRONG, viaProxy())).status).toBe(302);
  });

  it("change password: refused at the field, the current password stays, a strong one is set", async () => {
    const email = "change@passwords.test";
    await users.createUserWithPassword({ name: "Cam Change", email, password: "Old-Change-Pass-77", role: "member" });
    const { cookie } = await signIn(email, "Old-Change-Pass-77", viaProxy());
    const change = (newPassword: string) =>
      send("/members/settings", {
        cookie,
        fields: { intent: "change-password", currentPassword: "Old-Change-Pass-77", newPassword, confirmPassword: newPassword },
      });

    expectRefusedAsCommon(await change(COMMON));
    expect((await signIn(email, "Old-Change-Pass-77", viaProxy())).status).toBe(302);

    expect((await change(STRONG)).status).toBe(302);
    expect((await signIn(email, STRONG, viaProxy())).status).toBe(302);
  });
});

describe("the same answer for known and unknown e-mails", () => {
  const known = "known@passwords.test";
  beforeAll(() => users.createUserWithPassword({ name: "Kim Known", email: known, password: STRONG, role: "member" }));

  it("sign-in with a wrong password", async () => {
    const [a, b] = [(await signIn(known, "Wrong-Password-1", viaProxy())).answer, (await signIn("unknown@passwords.test", "Wrong-Password-1", viaProxy())).answer];
    expect(a.status).toBe(401);
    expect(b.status).toBe(a.status);
    expect(normalized(b, "unknown@passwords.test")).toBe(normalized(a, known));
  });

  it("forgot password", async () => {
    const [a, b] = [await send("/forgot-password", { fields: { email: known } }), await send("/forgot-password", { fields: { email: "unknown@passwords.test" } })];
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(normalized(b)).toBe(normalized(a));
  });
});

describe("brute-force limits, stored in the database", () => {
  function expectRetryAfter(response: RawResponse) {
    expect(response.status).toBe(429);
    expect(String(response.headers["retry-after"])).toMatch(/^[1-9]\d*$/);
  }

  async function storedKeys(): Promise<string[]> {
    const { getDb } = await app.load<typeof DbModule>("/app/db/client.server.ts");
    const { rateLimit } = await app.load<typeof AuthSchema>("/app/db/schema/auth.ts");
    const { requestLimit, signInThrottle } = await app.load<typeof LimitsSchema>("/app/db/schema/limits.ts");
    const db = getDb();
    const rows = [
      ...(await db.select({ key: rateLimit.key }).from(rateLimit)),
      ...(await db.select({ key: requestLimit.key }).from(requestLimit)),
      ...(await db.select({ key: signInThrottle.key }).from(signInThrottle)),
    ];
    return rows.map((r) => r.key);
  }

  it("sign-in: six wrong passwords pause the account, for every address, with the wait in the message; others at the address still sign in", async () => {
    const email = "paused@passwords.test";
    await users.createUserWithPassword({ name: "Pam Paused", email, password: STRONG, role: "member" });
    await users.createUserWithPassword({ name: "Nat Neighbour", email: "neighbour@passwords.test", password: STRONG, role: "member" });
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await send("/login", { ip, fields: { email, password: `Wrong-${i}-pass` } })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    // The right password now waits too, from any address: the pause is the account's.
    for (const from of [ip, nextIp()]) {
      const refused = await send("/login", { ip: from, fields: { email, password: STRONG } });
      expectRetryAfter(refused);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(14 * 60);
      expect(refused.body).toContain("Too many attempts. Try again in 15 minutes.");
      expect((refused.headers["set-cookie"] ?? []).filter((c) => c.includes("session_token"))).toEqual([]);
    }
    expect((await signIn("neighbour@passwords.test", STRONG, viaProxy())).status).toBe(302);
    expect((await send("/login", { ip, fields: { email: "neighbour@passwords.test", password: STRONG } })).status).toBe(302);
    expect(await storedKeys()).toContain(`account:${email}`);
  });

  it("sign-in: an unknown e-mail is paused the same way, with the same answer", async () => {
    const known = "paused-known@passwords.test";
    await users.createUserWithPassword({ name: "Kai Known", email: known, password: STRONG, role: "member" });
    const answers: RawResponse[] = [];
    for (const email of [known, "paused-unknown@passwords.test"]) {
      for (let i = 0; i < 6; i += 1) await send("/login", { fields: { email, password: `Wrong-${i}-pass` } });
      answers.push(await send("/login", { fields: { email, password: STRONG } }));
    }
    const [a, b] = answers as [RawResponse, RawResponse];
    expectRetryAfter(a);
    expect(b.status).toBe(a.status);
    expectRetryAfter(b);
    expect(normalized(b, "paused-unknown@passwords.test")).toBe(normalized(a, known));
  });

  it("a password reset still works for a paused account, and opens it again", async () => {
    const email = "paused-reset@passwords.test";
    await users.createUserWithPassword({ name: "Ray Paused", email, password: "Old-Paused-Pass-77", role: "member" });
    for (let i = 0; i < 6; i += 1) await send("/login", { fields: { email, password: `Wrong-${i}-pass` } });
    expectRetryAfter(await send("/login", { fields: { email, password: "Old-Paused-Pass-77" } }));
    expect((await send("/forgot-password", { fields: { email } })).status).toBe(200);
    const token = mailedToken(email, "/reset-password");
    const reset = await send(`/reset-password?token=${encodeURIComponent(token)}`, { fields: { token, newPassword: STRONG, confirmPassword: STRONG } });
    expect(reset.status).toBe(302);
    expect((await signIn(email, STRONG, viaProxy())).status).toBe(302);
  });

  it("reset requests: the fourth for one e-mail in an hour gets 429 with Retry-After, from any address, known or not", async () => {
    await users.createUserWithPassword({ name: "Flo Flood", email: "flood@passwords.test", password: STRONG, role: "member" });
    for (const email of ["flood@passwords.test", "flood-unknown@passwords.test"]) {
      for (let i = 0; i < 3; i += 1) expect((await send("/forgot-password", { fields: { email } })).status).toBe(200);
      const refused = await send("/forgot-password", { fields: { email: email.toUpperCase() } });
      expectRetryAfter(refused);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(59 * 60);
      expect(refused.body).toContain("Too many reset requests. Try again in 60 minutes.");
    }
    expect(await storedKeys()).toContain("reset-request:email:flood-unknown@passwords.test");
  });

  it("reset requests: the eleventh from one address in an hour gets 429 with Retry-After", async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) expect((await send("/forgot-password", { ip, fields: { email: `r${i}@passwords.test` } })).status).toBe(200);
    expectRetryAfter(await send("/forgot-password", { ip, fields: { email: "r10@passwords.test" } }));
    expect(await storedKeys()).toContain(`reset-request:address:${ip}`);
  });

  it("password reset: the eleventh attempt in 15 minutes from one address gets 429 with Retry-After", async () => {
    const ip = nextIp();
    const fields = { token: "guessed-reset-token", newPassword: STRONG, confirmPassword: STRONG };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await send("/reset-password", { ip, fields })).status);
    expect(statuses).toEqual(Array(10).fill(400));
    expectRetryAfter(await send("/reset-password", { ip, fields }));
    expect((await storedKeys()).some((key) => key.includes(ip) && key.includes("/reset-password"))).toBe(true);
  });

  it("invitation accept: the eleventh attempt in 15 minutes from one address gets 429 with Retry-After", async () => {
    const ip = nextIp();
    const fields = { token: "guessed-token", password: STRONG, confirmPassword: STRONG };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await send("/invitations/accept?token=guessed-token", { ip, fields })).status);
    expect(statuses).toEqual(Array(10).fill(410));
    expectRetryAfter(await send("/invitations/accept?token=guessed-token", { ip, fields }));
    expect(await storedKeys()).toContain(`invitation-accept:${ip}`);
  });
});
