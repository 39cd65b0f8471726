import { accessibilityViolations } from "./support/axe";
import fs from "node:fs";
import path from "node:path";
import { E2E_DATA_DIR } from "./support/server";
import { expect, test } from "./support/test";
import { PASSWORD, users } from "./support/users";

const NEW_PASSWORD = "Relentless-reset-pass2";

/** The reset link from the newest e-mail to this address in the outbox (quoted-printable decoded). */
async function resetLinkFor(email: string): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, "outbox");
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return undefined;
        const mails = fs
          .readdirSync(dir)
          .filter((f) => f.endsWith(".eml"))
          .sort()
          .map((f) => fs.readFileSync(path.join(dir, f), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="))
          .filter((m) => m.includes(`To: ${email}`));
        link = mails.at(-1)?.match(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/)?.[0];
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

test("a member resets a forgotten password from the login page and signs in with the new one", async ({ page }) => {
  const { email } = users.reset;
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("If an account exists for that e-mail, we have sent a link to reset the password.")).toBeVisible();

  const link = await resetLinkFor(email);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Repeat new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Password reset", { exact: true })).toBeVisible();

  // The old password no longer works.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error signing in." })).toBeVisible();

  await page.getByLabel("Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Robin Reset" })).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await expect(page.getByText("This reset link is invalid or has expired.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");
});

test("an unknown e-mail gets the same answer and no e-mail", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill("nobody-here@relentless.test");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("If an account exists for that e-mail, we have sent a link to reset the password.")).toBeVisible();
  const dir = path.join(E2E_DATA_DIR, "outbox");
  const mails = fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8")) : [];
  expect(mails.filter((m) => m.includes("nobody-here@relentless.test"))).toEqual([]);
});
