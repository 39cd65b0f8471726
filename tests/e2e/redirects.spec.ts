import { HOSTILE_REDIRECT_TARGETS } from "~/lib/safe-redirect.fixture";
import { expect, signIn, test } from "./support/test";
import { PASSWORD, users } from "./support/users";

test.describe("redirect targets from the address bar or a form never leave the site", () => {
  test("a signed-in member is sent to /members for every hostile target on /login, its form and /auth/callback", async ({ request, baseURL }) => {
    const signedIn = await request.post("/login", {
      headers: { origin: baseURL! },
      form: { email: users.member.email, password: PASSWORD, redirectTo: "/%09/evil.example" },
      maxRedirects: 0,
    });
    expect(signedIn.status()).toBe(302);
    expect(signedIn.headers().location).toBe("/members");

    // The reported link, exactly as written.
    const reported = await request.get("/login?redirectTo=/%09/evil.example", { maxRedirects: 0 });
    expect(reported.headers().location).toBe("/members");

    for (const target of HOSTILE_REDIRECT_TARGETS) {
      for (const path of [`/login?redirectTo=${encodeURIComponent(target)}`, `/auth/callback?next=${encodeURIComponent(target)}`]) {
        const response = await request.get(path, { maxRedirects: 0 });
        expect(response.status(), path).toBe(302);
        expect(response.headers().location, path).toBe("/members");
      }
    }

    const kept: Array<[string, string]> = [
      ["/login?redirectTo=%2Farticles%3Fq%3Dsquat", "/articles?q=squat"],
      [`/auth/callback?next=${encodeURIComponent(`${baseURL}/members/progress?range=30`)}`, "/members/progress?range=30"],
    ];
    for (const [path, expected] of kept) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.headers().location, path).toBe(expected);
    }
  });

  test("a signed-out visitor's form keeps only safe targets", async ({ request, baseURL }) => {
    const hostile = await request.post("/login", {
      headers: { origin: baseURL! },
      form: { email: users.member.email, password: PASSWORD, redirectTo: "/\\evil.example" },
      maxRedirects: 0,
    });
    expect(hostile.headers().location).toBe("/members");
    const safe = await request.post("/login", {
      headers: { origin: baseURL! },
      form: { email: users.member.email, password: PASSWORD, redirectTo: "/articles" },
      maxRedirects: 0,
    });
    expect(safe.headers().location).toBe("/articles");
  });

  test("in the browser, the reported link lands a signed-in member on /members of this site", async ({ page, baseURL }) => {
    await signIn(page, "member");
    await expect(page).toHaveURL(/\/members$/);
    await page.goto("/login?redirectTo=/%09/evil.example");
    await expect(page).toHaveURL(`${baseURL}/members`);
    await page.goto("/auth/callback?next=//evil.example");
    await expect(page).toHaveURL(`${baseURL}/members`);
  });
});
