import { expect, test } from "./support/test";

test("an unknown page answers 404 with 'Oops! Page not found' and a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Train With Relentless Intensity" })).toBeVisible();
});
