/**
 * The exercise library in the staff Programs area: a trainer searches as they type and
 * filters (the list follows without reloading the page), adds an exercise with a video
 * link and finds it; it works without JavaScript and on a 390 px phone; members and
 * visitors are refused, their data requests too.
 */
import type { Page } from "@playwright/test";
import { expect, newPersonPage, signInOverHttp, test } from "./support/test";

async function openLibraryFromMenu(page: Page) {
  await signInOverHttp(page, "trainer");
  await page.goto("/members");
  await page.getByRole("banner").getByRole("button", { name: "Terry", exact: true }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Programs" }).click();
  await expect(page.getByRole("heading", { name: "Programs", level: 1 })).toBeVisible();
  await page.getByRole("navigation", { name: "Programs sections" }).getByRole("link", { name: "Exercises" }).click();
  await expect(page).toHaveURL(/\/programs\/exercises$/);
  await expect(page.getByRole("heading", { name: "Exercise Library" })).toBeVisible();
}

const results = (page: Page) => page.getByRole("list", { name: "Exercises found" });
const resultNames = (page: Page) => results(page).getByRole("heading", { level: 3 }).allTextContents();

test("a trainer searches as they type, filters by muscle and equipment, adds an exercise with a video link and finds it", async ({ page }) => {
  test.setTimeout(90_000);
  await openLibraryFromMenu(page);
  await expect(page.getByRole("navigation", { name: "Programs sections" }).getByRole("link", { name: "Exercises" })).toHaveAttribute("aria-current", "page");

  // A mark on this document: a full page load would wipe it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  // Typing filters the list, words in any order, with no button pressed.
  await page.getByLabel("Search exercises").pressSequentially("press bench");
  await expect(page).toHaveURL(/[?&]q=press\+bench(?:&|$)/);
  await expect(results(page).getByRole("link", { name: "Bench Press", exact: true })).toBeVisible();
  for (const name of await resultNames(page)) {
    expect(name.toLowerCase()).toContain("bench");
    expect(name.toLowerCase()).toContain("press");
  }
  await expect(results(page).getByRole("link", { name: "Back Squat" })).toHaveCount(0);

  // Each filter applies at once.
  await page.getByLabel("Muscle").selectOption({ label: "Triceps" });
  await expect(page).toHaveURL(/muscle=triceps/);
  await page.getByLabel("Equipment").selectOption({ label: "Dumbbell" });
  await expect(page).toHaveURL(/equipment=dumbbell/);
  await expect(results(page).getByRole("heading", { level: 3 })).toHaveText(["Dumbbell Bench Press"]);
  await expect(page.getByRole("status").filter({ hasText: "1 exercise" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The built-in's page: cues, no edit.
  await results(page).getByRole("link", { name: "Dumbbell Bench Press" }).click();
  await expect(page.getByRole("heading", { name: "Dumbbell Bench Press", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Coaching cues" })).toBeVisible();
  await expect(page.getByText("Built-in")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit Exercise" })).toHaveCount(0);

  // A new exercise: the form refuses a link that is not https, with the server's own words, then saves.
  const name = `Landmine Thruster ${Date.now().toString(36)}`;
  await page.goto("/programs/exercises");
  await page.getByRole("link", { name: "New Exercise" }).click();
  await expect(page.getByRole("heading", { name: "New Exercise" })).toBeVisible();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Category").selectOption({ label: "Strength" });
  await page.getByLabel("Measured by").selectOption({ label: "Weight × reps" });
  await page.getByRole("group", { name: "Primary muscles" }).getByLabel("Quads").check();
  await page.getByRole("group", { name: "Primary muscles" }).getByLabel("Front delts").check();
  await page.getByRole("group", { name: "Secondary muscles" }).getByLabel("Glutes").check();
  await page.getByRole("group", { name: "Equipment" }).getByLabel("Landmine").check();
  await page.getByRole("group", { name: "Equipment" }).getByLabel("Barbell").check();
  await page.getByLabel("Coaching cues").fill("Squat with the bar at the chest\nDrive up and press in one motion");
  const video = page.getByLabel("Demo video link");
  await video.fill("http://www.youtube.com/watch?v=thruster");
  await page.getByRole("button", { name: "Save Exercise" }).click();
  await expect(page.getByText("The video link must be a full https:// address, e.g. https://www.youtube.com/watch?v=…")).toBeVisible();
  await expect(video).toBeFocused();
  await expect(video).toHaveAttribute("aria-invalid", "true");
  await video.fill("https://www.youtube.com/watch?v=thruster");
  await page.getByRole("button", { name: "Save Exercise" }).click();

  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  await expect(page.getByText("Exercise added")).toBeVisible();
  await expect(page.getByText("Added by staff")).toBeVisible();
  await expect(page.getByRole("link", { name: /Watch the demo video/ })).toHaveAttribute("href", "https://www.youtube.com/watch?v=thruster");
  await expect(page.getByText("Drive up and press in one motion")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit Exercise" })).toBeVisible();

  // Found by the search and the filters.
  await page.getByRole("link", { name: "Back to exercises" }).click();
  await page.getByLabel("Search exercises").pressSequentially("thruster landmine");
  await page.getByLabel("Muscle").selectOption({ label: "Glutes" });
  await page.getByLabel("Equipment").selectOption({ label: "Landmine" });
  await expect(page).toHaveURL(/equipment=landmine/);
  await expect(results(page).getByRole("heading", { level: 3 })).toHaveText([name]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search form works as a plain GET form", async ({ page }) => {
    await signInOverHttp(page, "trainer");
    await page.goto("/programs/exercises");
    await page.getByLabel("Search exercises").fill("kettlebell swing");
    await page.getByLabel("Equipment").selectOption({ label: "Kettlebell" });
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=kettlebell\+swing&muscle=&equipment=kettlebell/);
    await expect(results(page).getByRole("heading", { level: 3 })).toHaveText(["Kettlebell Swing"]);
  });
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the library and the exercise form fit the screen", async ({ page }) => {
    await signInOverHttp(page, "trainer");
    for (const path of ["/programs/exercises", "/programs/exercises/new", "/programs/exercises/squat"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Programs", level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test("a member is refused the library, its data request too; a visitor is sent to sign in", async ({ page, browser }) => {
  const visitor = await browser.newContext();
  const visitorPage = await newPersonPage(visitor);
  await visitorPage.goto("/programs/exercises");
  await expect(visitorPage).toHaveURL(/\/login\?redirectTo=%2Fprograms%2Fexercises$/);
  await visitor.close();

  await signInOverHttp(page, "member");
  await page.goto("/members");
  await page.getByRole("banner").getByRole("button", { name: "Maya", exact: true }).click();
  await expect(page.getByRole("menu").getByRole("menuitem", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("menu").getByRole("menuitem", { name: "Programs" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  const response = await page.goto("/programs/exercises");
  expect(response?.status()).toBe(403);
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole("heading", { name: "Unauthorized" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Exercise Library" })).toHaveCount(0);

  const data = await page.request.get("/programs/exercises.data?q=bench", { maxRedirects: 0 });
  const body = await data.text();
  expect(JSON.parse(body)[0]).toEqual(["SingleFetchRedirect", 1]);
  expect(body).toContain("/unauthorized");
  expect(body).not.toContain("Bench Press");
});
