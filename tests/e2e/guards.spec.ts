import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support/test";
import { PASSWORD, users, type UserKey } from "./support/users";

async function signInHere(page: Page, who: UserKey) {
  await page.getByLabel("Email").fill(users[who].email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("a visitor opening /admin is sent to sign in and then lands on /admin", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
  await expect(page.getByRole("heading", { name: "Member Login" })).toBeVisible();
  await signInHere(page, "admin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Alex" })).toBeVisible();
});

test("a visitor opening /cms is sent to sign in and a trainer then lands on /cms", async ({ page }) => {
  await page.goto("/cms");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcms$/);
  await signInHere(page, "trainer");
  await expect(page).toHaveURL(/\/cms$/);
  await expect(page.getByRole("heading", { name: "Content Management" })).toBeVisible();
});

test("a visitor opening /profile-setup is sent to sign in and then lands on the profile set-up page", async ({ page }) => {
  await page.goto("/profile-setup");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile-setup$/);
  await signInHere(page, "pending");
  await expect(page).toHaveURL(/\/profile-setup$/);
  await expect(page.getByRole("heading", { name: "Complete Your Profile" })).toBeVisible();
  // On its own page the wizard is the page, not the blocking dialog.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByLabel("Full name")).toHaveValue("Pat Pending");
});

test("a member with a complete profile opening /profile-setup goes to /members", async ({ page }) => {
  await signIn(page, "member");
  await expect(page).toHaveURL(/\/members$/);
  await page.goto("/profile-setup");
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Maya Member" })).toBeVisible();
});

test("a member opening /admin is sent to /members", async ({ page }) => {
  await signIn(page, "member");
  await expect(page).toHaveURL(/\/members$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Maya Member" })).toBeVisible();
});

test("a member opening /cms gets the 403 Unauthorized page", async ({ page }) => {
  await signIn(page, "member");
  await expect(page).toHaveURL(/\/members$/);
  const response = await page.goto("/cms");
  expect(response?.status()).toBe(403);
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole("heading", { name: "Unauthorized" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Content Management" })).toHaveCount(0);
});

test("a signed-in user opening /login is sent to /members", async ({ page }) => {
  await signIn(page, "member");
  await expect(page).toHaveURL(/\/members$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByLabel("Password")).toHaveCount(0);
});

test("/members signed out asks the visitor to sign in and links back to it", async ({ page }) => {
  await page.goto("/members");
  await expect(page.getByRole("heading", { name: "Access Required" })).toBeVisible();
  await expect(page.getByText("Please sign in to access the member dashboard")).toBeVisible();
  const link = page.getByRole("main").getByRole("link", { name: "Sign In" });
  await expect(link).toHaveAttribute("href", "/login?redirectTo=%2Fmembers");
  await link.click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmembers$/);
  await signInHere(page, "member");
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Maya Member" })).toBeVisible();
});

test("/signup shows the onboarding note instead of a sign-up form", async ({ page }) => {
  await page.goto("/signup");
  await expect(page.getByText("New users: Please contact us to get onboarded by an administrator.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
  await expect(page.getByLabel("Password")).toHaveCount(0);
});
