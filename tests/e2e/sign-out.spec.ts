import { expect, signIn, test } from "./support/test";

test("a member logs out from the user menu and the member area is closed to them again", async ({ page }) => {
  await signIn(page, "signOut");
  await expect(page).toHaveURL(/\/members$/);

  const banner = page.getByRole("banner");
  await banner.getByRole("button", { name: "Sid", exact: true }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByText("My Account")).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Member Dashboard" })).toHaveAttribute("href", "/members");
  await expect(menu.getByRole("menuitem", { name: "Settings" })).toHaveAttribute("href", "/members/settings");
  await expect(menu.getByRole("menuitem", { name: "Admin Dashboard" })).toHaveCount(0);

  await menu.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Signed out", { exact: true })).toBeVisible();
  await expect(page.getByText("You have been successfully signed out.")).toBeVisible();
  await expect(banner.getByRole("button", { name: "Member Login" })).toBeVisible();
  await expect(banner.getByRole("button", { name: "Sid", exact: true })).toHaveCount(0);

  await page.goto("/members");
  await expect(page.getByRole("heading", { name: "Access Required" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Welcome back/ })).toHaveCount(0);
});

test("an admin lands on 'Needs attention'; the user menu offers it and the Admin Dashboard instead of the Member Dashboard", async ({ page }) => {
  await signIn(page, "admin");
  await expect(page).toHaveURL(/\/coach$/);
  await expect(page.getByRole("heading", { name: "Needs attention", level: 1 })).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Alex", exact: true }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByText("My Account")).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: /^Needs attention/ })).toHaveAttribute("href", "/coach");
  await expect(menu.getByRole("menuitem", { name: "Admin Dashboard" })).toHaveAttribute("href", "/admin");
  await expect(menu.getByRole("menuitem", { name: "Member Dashboard" })).toHaveCount(0);
  await expect(menu.getByRole("menuitem", { name: "Settings" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Log out" })).toBeVisible();

  await menu.getByRole("menuitem", { name: "Admin Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Alex" })).toBeVisible();
});

test("'Sign out' in the admin area signs the admin out with its own toast", async ({ page }) => {
  await signIn(page, "admin", "/login?redirectTo=%2Fadmin");
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Signed out successfully")).toBeVisible();
  await expect(page.getByText("You have been logged out.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Member Login" })).toBeVisible();

  const response = await page.goto("/admin");
  expect(response?.url()).toMatch(/\/login\?redirectTo=%2Fadmin$/);
});
