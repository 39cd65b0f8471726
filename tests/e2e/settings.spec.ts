import { expect, signInOverHttp, test } from "./support/test";

test("the user menu's Settings entry opens the settings tab with the profile form", async ({ page }) => {
  await signInOverHttp(page, "settings");
  await page.goto("/members");
  await page.getByRole("banner").getByRole("button", { name: "Sam", exact: true }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/members\/settings$/);
  await expect(page.getByRole("heading", { name: "Settings", exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Member Menu" }).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Full name")).toHaveValue("Sam Settings");
});

// The only test that changes the settings account's profile fields, so it owns their values.
test("a member updates the profile in settings; a missing full name is refused", async ({ page }) => {
  await signInOverHttp(page, "settings");
  await page.goto("/members/settings");
  await expect(page).toHaveURL(/\/members\/settings$/);

  const form = page.getByRole("main");
  const fullName = form.getByLabel("Full name");
  const bio = form.getByLabel("Bio");
  const location = form.getByLabel("Location");
  const save = form.getByRole("button", { name: "Save Profile" });
  await expect(fullName).toHaveValue("Sam Settings");
  await expect(location).toHaveValue("Manchester");
  await expect(form.getByLabel("Interests")).toHaveValue("Strength training");
  await expect(form.getByLabel("Experience")).toHaveValue("Two years in the gym");
  await expect(form.getByLabel("Goals")).toHaveValue("Get stronger");
  await expect(bio).toHaveValue("");

  // Without a full name nothing is saved.
  await fullName.clear();
  await location.fill("Liverpool");
  await save.click();
  await expect(form.getByText("Full name is required")).toBeVisible();
  await expect(fullName).toBeFocused();
  await expect(page.getByText("Profile updated", { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(fullName).toHaveValue("Sam Settings");
  await expect(location).toHaveValue("Manchester");

  // A valid change is saved and announced.
  await bio.fill("Lifting since 2023.");
  await location.fill("Salford");
  await save.click();
  await expect(page.getByText("Profile updated", { exact: true })).toBeVisible();
  await expect(page.getByText("Your profile has been successfully updated.")).toBeVisible();
  await expect(form.getByText("Full name is required")).toHaveCount(0);

  await page.reload();
  await expect(bio).toHaveValue("Lifting since 2023.");
  await expect(location).toHaveValue("Salford");
  await expect(fullName).toHaveValue("Sam Settings");
  await expect(page.getByRole("heading", { name: "Welcome back, Sam Settings" })).toBeVisible();
});

// The only test that switches the settings account's units; it ends on lbs, as seeded.
test("a member switches units in settings to kg; the Progress tab follows; back to lbs", async ({ page }) => {
  await signInOverHttp(page, "settings");
  await page.goto("/members/settings");
  await expect(page).toHaveURL(/\/members\/settings$/);

  const units = page.getByRole("region", { name: "Units", exact: true });
  await expect(units.getByRole("heading", { name: "Units", exact: true })).toBeVisible();
  await expect(units.getByText("Weights are shown in lbs or kg; body measurements follow in inches or cm.")).toBeVisible();
  const group = units.getByRole("group", { name: "Units:" });
  const lbs = group.getByRole("button", { name: "lbs", exact: true });
  const kg = group.getByRole("button", { name: "kg", exact: true });
  await expect(lbs).toHaveAttribute("aria-pressed", "true");
  await expect(kg).toHaveAttribute("aria-pressed", "false");

  await kg.click();
  await expect(page.getByText("Units updated", { exact: true })).toBeVisible();
  await expect(page.getByText("Your progress is now shown in kg and cm.")).toBeVisible();
  await expect(kg).toHaveAttribute("aria-pressed", "true");
  await expect(lbs).toHaveAttribute("aria-pressed", "false");
  // Saved, not just shown: a fresh load still has kg.
  await page.reload();
  await expect(kg).toHaveAttribute("aria-pressed", "true");

  // The Progress tab shows the same preference, and its forms ask for kg.
  const menu = page.getByRole("navigation", { name: "Member Menu" });
  await menu.getByRole("link", { name: "Progress" }).click();
  await expect(page).toHaveURL(/\/members\/progress$/);
  const progress = page.getByRole("region", { name: "Progress", exact: true });
  const progressUnits = progress.getByRole("group", { name: "Units:" });
  await expect(progressUnits.getByRole("button", { name: "kg", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(progressUnits.getByRole("button", { name: "lbs", exact: true })).toHaveAttribute("aria-pressed", "false");
  await progress.getByRole("button", { name: "Log Progress" }).click();
  const dialog = page.getByRole("dialog", { name: "Log Progress" });
  await expect(dialog.getByLabel("Value (kg)")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // Back in Settings, lbs again: the account is left as it was found.
  await menu.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/members\/settings$/);
  await expect(kg).toHaveAttribute("aria-pressed", "true");
  await lbs.click();
  await expect(page.getByText("Your progress is now shown in lbs and inches.")).toBeVisible();
  await expect(lbs).toHaveAttribute("aria-pressed", "true");
  await expect(kg).toHaveAttribute("aria-pressed", "false");
  await page.reload();
  await expect(lbs).toHaveAttribute("aria-pressed", "true");
});
