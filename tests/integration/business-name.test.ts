// @test-database any: titles and e-mails over HTTP do not depend on the database kind (decision 0020).
/**
 * The business name of the site settings is the name the product goes by: an
 * administrator's save in /admin/settings changes the page titles (cached public pages
 * too), the sender and text of the password reset and invitation e-mails, the invitation
 * page and its welcome toast, and the web app manifest at once.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Invitations from "~/modules/invitations/invitations.server";
import type * as Settings from "~/modules/settings/settings.server";
import type * as UsersModule from "~/modules/users/users.server";
import { startApp, type RunningApp } from "../support/in-process-app";
import { mailedToken, outboxMails } from "../support/outbox";
import { cookieHeader, form, rawRequest } from "../support/raw-http";

const NAME = "Northside Strength";
let app: RunningApp;

beforeAll(async () => {
  app = await startApp({ BASE_URL: "http://localhost:3000", TRUST_PROXY: "false" });
}, 240_000);

afterAll(() => app?.stop());

// As a browser on BASE_URL sends them (React Router checks Origin against Host).
const browserHeaders = { host: "localhost:3000", origin: "http://localhost:3000" };
const get = (target: string, cookie = "") => rawRequest(app.base, target, { headers: { ...browserHeaders, ...(cookie ? { cookie } : {}) } });
const post = (target: string, fields: Record<string, string>, cookie = "") =>
  rawRequest(app.base, target, {
    method: "POST",
    headers: { ...browserHeaders, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: form(fields),
  });

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const mailTo = (email: string) => outboxMails().filter((mail) => mail.includes(`To: ${email}`));

function clearOutbox() {
  fs.rmSync(path.join(process.env.DATA_DIR!, "outbox"), { recursive: true, force: true });
}

describe("the business name of the site settings", () => {
  it("names the business in titles, e-mails and the invitation page as soon as an administrator saves it", async () => {
    const settings = await app.load<typeof Settings>("/app/modules/settings/settings.server.ts");
    const users = await app.load<typeof UsersModule>("/app/modules/users/users.server.ts");
    const invitations = await app.load<typeof Invitations>("/app/modules/invitations/invitations.server.ts");
    await users.createUserWithPassword({ name: "Nia North", email: "admin@business-name.test", password: "north-Admin-pass-7", role: "admin" });
    await users.createUserWithPassword({ name: "Max Member", email: "member@business-name.test", password: "north-Member-pass-7", role: "member" });

    // Before: the default name, in a cached public page and a rendered one.
    expect(titleOf((await get("/about")).body)).toBe("About the Coach: From Ordinary to Extraordinary | Relentless");
    expect(titleOf((await get("/forgot-password")).body)).toBe("Forgot Password | Relentless");
    expect(JSON.parse((await get("/manifest.webmanifest")).body)).toMatchObject({ name: "Relentless", short_name: "Relentless" });

    const signIn = await post("/login", { email: "admin@business-name.test", password: "north-Admin-pass-7" });
    expect(signIn.status).toBe(302);
    const admin = cookieHeader(signIn);
    const saved = await post("/admin/settings", { intent: "save", ...(await settings.getSiteSettings()), businessName: NAME }, admin);
    expect(saved.status).toBe(302);
    clearOutbox();

    expect(titleOf((await get("/about")).body)).toBe(`About the Coach: From Ordinary to Extraordinary | ${NAME}`);
    expect(titleOf((await get("/forgot-password")).body)).toBe(`Forgot Password | ${NAME}`);
    // The home-screen app: the whole name, and a short one that fits under the icon.
    const manifest = await get("/manifest.webmanifest");
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(manifest.body)).toMatchObject({ name: NAME, short_name: "Northside", start_url: "/members", display: "standalone" });

    expect((await post("/forgot-password", { email: "member@business-name.test" })).status).toBe(200);
    const [reset] = mailTo("member@business-name.test");
    expect(reset).toMatch(new RegExp(`^From: ${NAME} <no-reply@localhost>$`, "m"));
    expect(reset).toMatch(new RegExp(`^Subject: Reset your ${NAME} password$`, "m"));
    expect(reset).toContain(`the password of your ${NAME} account`);
    expect(reset).not.toContain("Relentless");

    const adminUser = (await users.findUserByEmail("admin@business-name.test"))!;
    const invited = await invitations.createInvitation({ id: adminUser.id, email: adminUser.email, role: "admin" }, { name: "Ivy Invited", email: "ivy@business-name.test", role: "member" });
    expect(invited.mailed).toBe(true);
    const [invitation] = mailTo("ivy@business-name.test");
    expect(invitation).toMatch(new RegExp(`^From: ${NAME} <no-reply@localhost>$`, "m"));
    expect(invitation).toMatch(new RegExp(`^Subject: You're invited to ${NAME}$`, "m"));
    expect(invitation).toContain(`invited you to the ${NAME} member area`);
    expect(invitation).not.toContain("Relentless");

    const token = mailedToken("ivy@business-name.test", "/invitations/accept");
    const page = await get(`/invitations/accept?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`invited to the <!-- -->${NAME}<!-- --> member area`);
    expect(titleOf(page.body)).toBe(`Accept Invitation | ${NAME}`);

    const accepted = await post("/invitations/accept", { token, password: "ivy-New-pass-7", confirmPassword: "ivy-New-pass-7" });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.location).toBe("/members");
    const members = await get("/members", cookieHeader(accepted));
    expect(members.body).toContain(`Welcome to ${NAME}!`);
  });
});
