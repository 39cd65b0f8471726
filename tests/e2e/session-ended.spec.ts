import { expect, signIn, test } from "./support/test";
import { PASSWORD, users } from "./support/users";
import type { Locator, Page } from "@playwright/test";

// Both tests save for the same account and read back what they saved: in order (decision 0020).
test.describe.configure({ mode: "default" });

const member = users.sessionEnded;

/** The sign-in dialog a 'Sign In' button opened over the page: signs in there, without leaving the page. */
async function signInAgain(page: Page, notice: Locator) {
  await notice.getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Member Login" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email").fill(member.email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog).toBeHidden();
  // The first sign-in's welcome may still be showing beside this one.
  await expect(page.getByText("Welcome back!", { exact: true }).first()).toBeVisible();
}

test("a progress entry survives a dropped connection and a session ended in another tab; signing in again in the page saves it", async ({ page, context }) => {
  await signIn(page, "sessionEnded", "/login?redirectTo=%2Fmembers%2Fprogress");
  await expect(page).toHaveURL(/\/members\/progress$/);
  const section = page.getByRole("region", { name: "Progress", exact: true });
  await section.getByRole("button", { name: "Log Progress" }).click();
  const dialog = page.getByRole("dialog", { name: "Log Progress" });
  const value = dialog.getByLabel("Value (lbs)");
  const notes = dialog.getByLabel("Notes");
  const save = dialog.getByRole("button", { name: "Save Progress" });
  await value.fill("176.4");
  await notes.fill("After the long run");

  // The connection drops as the member saves: the spec's failure toast, the form as typed.
  await context.setOffline(true);
  await save.click();
  await expect(page.getByText("An error occurred", { exact: true })).toBeVisible();
  await expect(page.getByText("Please try again later", { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(value).toHaveValue("176.4");
  await context.setOffline(false);

  // The member signs out in another tab: this page still shows the open form.
  const other = await context.newPage();
  await other.goto("/members");
  await other.getByRole("banner").getByRole("button", { name: "Quinn", exact: true }).click();
  await other.getByRole("menu").getByRole("menuitem", { name: "Log out" }).click();
  await expect(other.getByText("Signed out", { exact: true })).toBeVisible();
  await other.close();

  await save.click();
  await expect(page.getByText("Authentication required", { exact: true })).toBeVisible();
  await expect(page.getByText("Please log in to save your progress data.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/members\/progress$/);
  await expect(dialog).toBeVisible();
  await expect(value).toHaveValue("176.4");
  await expect(notes).toHaveValue("After the long run");
  const notice = dialog.getByRole("alert").filter({ hasText: "Please log in to save your progress data." });
  await expect(notice).toBeVisible();

  await signInAgain(page, notice);
  await expect(page).toHaveURL(/\/members\/progress$/);
  await expect(dialog).toBeVisible();
  await expect(notice).toBeHidden();
  await expect(value).toHaveValue("176.4");
  await expect(notes).toHaveValue("After the long run");
  await expect(save).toBeFocused();

  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Progress saved", { exact: true })).toBeVisible();
  await expect(section.getByRole("list", { name: "Weight", exact: true }).getByRole("listitem").first()).toContainText("176.4 lbs");
});

test("a profile edit survives a dropped connection and an ended session; signing in again in the page saves it", async ({ page, context }) => {
  await signIn(page, "sessionEnded", "/login?redirectTo=%2Fmembers%3Ftab%3Dsettings");
  await expect(page).toHaveURL(/\/members\?tab=settings$/);
  const main = page.getByRole("main");
  const location = main.getByLabel("Location");
  const goals = main.getByLabel("Goals");
  const save = main.getByRole("button", { name: "Save Profile" });
  await location.fill("Bristol");
  await goals.fill("Run a marathon");

  await context.setOffline(true);
  await save.click();
  await expect(page.getByText("Failed to update profile. Please try again.", { exact: true })).toBeVisible();
  await expect(location).toHaveValue("Bristol");
  await context.setOffline(false);

  // The session cookie is gone (the browser cleared it).
  await context.clearCookies();
  await save.click();
  await expect(page.getByText("Authentication required", { exact: true })).toBeVisible();
  await expect(page.getByText("Please log in to save your profile.", { exact: true })).toBeVisible();
  await expect(location).toHaveValue("Bristol");
  await expect(goals).toHaveValue("Run a marathon");
  const notice = main.getByRole("alert").filter({ hasText: "Please log in to save your profile." });

  await signInAgain(page, notice);
  await expect(page).toHaveURL(/\/members\?tab=settings$/);
  await expect(notice).toBeHidden();
  await expect(location).toHaveValue("Bristol");
  await expect(goals).toHaveValue("Run a marathon");
  await expect(save).toBeFocused();

  await save.click();
  await expect(page.getByText("Profile updated", { exact: true })).toBeVisible();
  await page.reload();
  await expect(location).toHaveValue("Bristol");
  await expect(goals).toHaveValue("Run a marathon");
});
