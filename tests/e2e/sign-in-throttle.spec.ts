import type { APIRequestContext, APIResponse } from "@playwright/test";
import { GYM_PASSWORD, gymMembers } from "./fixtures/gym";
import { startIsolatedServer } from "./support/server";
import { expect, test } from "./support/test";

/**
 * Sign-in at a busy gym, over HTTP against the built server (one trusted proxy hop, as
 * TRUST_PROXY=true: the last X-Forwarded-For entry is the client). Pauses would disturb
 * the shared server's accounts, so this runs on its own server with its own members.
 */
test.describe("sign-in throttling", () => {
  test.describe.configure({ mode: "serial" });

  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let origin = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startIsolatedServer("sign-in-throttle", "tests/e2e/fixtures/seed-gym.ts");
    origin = server.origin;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  const member = (n: number) => gymMembers[n - 1]!;

  function signIn(request: APIRequestContext, forwardedFor: string, email: string, password: string): Promise<APIResponse> {
    return request.post(`${origin}/login`, {
      headers: { origin, "x-forwarded-for": forwardedFor },
      form: { email, password },
      maxRedirects: 0,
    });
  }

  function expectSignedIn(response: APIResponse) {
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/members");
    expect(response.headersArray().some((h) => h.name.toLowerCase() === "set-cookie" && h.value.includes("session_token=") && !h.value.includes("session_token=;"))).toBe(true);
  }

  async function expectPaused(response: APIResponse) {
    expect(response.status()).toBe(429);
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(14 * 60);
    expect(await response.text()).toContain("Too many attempts. Try again in 15 minutes.");
  }

  /** 20 failures over 5 accounts (none of them paused: 4 each) from one client address. */
  async function failFromOneAddress(request: APIRequestContext, forwardedFor: (i: number) => string, label: string) {
    for (let i = 0; i < 20; i += 1) {
      const response = await signIn(request, forwardedFor(i), `${label}-${i % 5}@nowhere.test`, "Wrong-password-1");
      expect(response.status()).toBe(401);
    }
  }

  test("20 different members sign in from one address within a minute, and all get in", async ({ request }) => {
    const gym = "203.0.113.10";
    const started = Date.now();
    for (let n = 1; n <= 20; n += 1) expectSignedIn(await signIn(request, gym, member(n).email, GYM_PASSWORD));
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  test("six wrong passwords pause that account with the wait in the message; another member at the same address still signs in", async ({ page, request, extraHTTPHeaders }) => {
    const address = extraHTTPHeaders!["x-forwarded-for"]!;
    for (let i = 0; i < 6; i += 1) expect((await signIn(request, address, member(21).email, `Wrong-${i}-password`)).status()).toBe(401);
    // Its right password now waits too, from any address.
    await expectPaused(await signIn(request, address, member(21).email, GYM_PASSWORD));
    await expectPaused(await signIn(request, "198.51.100.21", member(21).email, GYM_PASSWORD));

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

  test("many accounts failing from one address pause that address, not the members elsewhere", async ({ request }) => {
    const address = "203.0.113.30";
    await failFromOneAddress(request, () => address, "spray");
    await expectPaused(await signIn(request, address, member(23).email, GYM_PASSWORD));
    expectSignedIn(await signIn(request, "203.0.113.31", member(23).email, GYM_PASSWORD));
  });

  test("a forged X-Forwarded-For behind one trusted hop changes nothing", async ({ request }) => {
    const address = "203.0.113.40";
    // The client writes a new address in front of what our proxy appends, every time.
    const forged = (i: number) => `198.51.100.${i + 1}, ${address}`;
    await failFromOneAddress(request, forged, "forged");
    await expectPaused(await signIn(request, `192.0.2.77, ${address}`, member(24).email, GYM_PASSWORD));
    await expectPaused(await signIn(request, `garbage, ${address}`, member(24).email, GYM_PASSWORD));
    // Only the address our proxy saw decides.
    expectSignedIn(await signIn(request, `${address}, 203.0.113.41`, member(24).email, GYM_PASSWORD));
  });

  test("rotating IPv6 addresses within one /64 is one address", async ({ request }) => {
    await failFromOneAddress(request, (i) => `2001:db8:50:1::${(i + 1).toString(16)}`, "rotating");
    await expectPaused(await signIn(request, "2001:db8:50:1:ffff:ffff:ffff:ffff", member(1).email, GYM_PASSWORD));
    expectSignedIn(await signIn(request, "2001:db8:50:2::1", member(1).email, GYM_PASSWORD));
  });
});
