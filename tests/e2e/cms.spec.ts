import { accessibilityViolations } from "./support/axe";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_DATA_DIR } from "./support/server";
import { expect, signIn, signInOverHttp, test } from "./support/test";

/** A real PNG, made here so the upload goes through the server's image checks. */
let imagePath = "";
/** A text file named like an image: the server looks at the bytes, not the name. */
let notAnImagePath = "";
const stamp = Date.now().toString(36);

test.beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-e2e-"));
  notAnImagePath = path.join(dir, "x.png");
  fs.writeFileSync(notAnImagePath, "Squat 3x5, bench 3x5, deadlift 1x5.\n");
  imagePath = path.join(dir, "kettlebell.png");
  await sharp({ create: { width: 320, height: 180, channels: 3, background: "#b91c1c" } })
    .png()
    .toFile(imagePath);
});

/**
 * Holds the POSTs of the 'Add Content' and delete forms between `hold()` and `release()`,
 * so the busy text can be seen however fast or slow the machine is.
 */
async function holdPosts(page: Page) {
  let held = false;
  let waiting: Array<() => void> = [];
  await page.route(/\/cms\/(articles|videos|meal-plans|schedules)(\.data)?(\?|$)/, async (route) => {
    if (route.request().method() === "POST" && held) await new Promise<void>((resolve) => waiting.push(resolve));
    await route.continue();
  });
  return {
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      for (const resolve of waiting) resolve();
      waiting = [];
    },
  };
}

let posts: Awaited<ReturnType<typeof holdPosts>>;

async function slowDownPosts(page: Page) {
  posts = await holdPosts(page);
}

async function openTab(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Content types" }).getByRole("link", { name }).click();
  await expect(page.getByRole("navigation", { name: "Content types" }).getByRole("link", { name })).toHaveAttribute("aria-current", "page");
}

async function openAddDialog(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Add Content" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Chooses the PNG; the upload is held until the progress bar and the disabled input have been seen. */
async function upload(dialog: Locator, label: string, toast: string) {
  const page = dialog.page();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/cms/uploads", async (route) => {
    await released;
    await route.continue();
  });
  const input = dialog.getByLabel(label, { exact: true });
  await input.setInputFiles(imagePath);
  await expect(dialog.getByRole("progressbar")).toBeVisible();
  await expect(input).toBeDisabled();
  release();
  await expect(page.getByText(toast, { exact: true })).toBeVisible();
  await expect(dialog.getByRole("progressbar")).toHaveCount(0);
  await expect(input).toBeEnabled();
  await expect(dialog.getByRole("img", { name: `${label} preview` })).toBeVisible();
  await page.unroute("**/cms/uploads");
}

/** Every file under the server's uploads folder (local disk storage). */
function storedUploads(): Set<string> {
  const dir = path.join(E2E_DATA_DIR, "uploads");
  return new Set(fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: "utf8" }) : []);
}

/** Chooses the text file: the server refuses it (415) with its reason, shown under the field's failure title. */
async function refuseUpload(dialog: Locator, label: string, failure: string) {
  const page = dialog.page();
  const input = dialog.getByLabel(label, { exact: true });
  const answer = page.waitForResponse((response) => response.url().endsWith("/cms/uploads") && response.request().method() === "POST");
  await input.setInputFiles(notAnImagePath);
  expect((await answer).status()).toBe(415);
  const toast = page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: failure });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Please choose an image file (JPEG, PNG, WebP, AVIF or GIF).");
  await expect(input).toBeEnabled();
  await expect(dialog.getByRole("img", { name: `${label} preview` })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Remove image" })).toHaveCount(0);
}

