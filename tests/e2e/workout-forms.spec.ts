import type { Page } from "@playwright/test";
import { expect, signInOverHttp, test } from "./support/test";
import type { UserKey } from "./support/users";

// The workout screen runs on its own script (decision 0109): every form but 'Log set' posts as a plain form.
test.use({ viewport: { width: 390, height: 844 } });

/** Today's 'Forms Day' started from the dashboard (seed-training.ts): the workout's screen. */
async function startFormsDay(page: Page, who: UserKey) {
  await signInOverHttp(page, who);
  await page.goto("/members");
  await page.getByRole("region", { name: "Today" }).getByRole("button", { name: "Start workout" }).click();
  await expect(page.getByRole("heading", { name: "Forms Day", level: 2 })).toBeVisible();
}

test("the screen's other forms: edit (checked before it posts), add a set, note, skip and undo, delete; offline they say they need the connection", async ({ page, context }) => {
  await startFormsDay(page, "formsMember");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  const bench = page.getByRole("region", { name: "Bench Press" });
  await bench.getByRole("button", { name: "Log Bench Press set 1" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Sent$/ })).toBeVisible();
  // Once sent, the screen is the server's again: the set has its Edit and Delete.
  await bench.getByText("Edit set 1").click();
  const reps = bench.getByLabel("Edit Bench Press set 1 reps");
  await reps.fill("0");
  const posts: string[] = [];
  page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
  await bench.getByRole("button", { name: "Save" }).click();
  await expect(bench.getByRole("alert")).toHaveText("Reps must be between 1 and 100");
  await expect(reps).toHaveAttribute("aria-invalid", "true");
  // The server's check ran in the page: nothing was sent.
  expect(posts).toEqual([]);
  await reps.fill("6");
  await bench.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/#set-[\w-]+$/);
  await expect(bench.getByText("Set 1: 132.3 lbs × 6 Logged")).toBeVisible();

  await bench.getByRole("button", { name: "Add a set of Bench Press" }).click();
  await expect(bench.getByRole("button", { name: "Log Bench Press set 3" })).toBeVisible();
  await bench.getByText("Add a note").click();
  await bench.getByLabel("Note on Bench Press").fill("Paused reps");
  await bench.getByRole("button", { name: "Save note" }).click();
  await expect(bench.getByText("Edit note")).toBeVisible();

  const squat = page.getByRole("region", { name: "Back Squat" });
  await squat.getByText("Skip this exercise").click();
  await squat.getByLabel("Reason for skipping Back Squat (optional)").fill("Sore knee");
  await squat.getByRole("button", { name: "Skip exercise" }).click();
  await expect(squat.getByText("Skipped: Sore knee")).toBeVisible();
  await squat.getByRole("button", { name: "Undo skipping Back Squat" }).click();
  await expect(squat.getByRole("button", { name: "Log Back Squat set 1" })).toBeVisible();

  await bench.getByRole("button", { name: "Delete Bench Press set 1" }).click();
  await expect(bench.getByRole("button", { name: /^Delete / })).toHaveCount(0);

  // Without a connection a form that posts says so and the screen stays.
  await context.setOffline(true);
  await squat.getByRole("link", { name: "Swap Back Squat" }).click();
  await expect(page.getByText("You're offline: this needs the connection for a moment.")).toBeVisible();
  await bench.getByRole("button", { name: "Add a set of Bench Press" }).click();
  await expect(page).not.toHaveURL(/\?/);
  await context.setOffline(false);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a set posts as a form: a refused one comes back with the typed numbers and the message, a good one is logged", async ({ page }) => {
    await startFormsDay(page, "plainMember");
    const bench = page.getByRole("region", { name: "Bench Press" });
    await bench.getByLabel("Bench Press set 1 reps").fill("0");
    await bench.getByRole("button", { name: "Log Bench Press set 1" }).click();
    // The refused page opens at its top, which says so; the row keeps what was typed, marked with its message.
    await expect(page.getByRole("alert")).toHaveText("Not saved: please check the field marked below.");
    await expect(bench.getByText("Reps must be between 1 and 100")).toBeVisible();
    await expect(bench.getByLabel("Bench Press set 1 reps")).toHaveValue("0");
    await expect(bench.getByLabel("Bench Press set 1 reps")).toHaveAttribute("aria-invalid", "true");
    await bench.getByLabel("Bench Press set 1 reps").fill("5");
    await bench.getByRole("button", { name: "Log Bench Press set 1" }).click();
    await expect(bench.getByText("Set 1: 132.3 lbs × 5 Logged")).toBeVisible();
  });
});
