import fs from "node:fs";
import { addDays, todayIn } from "../../app/lib/time-zone";
import { expect, signInOverHttp, test } from "./support/test";
import { accessibilityViolations } from "./support/axe";

// The site's default time zone decides what 'today' is for the forms.
const today = () => todayIn("Europe/London");

// The only test that uses the progress member, so it owns every value it sees.
test("a member logs weights, body fat, a measurement, a workout and a goal; charts, kg and the CSV export follow", async ({ page }) => {
  // A long journey (six saves, charts, a unit switch and a download): room on a loaded CI machine.
  test.setTimeout(120_000);
  await signInOverHttp(page, "progressMember");
  await page.goto("/members/progress");
  await expect(page).toHaveURL(/\/members\/progress$/);
  const section = page.getByRole("region", { name: "Progress", exact: true });
  await expect(section.getByRole("heading", { name: "Progress", exact: true })).toBeVisible();
  const saved = async () => {
    await expect(page.getByText("Progress saved", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Your data has been recorded successfully.").first()).toBeVisible();
  };

  // Two weights: yesterday and today.
  const logWeight = async (value: string, date: string) => {
    await section.getByRole("button", { name: "Log Progress" }).click();
    const dialog = page.getByRole("dialog", { name: "Log Progress" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Type")).toHaveValue("weight");
    await dialog.getByLabel("Value (lbs)").fill(value);
    await dialog.getByLabel("Date").fill(date);
    await dialog.getByRole("button", { name: "Save Progress" }).click();
    await expect(dialog).toBeHidden();
    await saved();
  };
  await logWeight("182.4", addDays(today(), -1));
  await logWeight("181", today());
  const weights = section.getByRole("list", { name: "Weight", exact: true });
  await expect(weights.getByRole("listitem")).toHaveCount(2);
  await expect(weights.getByRole("listitem").first()).toContainText("181 lbs");
  await expect(weights.getByRole("listitem").first()).toContainText("Down 1.4 lbs");
  await expect(weights.getByRole("listitem").first().locator('[data-direction="down"] svg')).toBeVisible();
  await expect(weights.getByRole("listitem").nth(1)).toContainText("First entry");

  // Body fat.
  await section.getByRole("button", { name: "Log Progress" }).click();
  let dialog = page.getByRole("dialog", { name: "Log Progress" });
  await dialog.getByLabel("Type").selectOption("body_fat");
  await dialog.getByLabel("Value (%)").fill("18.2");
  await dialog.getByRole("button", { name: "Save Progress" }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole("list", { name: "Body fat" }).getByRole("listitem").first()).toContainText("18.2 %");

  // A measurement: nothing entered is refused with the spec's message; then the chest.
  await section.getByRole("button", { name: "Add Measurement" }).click();
  dialog = page.getByRole("dialog", { name: "Add Measurement" });
  await dialog.getByRole("button", { name: "Save Measurement" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "Please enter at least one measurement" })).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Chest (in)").fill("41");
  await dialog.getByRole("button", { name: "Save Measurement" }).click();
  await expect(dialog).toBeHidden();
  await saved();
  await expect(section.getByRole("heading", { name: "Chest: 41 in" })).toBeVisible();

  // A Bench Press workout.
  await section.getByRole("button", { name: "Log Workout" }).click();
  dialog = page.getByRole("dialog", { name: "Log Workout" });
  await expect(dialog.getByLabel("Exercise")).toHaveValue("bench_press");
  await dialog.getByLabel("Sets").fill("3");
  await dialog.getByLabel("Reps").fill("8");
  await dialog.getByLabel("Weight (lbs)").fill("185");
  await dialog.getByRole("button", { name: "Save Workout" }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole("list", { name: "Bench Press" }).getByRole("listitem").first()).toContainText("3 × 8 @ 185 lbs");

  // The goal dialog closes on Escape and gives focus back to its button; then a goal.
  const setGoal = section.getByRole("button", { name: "Set Goal" });
  await setGoal.click();
  dialog = page.getByRole("dialog", { name: "Set Goal" });
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(setGoal).toBeFocused();
  await setGoal.click();
  await dialog.getByLabel("Title").fill("Bench 225 lbs");
  await dialog.getByLabel("Description").fill("Three plates by spring");
  await dialog.getByLabel("Status").selectOption("in_progress");
  await dialog.getByRole("button", { name: "Save Goal" }).click();
  await expect(dialog).toBeHidden();
  const goals = section.getByRole("region", { name: "Fitness Goals" });
  await expect(goals.getByRole("heading", { name: "Bench 225 lbs" })).toBeVisible();
  await expect(goals.getByText("In progress", { exact: true })).toBeVisible();

  // The weight chart draws both entries (with its text alternative beside it).
  const weightChart = section.locator("figure").filter({ hasText: "Weight over the last 3 months" });
  await expect(weightChart.locator(".recharts-line-dots circle")).toHaveCount(2);
  await expect(weightChart.getByRole("table")).toContainText("182.4");
  await expect(section.locator("figure").filter({ hasText: "Bench Press: estimated one-rep max" }).locator(".recharts-line-dots circle")).toHaveCount(1);

  // No accessibility violations on the filled section, nor with a form open.
  expect(await accessibilityViolations(page, { all: true })).toEqual([]);
  await section.getByRole("button", { name: "Add Measurement" }).click();
  await expect(page.getByRole("dialog", { name: "Add Measurement" })).toBeVisible();
  expect(await accessibilityViolations(page, { all: true })).toEqual([]);
  await page.getByRole("dialog", { name: "Add Measurement" }).getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog", { name: "Add Measurement" })).toBeHidden();

  // kg: every shown value converts.
  await section.getByRole("group", { name: "Units:" }).getByRole("button", { name: "kg" }).click();
  await expect(page.getByText("Units updated", { exact: true })).toBeVisible();
  await expect(section.getByRole("group", { name: "Units:" }).getByRole("button", { name: "kg" })).toHaveAttribute("aria-pressed", "true");
  await expect(weights.getByRole("listitem").first()).toContainText("82.1 kg");
  await expect(weights.getByRole("listitem").first()).toContainText("Down 0.6 kg");
  await expect(section.getByRole("heading", { name: "Chest: 104.1 cm" })).toBeVisible();
  await expect(section.getByRole("list", { name: "Bench Press" }).getByRole("listitem").first()).toContainText("3 × 8 @ 83.9 kg");

  // The export holds every entry and the goal, in kg.
  const downloadPromise = page.waitForEvent("download");
  await section.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^progress-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("Record,Date,Item,Value,Unit,Sets,Reps,Notes,Status,Target date,Completed on");
  expect(csv).toContain(`Body composition,${today()},Weight,82.1,kg`);
  expect(csv).toContain(`Body composition,${addDays(today(), -1)},Weight,82.7,kg`);
  expect(csv).toContain(`Body composition,${today()},Body fat,18.2,%`);
  expect(csv).toContain(`Measurement,${today()},Chest,104.1,cm`);
  expect(csv).toContain(`Workout,${today()},Bench Press,83.9,kg,3,8`);
  expect(csv).toContain("Goal,,Bench 225 lbs,,,,,Three plates by spring,In progress");

  // Edit an entry: the body fat becomes 17.9 %.
  const bodyFat = section.getByRole("list", { name: "Body fat" });
  await bodyFat.getByRole("button", { name: /^Edit body fat entry of/ }).click();
  dialog = page.getByRole("dialog", { name: "Edit Body fat Entry" });
  await expect(dialog.getByLabel("Body fat (%)")).toHaveValue("18.2");
  await dialog.getByLabel("Body fat (%)").fill("80");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByText("Body fat must be between 1 and 75 %")).toBeVisible();
  await dialog.getByLabel("Body fat (%)").fill("17.9");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(bodyFat.getByRole("listitem").first()).toContainText("17.9 %");

  // Delete asks first: Cancel keeps the entry, Delete removes it.
  const oldest = weights.getByRole("button", { name: /^Delete weight entry of/ }).nth(1);
  await oldest.click();
  dialog = page.getByRole("dialog", { name: "Delete Entry" });
  await expect(dialog).toContainText("Are you sure you want to delete the weight entry");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(oldest).toBeFocused();
  await expect(weights.getByRole("listitem")).toHaveCount(2);
  await oldest.click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Entry deleted", { exact: true })).toBeVisible();
  await expect(weights.getByRole("listitem")).toHaveCount(1);
  await expect(weights.getByRole("listitem").first()).toContainText("82.1 kg");
  await expect(weights.getByRole("listitem").first()).toContainText("First entry");

  // A logged lift is edited and deleted the same way (its sets are set logs now).
  const bench = section.getByRole("list", { name: "Bench Press" });
  await bench.getByRole("button", { name: /^Edit bench press entry of/ }).click();
  dialog = page.getByRole("dialog", { name: "Edit Bench Press Entry" });
  await expect(dialog.getByLabel("Sets")).toHaveValue("3");
  await expect(dialog.getByLabel("Weight (kg)")).toHaveValue("83.9");
  await dialog.getByLabel("Sets").fill("4");
  await dialog.getByLabel("Reps").fill("6");
  await dialog.getByLabel("Weight (kg)").fill("85");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(bench.getByRole("listitem").first()).toContainText("4 × 6 @ 85 kg");
  await bench.getByRole("button", { name: /^Delete bench press entry of/ }).click();
  dialog = page.getByRole("dialog", { name: "Delete Entry" });
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText("No Bench Press sets logged yet.")).toBeVisible();
});
