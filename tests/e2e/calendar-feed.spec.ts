/**
 * Settings' Calendar Feed on a phone: a member makes their private link, copies it, and makes
 * a new one after confirming; the old address then answers 404, the new one the calendar.
 */
import { accessibilityViolations } from "./support/axe";
import { expect, signInOverHttp, test } from "./support/test";

test.use({ viewport: { width: 390, height: 844 }, permissions: ["clipboard-read", "clipboard-write"] });

test("a member makes their calendar link, copies it, and a new link ends the old one", async ({ page }) => {
  await signInOverHttp(page, "member");
  await page.goto("/members/settings");
  const section = page.getByRole("region", { name: "Calendar Feed" });
  await expect(section).toContainText("Your training sessions and the workouts your program plans");
  await section.getByRole("button", { name: "Make my calendar link" }).click();

  const link = section.getByRole("textbox", { name: "Calendar link" });
  await expect(link).toHaveValue(/^http:\/\/[^/]+\/calendar\/[\w-]{43}\.ics$/);
  const first = await link.inputValue();
  await expect(section.getByRole("status")).toBeFocused();
  await expect(section.getByRole("link", { name: "Open in Apple Calendar" })).toHaveAttribute("href", first.replace(/^http:/, "webcal:"));
  await section.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  const feed = await page.request.get(first);
  expect([feed.status(), feed.headers()["content-type"]]).toEqual([200, "text/calendar; charset=utf-8"]);

  await section.getByRole("button", { name: "Make a new link" }).click();
  const dialog = page.getByRole("dialog", { name: "Make a new calendar link?" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Make a new link" }).click();
  await expect(link).not.toHaveValue(first);
  await expect(link).toHaveValue(/\/calendar\/[\w-]{43}\.ics$/);
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(await link.inputValue())).status()).toBe(200);

  // Reloaded, the page no longer shows the address, only when it was made.
  await page.reload();
  await expect(section.getByRole("textbox", { name: "Calendar link" })).toHaveCount(0);
  await expect(section).toContainText("Your calendar link was made on");
});
