/**
 * The 'E-mail Reminders' section of Settings on a phone, with the keyboard: what only a
 * browser shows, the zone the member's browser reports saved with the form (the times are
 * read in it), the labels, the toast and the field's message, focus on the field to fix.
 */
import { accessibilityViolations } from "./support/axe";
import { expect, signInOverHttp, test } from "./support/test";

test.use({ viewport: { width: 390, height: 844 }, timezoneId: "America/Chicago" });

test("a member chooses reminders and quiet hours with the keyboard; the browser's time zone is saved with them", async ({ page }) => {
  await signInOverHttp(page, "reminderMember");
  await page.goto("/members/settings");
  const section = page.getByRole("region", { name: "E-mail Reminders" });
  // Never saved: the site's zone; this device's is what a save stores.
  await expect(section.getByText("Times are in your time zone: Europe/London. Saving changes it to America/Chicago, this device's.")).toBeVisible();
  await expect(section.getByRole("checkbox", { name: /^Today's workout/ })).not.toBeChecked();
  await expect(section.getByRole("checkbox", { name: /^Training session tomorrow/ })).toBeChecked();

  // A start without an end: refused in the page, the focus on the field to fix.
  await section.getByLabel("From", { exact: true }).fill("22:00");
  await section.getByRole("button", { name: "Save Reminders" }).click();
  await expect(section.getByText("Please enter when quiet hours end, or clear both times")).toBeVisible();
  await expect(section.getByLabel("To", { exact: true })).toBeFocused();

  await section.getByLabel("To", { exact: true }).fill("06:30");
  await section.getByRole("checkbox", { name: /^Today's workout/ }).focus();
  await page.keyboard.press("Space");
  await section.getByLabel("Morning e-mails at").selectOption("06:00");
  await section.getByRole("button", { name: "Save Reminders" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Reminders saved", { exact: true })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.reload();
  await expect(section.getByRole("checkbox", { name: /^Today's workout/ })).toBeChecked();
  await expect(section.getByLabel("Morning e-mails at")).toHaveValue("6");
  await expect(section.getByLabel("From", { exact: true })).toHaveValue("22:00");
  await expect(section.getByLabel("To", { exact: true })).toHaveValue("06:30");
  await expect(section.getByText("Times are in your time zone: America/Chicago.", { exact: true })).toBeVisible();
});
