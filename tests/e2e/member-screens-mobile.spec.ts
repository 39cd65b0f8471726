/**
 * Every member screen on a 390 px phone, for a member with two years of history
 * (support/seed-history.ts): none is wider than the phone, and the Log Progress dialog
 * opens whole, its Save button in view and working (issue 47).
 */
import type { Page } from "@playwright/test";
import { expect, signInOverHttp, test } from "./support/test";

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });

/** How far the document reaches sideways: more than the phone's width and the page scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test("a member with two years of history: no member screen is wider than a 390 px phone, and Log Progress opens whole", async ({ page }) => {
  test.setTimeout(90_000);
  await signInOverHttp(page, "historyMember");
  const screens = ["/members", "/members/workouts", "/members/check-ins", "/members/nutrition", "/members/progress", "/members/progress/photos", "/members/community", "/members/schedule", "/members/settings", "/members/messages", "/services/group-classes"];
  const wider: string[] = [];
  const measure = async (where: string) => {
    const width = await pageWidth(page);
    if (width > WIDTH) wider.push(`${where}: ${width} px`);
  };
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await measure(path);
  }

  // One workout and one check-in, from their lists.
  await page.goto("/members/workouts");
  await page.getByRole("link", { name: /^Full Body A/ }).first().click();
  await expect(page).toHaveURL(/\/members\/workouts\/[\w-]+$/);
  await expect(page.getByRole("heading", { name: "Full Body A" }).first()).toBeVisible();
  await measure("a workout");
  await page.goto("/members/check-ins");
  await page.getByRole("link", { name: /^Week of / }).first().click();
  await expect(page).toHaveURL(/\/members\/check-ins\/[\w-]+$/);
  await expect(page.getByText("Good week. Keep the evening sessions short when work runs late.")).toBeVisible();
  await measure("a check-in");
  expect(wider).toEqual([]);

  // Log Progress opens in the middle of the phone, whole: its Save button in view and working.
  await page.goto("/members/progress");
  await page.getByRole("button", { name: "Log Progress" }).click();
  const dialog = page.getByRole("dialog", { name: "Log Progress" });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
  const save = dialog.getByRole("button", { name: "Save Progress" });
  await expect(save).toBeInViewport({ ratio: 1 });
  await dialog.getByLabel(/^Value/).fill("78.4");
  // A trial click: the button itself takes it, nothing covers it.
  await save.click({ trial: true });
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Progress saved", { exact: true }).first()).toBeVisible();
});
