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
  test("self sign-up is refused by the auth API and the address cannot sign in", async ({ request, baseURL }) => {
    const email = "walk-in@relentless.test";
    const signUp = await request.post("/api/auth/sign-up/email", {
      headers: { origin: baseURL! },
      data: { email, password: "Walk-in-password-1", name: "Walk In" },
    });
    expect(signUp.status()).toBeGreaterThanOrEqual(400);
    expect(signUp.status()).toBeLessThan(500);
    expect(await signUp.json()).toMatchObject({ code: "EMAIL_PASSWORD_SIGN_UP_DISABLED" });
    expect(sessionSetCookie(signUp)).toBeUndefined();

    const signIn = await request.post("/api/auth/sign-in/email", {
      headers: { origin: baseURL! },
      data: { email, password: "Walk-in-password-1" },
    });
    expect(signIn.status()).toBe(401);
    expect(sessionSetCookie(signIn)).toBeUndefined();
  });

  test("a session cookie is HttpOnly, SameSite=Lax, and dead after sign-out even when replayed", async ({ request, playwright, baseURL, extraHTTPHeaders }) => {
    const signIn = await request.post("/api/auth/sign-in/email", {
      headers: { origin: baseURL! },
      data: { email: users.member.email, password: PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    const setCookie = sessionSetCookie(signIn);
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
    const oldCookie = setCookie!.split(";")[0]!;

    // A separate client that only ever sends this cookie value explicitly.
    const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
    try {
      const live = await replay.get("/api/auth/get-session", { headers: { cookie: oldCookie } });
      expect(live.status()).toBe(200);
      expect(await live.json()).toMatchObject({ user: { email: users.member.email } });
      const memberAtAdmin = await replay.get("/admin", { headers: { cookie: oldCookie }, maxRedirects: 0 });
      expect(memberAtAdmin.status()).toBe(302);
      expect(memberAtAdmin.headers()["location"]).toBe("/members");

      const signOut = await request.post("/api/auth/sign-out", { headers: { origin: baseURL! }, data: {} });
      expect(signOut.status()).toBe(200);

      const session = await replay.get("/api/auth/get-session", { headers: { cookie: oldCookie } });
      expect(session.status()).toBe(200);
      expect(await session.json()).toBeNull();

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
    const session = await request.get("/api/auth/get-session");
    expect(await session.json()).toBeNull();
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
