import type { APIResponse } from "@playwright/test";
import { expect, test } from "./support/test";
import { PASSWORD, users } from "./support/users";

const SESSION_COOKIE = "better-auth.session_token";

function setCookies(response: APIResponse): string[] {
  return response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value);
}

function sessionSetCookie(response: APIResponse): string | undefined {
  return setCookies(response).find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !/^[^=]+=;/.test(c));
}

test.describe("the HTTP surface", () => {
  test("better-auth's HTTP API is not served: sign-up, sign-in, password, name and admin endpoints all answer 404", async ({ request, baseURL }) => {
    const email = "walk-in@relentless.test";
    const posts: [string, Record<string, unknown>][] = [
      ["/api/auth/sign-up/email", { email, password: "Walk-in-password-1", name: "Walk In" }],
      ["/api/auth/sign-in/email", { email: users.member.email, password: PASSWORD }],
      ["/api/auth/change-password", { currentPassword: PASSWORD, newPassword: "password" }],
      ["/api/auth/reset-password", { token: "x", newPassword: "password" }],
      ["/api/auth/update-user", { name: "x".repeat(10_000) }],
      ["/api/auth/admin/set-role", { userId: "x", role: "admin" }],
      ["/api/auth/admin/remove-user", { userId: "x" }],
      ["/api/auth/admin/set-user-password", { userId: "x", newPassword: "password" }],
      ["/api/auth/admin/impersonate-user", { userId: "x" }],
    ];
    for (const [path, data] of posts) {
      const response = await request.post(path, { headers: { origin: baseURL! }, data });
      expect(response.status(), path).toBe(404);
      expect(sessionSetCookie(response), path).toBeUndefined();
    }
    expect((await request.get("/api/auth/get-session")).status()).toBe(404);
    expect((await request.get("/api/auth/ok")).status()).toBe(404);

    // The walk-in address has no account: signing in through the site's own form fails.
    const signIn = await request.post("/login", { headers: { origin: baseURL! }, form: { email, password: "Walk-in-password-1" }, maxRedirects: 0 });
    expect(signIn.status()).toBe(401);
    expect(sessionSetCookie(signIn)).toBeUndefined();
  });

  test("a session cookie is HttpOnly, SameSite=Lax, and dead after sign-out even when replayed", async ({ request, playwright, baseURL, extraHTTPHeaders }) => {
    const signIn = await request.post("/login", {
      headers: { origin: baseURL! },
      form: { email: users.member.email, password: PASSWORD },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    const setCookie = sessionSetCookie(signIn);
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
    const oldCookie = setCookie!.split(";")[0]!;

    // A separate client that only ever sends this cookie value explicitly.
    const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
    try {
      const live = await replay.get("/members", { headers: { cookie: oldCookie } });
      expect(live.status()).toBe(200);
      const memberAtAdmin = await replay.get("/admin", { headers: { cookie: oldCookie }, maxRedirects: 0 });
      expect(memberAtAdmin.status()).toBe(302);
      expect(memberAtAdmin.headers()["location"]).toBe("/members");

      const signOut = await request.post("/logout", { headers: { origin: baseURL! }, form: {}, maxRedirects: 0 });
      expect(signOut.status()).toBe(302);

      const admin = await replay.get("/admin", { headers: { cookie: oldCookie }, maxRedirects: 0 });
      expect(admin.status()).toBe(302);
      expect(admin.headers()["location"]).toBe("/login?redirectTo=%2Fadmin");

      const members = await replay.get("/members", { headers: { cookie: oldCookie } });
      expect(members.status()).toBe(401);
      expect(await members.text()).toContain("Access Required");
    } finally {
      await replay.dispose();
    }
  });

  test("the login form's session cookie is HttpOnly and SameSite=Lax too", async ({ request, baseURL }) => {
    const response = await request.post("/login", {
      headers: { origin: baseURL! },
      form: { email: users.member.email, password: PASSWORD },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/members");
    const setCookie = sessionSetCookie(response);
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
  });

  test("a sign-in POST from another origin is refused and sets no session", async ({ request }) => {
    const response = await request.post("/login", {
      headers: { origin: "http://evil.example" },
      form: { email: users.member.email, password: PASSWORD },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(sessionSetCookie(response)).toBeUndefined();
    expect((await request.get("/members")).status()).toBe(401);
  });

  test("/healthz answers 200 with status ok", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("an unknown path answers 404", async ({ request }) => {
    const response = await request.get("/no-such-page");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });

  test("pages carry the security headers: a per-response CSP nonce when rendered, script hashes on the visitors' cached copies", async ({ request }) => {
    const first = await request.get("/login");
    expect(first.status()).toBe(200);
    const headers = first.headers();
    const csp = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // The page's inline scripts carry that nonce, and the next response gets a new one.
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    const second = await request.get("/login");
    expect(second.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);

    // The home page as a visitor without cookies gets it: no nonce, its inline scripts by hash.
    const home = await request.get("/");
    const homeCsp = home.headers()["content-security-policy"] ?? "";
    expect(homeCsp).not.toContain("'nonce-");
    expect(homeCsp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')+;/);
    expect(homeCsp).toContain("frame-ancestors 'none'");
    expect(await home.text()).not.toContain("nonce=");
  });
});
