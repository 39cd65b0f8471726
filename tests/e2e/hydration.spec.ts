/**
 * The page says it is live (`<html data-hydrated>`, which every browser test waits for after
 * navigating) only once the parts loaded on demand have hydrated too: until its code has
 * arrived, the user menu is the server's markup and a click on it is lost.
 */
import type { Route } from "@playwright/test";
import { expect, signInOverHttp, test } from "./support/test";

test("the page is marked live only after the user menu's code has arrived, and then the menu opens", async ({ page }) => {
  await signInOverHttp(page, "member");
  let arrived!: (route: Route) => void;
  const menuCode = new Promise<Route>((resolve) => (arrived = resolve));
  await page.route(/\/assets\/user-menu-[\w-]+\.js$/, (route) => arrived(route));
  // goto waits for the mark (tests/e2e/support/test.ts): not awaited until the code is let through.
  const navigated = page.goto("/members");
  const held = await menuCode;
  // The rest of the page hydrates meanwhile: React has attached itself to the header, and two
  // frames later its effects have run.
  await page.waitForFunction(() => Object.keys(document.querySelector("header")!).some((key) => key.startsWith("__reactFiber")));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);

  await held.continue();
  await navigated;
  await page.getByRole("banner").getByRole("button", { name: "Maya", exact: true }).click();
  await expect(page.getByRole("menu").getByRole("menuitem", { name: "Settings" })).toBeVisible();
});
