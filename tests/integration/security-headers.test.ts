// @test-database any: the HTTP surface checked here does not depend on the database kind (decision 0020).
/**
 * Security headers on every kind of response, and the cookie flags, over real HTTP
 * against the whole application (boot()) in both deployments:
 *  - BASE_URL http://… : served directly (development, a LAN);
 *  - BASE_URL https://… with TRUST_PROXY=true: plain HTTP from a TLS-terminating
 *    proxy that sends Host and X-Forwarded-Proto/-For (the documented production set-up).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type * as DbClient from "~/db/client.server";
import type * as AuthSchema from "~/db/schema/auth";
import type * as ReminderSettingsModule from "~/modules/reminders/reminder-settings.server";
import type * as UsersModule from "~/modules/users/users.server";
import { startApp, type RunningApp } from "../support/in-process-app";
import { cookieHeader, form, rawRequest, type RawResponse } from "../support/raw-http";

const PASSWORD = "headers-Test-pass-41";

/** Every kind of response the server gives: pages, assets, health, uploads, resources, auth API, errors. */
const PRIVATE = "private, no-store";

/** Every kind of response the server gives: pages, assets, health, uploads, resources, auth API, errors; and what caches may do with it. */
const KINDS: { name: string; path: string; method?: string; body?: string; status: number; html?: boolean; crossSite?: boolean; cacheControl: string }[] = [
  { name: "home page (the visitors' cached copy)", path: "/", status: 200, html: true, cacheControl: "public, max-age=0, must-revalidate" },
  { name: "articles list (the visitors' cached copy)", path: "/articles", status: 200, html: true, cacheControl: "public, max-age=0, must-revalidate" },
  { name: "page rendered per request (a search)", path: "/articles?q=strength", status: 200, html: true, cacheControl: PRIVATE },
  { name: "page with a form", path: "/login", status: 200, html: true, cacheControl: PRIVATE },
  { name: "page data (.data)", path: "/articles.data", status: 200, cacheControl: PRIVATE },
  { name: "fingerprinted asset", path: "/assets/entry-probe1234.js", status: 200, cacheControl: "public, max-age=31536000, immutable" },
  { name: "static file", path: "/favicon.ico", status: 200, cacheControl: "public, max-age=3600" },
  { name: "health check", path: "/healthz", status: 200, cacheControl: "no-store" },
  { name: "missing upload", path: "/uploads/images/00000000-0000-0000-0000-000000000000/480.webp", status: 404, cacheControl: "no-store" },
  { name: "resource route", path: "/robots.txt", status: 200, cacheControl: "public, max-age=3600" },
  { name: "resource route (XML)", path: "/sitemap.xml", status: 200, cacheControl: "public, max-age=3600" },
  { name: "auth API (not served)", path: "/api/auth/get-session", status: 404, cacheControl: PRIVATE },
  { name: "unknown page (404)", path: "/no-such-page", status: 404, html: true, cacheControl: PRIVATE },
  { name: "members area signed out (401)", path: "/members", status: 401, html: true, cacheControl: PRIVATE },
  { name: "signed-out redirect to sign in", path: "/schedule", status: 302, cacheControl: PRIVATE },
  { name: "invalid form post (400)", path: "/login", method: "POST", body: form({ email: "not-an-email", password: "" }), status: 400, html: true, cacheControl: PRIVATE },
  { name: "refused cross-site post (403)", path: "/contact", method: "POST", body: form({ name: "x" }), status: 403, crossSite: true, cacheControl: PRIVATE },
];

