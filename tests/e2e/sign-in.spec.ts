import { expect, signIn, test } from "./support/test";
import { PASSWORD, users } from "./support/users";

test("a member signs in on the login page and lands on /members with the welcome toast", async ({ page }) => {
  await signIn(page, "member");
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Maya Member" })).toBeVisible();
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByText("You have successfully signed in.")).toBeVisible();
});

test("a wrong password shows 'Error signing in' and keeps the visitor on the form", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(users.member.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Error signing in").first()).toBeVisible();
  await expect(page.getByText("Invalid email or password").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("the Member Login dialog signs in from any page and goes to /members", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Member Login" }).click();
  const dialog = page.getByRole("dialog", { name: "Member Login" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("New users: Please contact us to get onboarded by an administrator.")).toBeVisible();
  await dialog.getByLabel("Email").fill(users.member.email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(dialog).toBeHidden();
});
