import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { isolatedServer } from "./support/server";
import { expect, newPersonPage, signIn, test } from "./support/test";
import { users, type UserKey } from "./support/users";

/**
 * The code an authenticator app shows for this secret, `stepsAhead` 30-second steps from
 * now (a code is accepted once: the next sign-in takes the next step's code, as a person
 * waiting for the app's next code would, without the wait).
 */
function appCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

/** Turns two-factor on in Settings from the QR code page's key text; returns the key and the backup codes. */
async function enrol(page: Page, origin = ""): Promise<{ secret: string; backupCodes: string[] }> {
  await page.goto(`${origin}/members/settings`);
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const qr = page.getByRole("img", { name: "QR code for your authenticator app" });
  await expect(qr).toBeVisible();
  await expect(qr.locator("svg")).toHaveCount(1);
  const secret = ((await page.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("6-digit code from your app").fill(await appCode(secret));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  const list = page.getByRole("list", { name: "Backup codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const backupCodes = await list.getByRole("listitem").allTextContents();
  await expect(page.getByText("Two-factor authentication is on.")).toBeVisible();
  return { secret, backupCodes };
}

/** Password first; the page then asks for the second factor. */
async function signInToSecondStep(page: Page, who: UserKey) {
  await page.context().clearCookies();
  await signIn(page, who);
  await expect(page).toHaveURL(/\/login\/two-factor/);
  await expect(page.getByRole("heading", { name: "Two-Factor Authentication" })).toBeVisible();
}

/**
 * Sends one code and waits for its answer: the alert of the last wrong code may still be on
 * screen, and a check of it alone would let the next code go before this one was counted.
 */
async function enterCode(page: Page, code: string) {
  await page.getByLabel("Code").fill(code);
  const answered = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/login/two-factor"));
  await page.getByRole("button", { name: "Verify" }).click();
  await answered;
}

test.describe("two-factor authentication", () => {
  test("a member enrols (QR code and key as text) and then signs in with a code from the app", async ({ page }) => {
    await signIn(page, "twoFactorMember");
    await expect(page).toHaveURL(/\/members/);
    const { secret } = await enrol(page);

    await signInToSecondStep(page, "twoFactorMember");
    await enterCode(page, await appCode(secret, 1));
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByRole("heading", { name: `Welcome back, ${users.twoFactorMember.name}` })).toBeVisible();
  });

  test("a backup code signs in once; the same code is refused the second time", async ({ page }) => {
    await signIn(page, "twoFactorBackup");
    await expect(page).toHaveURL(/\/members/);
    const { backupCodes } = await enrol(page);

    await signInToSecondStep(page, "twoFactorBackup");
    await enterCode(page, backupCodes[0]!);
    await expect(page.getByRole("heading", { name: `Welcome back, ${users.twoFactorBackup.name}` })).toBeVisible();

    await signInToSecondStep(page, "twoFactorBackup");
    await enterCode(page, backupCodes[0]!);
    await expect(page.getByRole("alert").filter({ hasText: "Invalid code. Please try again." })).toBeVisible();
    await expect(page).toHaveURL(/\/login\/two-factor/);
  });

  test("wrong codes are throttled: after five the account is paused and told how long", async ({ page }) => {
    await signIn(page, "twoFactorThrottle");
    await expect(page).toHaveURL(/\/members/);
    const { secret } = await enrol(page);

    await signInToSecondStep(page, "twoFactorThrottle");
    for (let i = 0; i < 5; i++) {
      await enterCode(page, "000000");
      await expect(page.getByRole("alert").filter({ hasText: "Invalid code. Please try again." })).toBeVisible();
    }
    await enterCode(page, await appCode(secret, 1));
    await expect(page.getByRole("alert").filter({ hasText: "Too many attempts. Try again in 15 minutes." })).toBeVisible();
    await expect(page).toHaveURL(/\/login\/two-factor/);
  });

  test("an administrator resets a member's second factor; the member then signs in with the password alone", async ({ page, browser }) => {
    await signIn(page, "twoFactorReset");
    await expect(page).toHaveURL(/\/members/);
    await enrol(page);

    const adminContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "10.240.0.1" } });
    const admin = await newPersonPage(adminContext);
    try {
      await signIn(admin, "admin");
      await expect(admin).toHaveURL(/\/coach$/);
      await admin.goto(`/admin/users?q=${encodeURIComponent(users.twoFactorReset.email)}`);
      const row = admin.locator(`tr[data-user="${users.twoFactorReset.email}"]`);
      await row.getByText("On · Reset").click();
      await row.getByRole("button", { name: "Reset two-factor" }).click();
      await expect(admin.getByText("Two-factor authentication reset")).toBeVisible();
      await expect(admin.locator(`tr[data-user="${users.twoFactorReset.email}"]`).getByText("Off")).toBeVisible();
    } finally {
      await adminContext.close();
    }

    await page.context().clearCookies();
    await signIn(page, "twoFactorReset");
    await expect(page.getByRole("heading", { name: `Welcome back, ${users.twoFactorReset.name}` })).toBeVisible();
  });
});

// The requirement is a site setting, global to a server: its test gets a server of its own, so
// no other test signs in while it is on (decision 0020).
test.describe("two-factor required for staff", () => {
  let origin = "";
  test.beforeAll(() => {
    origin = isolatedServer("two-factor-staff").origin;
  });

  test("'Require two-factor for staff' leads a trainer without it through enrolment before any staff page", async ({ page, browser }) => {
    // An administrator with a second factor of their own switches the requirement on.
    const adminContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "10.240.0.2" } });
    const admin = await newPersonPage(adminContext);
    try {
      await signIn(admin, "twoFactorAdmin", `${origin}/login`);
      await expect(admin).toHaveURL(/\/coach$/);
      await enrol(admin, origin);
      await admin.goto(`${origin}/admin/settings`);
      await admin.getByLabel(/Require two-factor for staff/).setChecked(true);
      await admin.getByRole("button", { name: "Save Security" }).click();
      await expect(admin.getByText("Settings saved")).toBeVisible();
    } finally {
      await adminContext.close();
    }

    await signIn(page, "twoFactorTrainer", `${origin}/login`);
    await expect(page).toHaveURL(/\/members\/settings#two-factor/);
    await expect(page.getByText("Staff accounts need two-factor authentication: set it up to continue.").first()).toBeVisible();
    await page.goto(`${origin}/cms`);
    await expect(page).toHaveURL(/\/members\/settings#two-factor/);

    await enrol(page, origin);
    await page.goto(`${origin}/cms`);
    await expect(page).toHaveURL(`${origin}/cms/articles`);
  });
});