function cspDirectives(response: RawResponse): Map<string, string[]> {
  const header = String(response.headers["content-security-policy"] ?? "");
  return new Map(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(response: RawResponse, { https }: { https: boolean }) {
  const csp = cspDirectives(response);
  const scriptSrc = csp.get("script-src") ?? [];
  // A rendered response: its own nonce. A cached public page: its scripts' hashes (page-cache.ts).
  if (scriptSrc.some((v) => v.startsWith("'nonce-"))) {
    expect(scriptSrc.some((v) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(v))).toBe(true);
    expect(scriptSrc).toContain("'strict-dynamic'");
  } else {
    expect(scriptSrc[0]).toBe("'self'");
    expect(scriptSrc.slice(1).every((v) => /^'sha256-[A-Za-z0-9+/=]{44}'$/.test(v))).toBe(true);
  }
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(csp.get("default-src")).toEqual(["'self'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'self'"]);
  expect(csp.get("form-action")).toEqual(["'self'"]);
  expect(csp.has("upgrade-insecure-requests")).toBe(https);
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["x-frame-options"]).toBe("DENY");
  expect(["strict-origin-when-cross-origin", "no-referrer"]).toContain(response.headers["referrer-policy"]);
  expect(response.headers["permissions-policy"]).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(response.headers["x-powered-by"]).toBeUndefined();
  if (https) expect(response.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  else expect(response.headers["strict-transport-security"]).toBeUndefined();
}

/**
 * Every inline script may run, and nothing else inline: with a nonce, every <script>
 * carries the response's nonce; with hashes, every inline script's hash is listed.
 */
function expectScriptsAllowed(response: RawResponse) {
  const csp = String(response.headers["content-security-policy"]);
  const scripts = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  if (nonce) {
    for (const [, attributes] of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    return;
  }
  expect(response.body).not.toContain("nonce=");
  const hashes = new Set(/script-src ([^;]+)/.exec(csp)![1]!.split(" ").slice(1));
  const inline = scripts.filter(([, attributes]) => !/\ssrc=/.test(attributes!));
  const expected = new Set(inline.map(([, , text]) => `'sha256-${crypto.createHash("sha256").update(text!).digest("base64")}'`));
  expect(hashes).toEqual(expected);
}

function setCookie(response: RawResponse, name: string): string {
  const found = (response.headers["set-cookie"] ?? []).find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`No Set-Cookie ${name} in ${JSON.stringify(response.headers["set-cookie"])}`);
  return found;
}

const attributes = (cookie: string) => cookie.split(";").slice(1).map((a) => a.trim().toLowerCase());

const deployments = [
  {
    name: "BASE_URL http, served directly",
    https: false,
    env: { BASE_URL: "http://localhost:3000", TRUST_PROXY: undefined },
    proxy: (): Record<string, string> => ({ host: "localhost:3000", origin: "http://localhost:3000" }),
    session: "better-auth.session_token",
    toast: "rl_toast",
  },
  {
    name: "BASE_URL https behind a TLS-terminating proxy (TRUST_PROXY=true)",
    https: true,
    env: { BASE_URL: "https://coach.example", TRUST_PROXY: "true" },
    proxy: (): Record<string, string> => ({
      host: "coach.example",
      origin: "https://coach.example",
      "x-forwarded-proto": "https",
      "x-forwarded-for": "203.0.113.9",
    }),
    session: "__Secure-better-auth.session_token",
    toast: "__Host-rl_toast",
  },
];

for (const deployment of deployments) {
  describe(deployment.name, () => {
    let app: RunningApp;
    const email = `headers-${deployment.https ? "https" : "http"}@security.test`;

    beforeAll(async () => {
      app = await startApp(deployment.env);
      const users = await app.load<typeof UsersModule>("/app/modules/users/users.server.ts");
      await users.createUserWithPassword({ name: "Hana Headers", email, password: PASSWORD, role: "member" });
    }, 180_000);
    afterAll(() => app?.stop());

    const send = (path: string, init: { method?: string; body?: string; cookie?: string; crossSite?: boolean } = {}) =>
      rawRequest(app.base, path, {
        method: init.method,
        body: init.body,
        headers: {
          ...deployment.proxy(),
          ...(init.crossSite ? { origin: "https://attacker.example" } : {}),
          ...(init.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          ...(init.cookie ? { cookie: init.cookie } : {}),
        },
      });

    it.each(KINDS)("$name: $path carries the security headers and says what caches may keep ($cacheControl)", async (kind) => {
      const response = await send(kind.path, { method: kind.method, body: kind.body, crossSite: kind.crossSite });
      expect(response.status).toBe(kind.status);
      expectSecurityHeaders(response, deployment);
      expect(response.headers["cache-control"]).toBe(kind.cacheControl);
      if (kind.html) expectScriptsAllowed(response);
    });

    it("answers RFC 8058's one-click unsubscribe from the mail provider's origin or Origin: null; every other cross-site POST stays refused", async () => {
      const users = await app.load<typeof UsersModule>("/app/modules/users/users.server.ts");
      const reminders = await app.load<typeof ReminderSettingsModule>("/app/modules/reminders/reminder-settings.server.ts");
      const member = (await users.findUserByEmail(email))!;
      const settings = () => reminders.getOwnReminderSettings({ id: member.id, role: "member" });
      const link = (kind: "session" | "workout" | "check-in") => `/unsubscribe?token=${encodeURIComponent(reminders.unsubscribeToken(member.id, kind))}`;
      const post = (path: string, origin: string, body: string, type = "application/x-www-form-urlencoded") =>
        rawRequest(app.base, path, { method: "POST", body, headers: { ...deployment.proxy(), origin, "content-type": type } });
      const refused = async (answer: Promise<RawResponse>) => {
        const response = await answer;
        expect([response.status, JSON.parse(response.body)]).toEqual([403, { message: "Requests from another site are not allowed." }]);
      };

      // Not the one-click body, or another route: refused as before, and nothing changes.
      await refused(post(link("session"), "https://mail.provider.example", ""));
      await refused(post(link("session"), "null", "List-Unsubscribe=Two-Clicks"));
      await refused(post(link("session"), "https://mail.provider.example", JSON.stringify({ "List-Unsubscribe": "One-Click" }), "application/json"));
      await refused(post(link("session"), "https://mail.provider.example", `List-Unsubscribe=One-Click&pad=${"x".repeat(2000)}`));
      await refused(post("/members/settings", "null", "List-Unsubscribe=One-Click"));
      await refused(post("/login", "https://mail.provider.example", "List-Unsubscribe=One-Click"));
      expect(await settings()).toMatchObject({ session: true, checkIn: true });

      // The one-click POST from the provider's origin, from Origin: null, and as multipart: each kind off.
      const oneClick = await post(link("session"), "https://mail.provider.example", "List-Unsubscribe=One-Click");
      expect([oneClick.status, oneClick.body]).toEqual([200, "Unsubscribed."]);
      expect((await post(link("check-in"), "null", "List-Unsubscribe=One-Click")).status).toBe(200);
      const multipart = `--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n`;
      expect((await post(link("workout"), "https://mail.provider.example", multipart, "multipart/form-data; boundary=b")).status).toBe(200);
      expect(await settings()).toMatchObject({ session: false, workout: false, checkIn: false });
      // A token the server did not sign: 404, from any origin.
      const forged = await post(`${link("session").slice(0, -2)}xx`, "null", "List-Unsubscribe=One-Click");
      expect(forged.status).toBe(404);
    });

    it("keeps an idle connection 65 s, past the clients' own limits, so the client closes it first", async () => {
      const response = await rawRequest(app.base, "/healthz", { headers: { ...deployment.proxy(), connection: "keep-alive" } });
      expect(response.headers["keep-alive"]).toBe("timeout=65");
    });

    it("gives every rendered response its own nonce", async () => {
      const [a, b] = [await send("/login"), await send("/login")];
      expect(cspDirectives(a).get("script-src")).not.toEqual(cspDirectives(b).get("script-src"));
    });

    it("signs in with HttpOnly, SameSite=Lax cookies (Secure and prefixed on https), and the cookie works on the next request", async () => {
      const signedIn = await send("/login", { method: "POST", body: form({ email, password: PASSWORD }) });
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.location).toBe("/members");
      // The redirect is a response like any other.
      expectSecurityHeaders(signedIn, deployment);

      const session = attributes(setCookie(signedIn, deployment.session));
      const toast = attributes(setCookie(signedIn, deployment.toast));
      for (const cookie of [session, toast]) {
        expect(cookie).toContain("httponly");
        expect(cookie).toContain("samesite=lax");
        expect(cookie).toContain("path=/");
        expect(cookie.includes("secure")).toBe(deployment.https);
        // Host-only: no Domain attribute (required for __Host-, and safest for the session too).
        expect(cookie.some((a) => a.startsWith("domain="))).toBe(false);
      }
      // The unprefixed names are never set on https (a plain-http page could plant those).
      if (deployment.https) {
        const names = (signedIn.headers["set-cookie"] ?? []).map((c) => c.split("=")[0]);
        expect(names.every((n) => n!.startsWith("__Secure-") || n!.startsWith("__Host-"))).toBe(true);
      }

      const members = await send("/members", { cookie: cookieHeader(signedIn) });
      expect(members.status).toBe(200);
      expect(members.body).toContain("Hana Headers");
      expect(signedIn.headers["cache-control"]).toBe(PRIVATE);
      expect(members.headers["cache-control"]).toBe(PRIVATE);
      // The toast was shown and its cookie is cleared with the same name and flags.
      const cleared = attributes(setCookie(members, deployment.toast));
      expect(cleared.includes("secure")).toBe(deployment.https);
      expectSecurityHeaders(members, deployment);
    });

    it("renews a member's cookie with the session row, once a day, with the session cookie's flags", async () => {
      const signedIn = await send("/login", { method: "POST", body: form({ email, password: PASSWORD }) });
      const cookie = cookieHeader(signedIn);
      const quiet = await send("/members", { cookie });
      expect((quiet.headers["set-cookie"] ?? []).filter((c) => c.startsWith(`${deployment.session}=`))).toEqual([]);

      const { getDb } = await app.load<typeof DbClient>("/app/db/client.server.ts");
      const { session } = await app.load<typeof AuthSchema>("/app/db/schema/auth.ts");
      const token = decodeURIComponent(setCookie(signedIn, deployment.session).split(";")[0]!.split("=")[1]!).split(".")[0]!;
      // Last renewed a day and a minute ago.
      await getDb().update(session).set({ expiresAt: new Date(Date.now() + 29 * 86_400_000 - 60_000) }).where(eq(session.token, token));
      const renewed = await send("/members", { cookie });
      expect(renewed.status).toBe(200);
      const attrs = attributes(setCookie(renewed, deployment.session));
      expect(attrs).toContain("max-age=2592000");
      expect(attrs).toContain("httponly");
      expect(attrs.includes("secure")).toBe(deployment.https);
      expect(setCookie(renewed, deployment.session).split(";")[0]).toBe(cookie.split("; ").find((c) => c.startsWith(`${deployment.session}=`)));
    });

    it("keeps every answer for a signed-in visitor out of caches, the public pages and the session included", async () => {
      const signedIn = await send("/login", { method: "POST", body: form({ email, password: PASSWORD }) });
      const cookie = cookieHeader(signedIn);
      for (const path of ["/", "/about", "/members", "/members.data", "/members/progress.csv", "/login", "/sitemap.xml"]) {
        const response = await send(path, { cookie });
        expect(response.status, path).toBeLessThan(400);
        expect(response.headers["cache-control"], path).toBe(path === "/sitemap.xml" ? "public, max-age=3600" : PRIVATE);
      }
    });
  });
}
