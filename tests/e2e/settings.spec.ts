import { expect, signIn, test } from "./support/test";

test("the user menu's Settings entry opens the settings tab with the profile form", async ({ page }) => {
  await signIn(page, "settings");
  await expect(page).toHaveURL(/\/members$/);
  await page.getByRole("banner").getByRole("button", { name: "Sam", exact: true }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/members\?tab=settings$/);
  await expect(page.getByRole("heading", { name: "Settings", exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Member Menu" }).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Full name")).toHaveValue("Sam Settings");
});

// The only test that changes the settings account, so it owns its values.
test("a member updates the profile in settings; a missing full name is refused", async ({ page }) => {
  await signIn(page, "settings", "/login?redirectTo=%2Fmembers%3Ftab%3Dsettings");
  await expect(page).toHaveURL(/\/members\?tab=settings$/);

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