async function submitAndExpectCard(dialog: Locator, submit: string, busy: string, title: string) {
  const page = dialog.page();
  posts.hold();
  await dialog.getByRole("button", { name: submit }).click();
  await expect(dialog.getByRole("button", { name: busy })).toBeDisabled();
  posts.release();
  await expect(page.getByText("Content added successfully", { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add Content" })).toBeFocused();
  const card = page.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  return card;
}

async function deleteCard(page: Page, title: string) {
  const card = page.getByRole("article", { name: title });
  await card.getByRole("button", { name: `Delete ${title}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete content" });
  await expect(confirm).toContainText("Are you sure you want to delete this content?");
  posts.hold();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm.getByRole("button", { name: "Deleting..." })).toBeDisabled();
  posts.release();
  await expect(page.getByText("Content deleted successfully", { exact: true })).toBeVisible();
  await expect(page.getByRole("article", { name: title })).toHaveCount(0);
}

test.describe("the content manager", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeEach(async ({ page }) => {
    await signInOverHttp(page, "trainer");
    await page.goto("/cms/videos");
    await expect(page).toHaveURL(/\/cms\/videos$/);
  });

  test("an empty tab says so; the tabs are links the back button follows", async ({ page }) => {
    await expect(page.getByRole("heading", { name: "Content Management" })).toBeVisible();
    await expect(page.getByText("No content found. Add some content to get started!")).toBeVisible();
    // The next tab's data is held back: meanwhile the list says it is loading.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/cms\/meal-plans\.data/, async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole("link", { name: "Meal Plans" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading content..." })).toBeVisible();
    release();
    await expect(page.getByRole("link", { name: "Meal Plans" })).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveURL(/\/cms\/meal-plans$/);
    await expect(page.getByText("Loading content...")).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/cms\/videos$/);
    await expect(page.getByRole("link", { name: "Videos" })).toHaveAttribute("aria-current", "page");
  });

  test("the dialog is accessible: focus moves in, Escape closes it and focus returns; axe finds nothing serious", async ({ page }) => {
    const dialog = await openAddDialog(page);
    await expect(dialog.getByRole("heading", { name: "Add Video" })).toBeVisible();
    await expect(dialog.locator(":focus")).toHaveCount(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add Content" })).toBeFocused();

    // Cancel closes it too, and nothing was added.
    await (await openAddDialog(page)).getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText("No content found. Add some content to get started!")).toBeVisible();
  });

  test("a trainer adds a video with a thumbnail (busy text, toasts, progress) and deletes it", async ({ page }) => {
    await slowDownPosts(page);
    const title = `Swing Basics ${stamp}`;
    const dialog = await openAddDialog(page);

    // The browser checks the form with the server's rules before sending it.
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByText("Video URL is required")).toBeVisible();
    await dialog.getByLabel("Video URL").fill("youtube.com/watch");
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await expect(dialog.getByText("Please enter a valid URL (YouTube or Vimeo)")).toBeVisible();

    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("Hinge, snap and breathe.");
    await dialog.getByLabel("Video URL").fill("https://www.youtube.com/watch?v=abc123");
    await dialog.getByLabel("Duration").fill("10:30");
    await dialog.getByLabel("Category").selectOption("Technique");
    await upload(dialog, "Thumbnail", "Thumbnail uploaded successfully");
    await dialog.getByLabel("Members only").check();

    const card = await submitAndExpectCard(dialog, "Add Video", "Uploading...", title);
    await expect(card.getByText("Members Only")).toBeVisible();
    await expect(card.getByText("Duration 10:30")).toBeVisible();
    const img = card.locator("img");
    await expect(img).toHaveAttribute("src", /\/uploads\//);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    // Newest first.
    await expect(page.getByRole("article").first()).toHaveAccessibleName(title);

    await deleteCard(page, title);
    await expect(page.getByText("No content found. Add some content to get started!")).toBeVisible();
  });

  test("a file that is not an image is refused in the thumbnail and image fields: the toast gives the server's reason; nothing is stored", async ({ page }) => {
    const before = storedUploads();
    const video = await openAddDialog(page);
    await refuseUpload(video, "Thumbnail", "Failed to upload thumbnail");
    await video.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await openTab(page, "Meal Plans");
    const mealPlan = await openAddDialog(page);
    await refuseUpload(mealPlan, "Image", "Failed to upload image");
    await mealPlan.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("No content found. Add some content to get started!")).toBeVisible();
    expect([...storedUploads()].filter((file) => !before.has(file))).toEqual([]);
  });

  test("a trainer adds a meal plan with an image and deletes it", async ({ page }) => {
    await slowDownPosts(page);
    await openTab(page, "Meal Plans");
    const title = `Lean Summer ${stamp}`;
    const dialog = await openAddDialog(page);
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("High-protein meals.");
    await dialog.getByLabel("Calories per day").fill("2200");
    await dialog.getByLabel("Duration (weeks)").fill("8");
    await dialog.getByLabel("Category").selectOption("Keto");
    await dialog.getByLabel("Difficulty").selectOption("Advanced");
    await dialog.getByLabel("Ingredients").fill("Eggs\nAvocado");
    await dialog.getByLabel("Instructions").fill("Cook the eggs.");
    await upload(dialog, "Image", "Image uploaded successfully");
    const card = await submitAndExpectCard(dialog, "Create Meal Plan", "Creating...", title);
    await expect(card.getByText("2200 kcal/day")).toBeVisible();
    await expect(card.getByText("Advanced")).toBeVisible();
    await expect(card.locator("img")).toHaveAttribute("src", /\/uploads\//);
    await deleteCard(page, title);
  });

  test("a trainer adds a schedule and deletes it", async ({ page }) => {
    await slowDownPosts(page);
    await openTab(page, "Schedules");
    const title = `Strength Foundations ${stamp}`;
    const dialog = await openAddDialog(page);
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("Three full-body sessions.");
    await dialog.getByLabel("Duration (weeks)").fill("12");
    await dialog.getByLabel("Workouts per week").fill("20");
    await dialog.getByLabel("Weekly schedule").fill("Mon: Squat\nWed: Bench\nFri: Deadlift");
    await dialog.getByLabel("Equipment needed").fill("Barbell");
    await dialog.getByRole("button", { name: "Create Schedule" }).click();
    await expect(dialog.getByText("Workouts per week must be between 1 and 14")).toBeVisible();
    await dialog.getByLabel("Workouts per week").fill("3");
    const card = await submitAndExpectCard(dialog, "Create Schedule", "Creating...", title);
    await expect(card.getByText("3 workouts/week")).toBeVisible();
    await deleteCard(page, title);
  });

  test("a trainer publishes an article with a featured image and deletes it", async ({ page }) => {
    await slowDownPosts(page);
    await openTab(page, "Articles");
    const title = `Sleep Is Training ${stamp}`;
    const dialog = await openAddDialog(page);
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Content").fill("Eight hours, **every** night.");
    await dialog.getByLabel("Category").selectOption("Recovery");
    await upload(dialog, "Featured image", "Image uploaded successfully");
    const card = await submitAndExpectCard(dialog, "Publish Article", "Publishing...", title);
    await expect(card.getByText("Published", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: `Edit ${title}` })).toHaveAttribute("href", /\/articles\/[\w-]+\/edit$/);
    await expect(card.locator("img")).toHaveAttribute("src", /\/uploads\//);
    await deleteCard(page, title);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the forms still work: a refused post keeps what was typed; add and delete a schedule", async ({ page }) => {
    await signIn(page, "trainer", "/login?redirectTo=%2Fcms%2Fschedules");
    await expect(page).toHaveURL(/\/cms\/schedules$/);
    const title = `No Script Plan ${stamp}`;
    await page.getByRole("link", { name: "Add Content" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Schedule" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByRole("button", { name: "Create Schedule" }).click();
    await expect(dialog.getByText("Description is required")).toBeVisible();
    await expect(dialog.getByLabel("Title")).toHaveValue(title);
    await dialog.getByLabel("Description").fill("Runs without scripts.");
    await dialog.getByLabel("Duration (weeks)").fill("4");
    await dialog.getByLabel("Workouts per week").fill("2");
    await dialog.getByLabel("Weekly schedule").fill("Tue and Thu");
    await dialog.getByLabel("Equipment needed").fill("None");
    await dialog.getByRole("button", { name: "Create Schedule" }).click();
    await expect(page).toHaveURL(/\/cms\/schedules$/);
    await page.getByRole("article", { name: title }).getByRole("link", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete content" });
    await expect(confirm).toContainText("Are you sure you want to delete this content?");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page).toHaveURL(/\/cms\/schedules$/);
    await expect(page.getByRole("article", { name: title })).toHaveCount(0);
  });
});

test("a member opening /cms lands on /unauthorized", async ({ page }) => {
  await signInOverHttp(page, "member");
  await page.goto("/cms");
  await expect(page).toHaveURL(/\/unauthorized$/);
});

test("the old address /cms?tab=X moves permanently to the tab's own URL, keeping the page and the no-JS dialog", async ({ page }) => {
  await signInOverHttp(page, "trainer");
  const moved = await page.request.get("/cms?tab=meal-plans&page=2&add=1", { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()["location"]).toBe("/cms/meal-plans?page=2&add=1");
  await page.goto("/cms?tab=schedules&add=1");
  await expect(page).toHaveURL(/\/cms\/schedules\?add=1$/);
  await expect(page.getByRole("dialog", { name: "Add Schedule" })).toBeVisible();
});
