import type { APIRequest } from "@playwright/test";
import { GYM_PASSWORD, gymMembers } from "./fixtures/gym";
import { isolatedServer } from "./support/server";
import { expect, test } from "./support/test";

/**
 * Sign-in at a busy gym, over HTTP against the built server (one trusted proxy hop, as
 * TRUST_PROXY=true: the last X-Forwarded-For entry is the client). Pauses would disturb
 * the shared server's accounts, so this runs on its own server with its own members.
 */
test.describe("sign-in throttling", () => {
  test.describe.configure({ mode: "serial" });

  let origin = "";
  test.beforeAll(() => {
    origin = isolatedServer("sign-in-throttle").origin;
  });

  const member = (n: number) => gymMembers[n - 1]!;

  interface Answer {
    status: number;
    location?: string;
    retryAfter?: string;
    sessionCookie: boolean;
    text: string;
  }

  /** One person's sign-in form post, from a fresh client (no cookies of the people before). */
  async function signIn(api: APIRequest, forwardedFor: string, email: string, password: string): Promise<Answer> {
    const client = await api.newContext();
    try {
      const response = await client.post(`${origin}/login`, {
        headers: { origin, "x-forwarded-for": forwardedFor },
        form: { email, password },
        maxRedirects: 0,
      });
      const setCookies = response.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
      return {
        status: response.status(),
        location: response.headers()["location"],
        retryAfter: response.headers()["retry-after"],
        sessionCookie: setCookies.some((h) => /session_token=[^;]/.test(h.value)),
        text: await response.text(),
      };
    } finally {
      await client.dispose();
    }
  }

  function expectSignedIn(answer: Answer) {
    expect(answer).toMatchObject({ status: 302, location: "/members", sessionCookie: true });
  }

  function expectPaused(answer: Answer) {
    expect(answer).toMatchObject({ status: 429, sessionCookie: false });
    expect(Number(answer.retryAfter)).toBeGreaterThan(14 * 60);
    expect(answer.text).toContain("Too many attempts. Try again in 15 minutes.");
  }

  /** 20 failures over 5 accounts (none of them paused: 4 each) from one client address. */
  async function failFromOneAddress(api: APIRequest, forwardedFor: (i: number) => string, label: string) {
    for (let i = 0; i < 20; i += 1) {
      const answer = await signIn(api, forwardedFor(i), `${label}-${i % 5}@nowhere.test`, "Wrong-password-1");
      expect(answer.status).toBe(401);
    }
  }

  test("20 different members sign in from one address within a minute, and all get in", async ({ playwright }) => {
    const gym = "203.0.113.10";
    const started = Date.now();
    for (let n = 1; n <= 20; n += 1) expectSignedIn(await signIn(playwright.request, gym, member(n).email, GYM_PASSWORD));
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  test("six wrong passwords pause that account with the wait in the message; another member at the same address still signs in", async ({ page, playwright, extraHTTPHeaders }) => {
    const address = extraHTTPHeaders!["x-forwarded-for"]!;
    for (let i = 0; i < 6; i += 1) expect((await signIn(playwright.request, address, member(21).email, `Wrong-${i}-password`)).status).toBe(401);
    // Its right password now waits too, from any address.
    expectPaused(await signIn(playwright.request, address, member(21).email, GYM_PASSWORD));
    expectPaused(await signIn(playwright.request, "198.51.100.21", member(21).email, GYM_PASSWORD));

    // In the browser (the same address): the form says how long to wait.
    await page.goto(`${origin}/login`);
    await page.getByLabel("Email").fill(member(21).email);
    await page.getByLabel("Password").fill(GYM_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Error signing in." })).toContainText("Too many attempts. Try again in 15 minutes.");
    await expect(page).toHaveURL(`${origin}/login`);

    await page.getByLabel("Email").fill(member(22).email);
    await page.getByLabel("Password").fill(GYM_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(`${origin}/members`);
  });

  test("many accounts failing from one address pause that address, not the members elsewhere", async ({ playwright }) => {
    const address = "203.0.113.30";
    await failFromOneAddress(playwright.request, () => address, "spray");
    expectPaused(await signIn(playwright.request, address, member(23).email, GYM_PASSWORD));
    expectSignedIn(await signIn(playwright.request, "203.0.113.31", member(23).email, GYM_PASSWORD));
  });

  test("a forged X-Forwarded-For behind one trusted hop changes nothing", async ({ playwright }) => {
    const address = "203.0.113.40";
    // The client writes a new address in front of what our proxy appends, every time.
    const forged = (i: number) => `198.51.100.${i + 1}, ${address}`;
    await failFromOneAddress(playwright.request, forged, "forged");
    expectPaused(await signIn(playwright.request, `192.0.2.77, ${address}`, member(24).email, GYM_PASSWORD));
    expectPaused(await signIn(playwright.request, `garbage, ${address}`, member(24).email, GYM_PASSWORD));
    // Only the address our proxy saw decides.
    expectSignedIn(await signIn(playwright.request, `${address}, 203.0.113.41`, member(24).email, GYM_PASSWORD));
  });

  test("rotating IPv6 addresses within one /64 is one address", async ({ playwright }) => {
    await failFromOneAddress(playwright.request, (i) => `2001:db8:50:1::${(i + 1).toString(16)}`, "rotating");
    expectPaused(await signIn(playwright.request, "2001:db8:50:1:ffff:ffff:ffff:ffff", member(1).email, GYM_PASSWORD));
    expectSignedIn(await signIn(playwright.request, "2001:db8:50:2::1", member(1).email, GYM_PASSWORD));
  });
});
