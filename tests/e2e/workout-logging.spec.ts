import { formatShortDate } from "~/lib/dates";
import { todayIn } from "~/lib/time-zone";
import { expect, signIn, test } from "./support/test";

// A phone in the gym.
test.use({ viewport: { width: 390, height: 844 } });

// The only test that trains the training member (seed-training.ts: 'Upper A' today, an earlier lighter bench press).
test("a member starts today's workout on a phone, logs every set (one by keyboard), rests, finishes and sees a record", async ({ page }) => {
  test.setTimeout(120_000);
  // The rest timer's time is the test's to move: no waiting for 90 real seconds.
  await page.clock.install();
  await signIn(page, "trainingMember", "/login?redirectTo=%2Fmembers");
  await expect(page).toHaveURL(/\/members$/);

  const today = page.getByRole("region", { name: "Today" });
  await expect(today.getByText("Upper A")).toBeVisible();
  await expect(today.getByText("2 exercises")).toBeVisible();
  await today.getByRole("button", { name: "Start workout" }).click();
  await expect(page).toHaveURL(/\/members\/workouts\/[\w-]+$/);
  await expect(page.getByRole("heading", { name: "Upper A", level: 2 })).toBeVisible();
  // The screen's own script is running: a tap before it posts the plain form (no rest timer).
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");

  const bench = page.getByRole("region", { name: "Bench Press" });
  await expect(bench.getByText("2 × 5 reps · 132.3 lbs · Rest 1:30 · Tempo 3-1-1-0")).toBeVisible();
  await expect(bench.getByText(/Last time \(.+\): 121\.25 lbs × 5/)).toBeVisible();
  // Prefilled from the target: one tap logs it.
  await expect(bench.getByLabel("Bench Press set 1 weight (lbs)")).toHaveValue("132.3");
  await expect(bench.getByLabel("Bench Press set 1 reps")).toHaveValue("5");
  const logFirst = bench.getByRole("button", { name: "Log Bench Press set 1" });
  const box = await logFirst.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await logFirst.click();
  await expect(bench.getByText("Set 1: 132.3 lbs × 5")).toBeVisible();

  // Focus went on to the next set's button.
  const logSecond = bench.getByRole("button", { name: "Log Bench Press set 2" });
  await expect(logSecond).toBeFocused();

  // The rest timer runs, announces its start politely, and its end with an alert.
  const timer = page.getByRole("timer", { name: "Rest remaining" });
  await expect(timer).toHaveText("1:30");
  await expect(page.getByText("Rest started: 1:30")).toBeAttached();
  await page.clock.runFor(30_000);
  await expect(timer).toHaveText("1:00");
  await page.clock.runFor(60_000);
  await expect(timer).toBeHidden();
  await expect(page.getByRole("alert").filter({ hasText: "Rest over: time for your next set" })).toBeVisible();

  // The second set by keyboard only: from its button back to RPE, type, Enter.
  await expect(logSecond).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(bench.getByLabel("Bench Press set 2 RPE")).toBeFocused();
  await page.keyboard.type("8");
  await page.keyboard.press("Enter");
  await expect(bench.getByText("Set 2: 132.3 lbs × 5 @ RPE 8")).toBeVisible();
  await expect(timer).toHaveText("1:30");

  // The plank: its time, prefilled; focus went on to its button.
  const plank = page.getByRole("region", { name: "Plank" });
  const logPlank = plank.getByRole("button", { name: "Log Plank set 1" });
  await expect(logPlank).toBeFocused();
  await expect(plank.getByLabel("Plank set 1 time (s)")).toHaveValue("45");
  await logPlank.click();
  await expect(plank.getByText("Set 1: 0:45")).toBeVisible();
  await expect(timer).toHaveText("1:00");
  await page.getByRole("button", { name: "+30 s" }).click();
  await expect(timer).toHaveText("1:30");
  await page.getByRole("button", { name: "Skip rest" }).click();
  await expect(timer).toBeHidden();

  // The workout under way leads the Workouts page too, and Resume comes back to it.
  await page.getByRole("link", { name: "Workouts", exact: true }).click();
  const underWay = page.getByRole("region", { name: "In progress" });
  await expect(underWay.getByText("Upper A")).toBeVisible();
  await underWay.getByRole("link", { name: "Resume workout" }).click();
  await expect(page.getByRole("heading", { name: "Upper A", level: 2 })).toBeVisible();

  await page.getByRole("button", { name: "Finish workout" }).click();
  const summary = page.getByRole("region", { name: "Workout complete" });
  await expect(summary).toBeVisible();
  await expect(summary.getByText("Sets", { exact: true }).locator("..")).toContainText("3");
  await expect(summary.getByText("Volume", { exact: true }).locator("..")).toContainText("1323 lbs");
  await expect(summary.getByText("Bench Press: heaviest weight 132.3 lbs (was 121.3 lbs)")).toBeVisible();
  // A finished workout is a record: no more set buttons.
  await expect(page.getByRole("button", { name: /^Log / })).toHaveCount(0);

  // The Workouts section lists it, and Today says it is done.
  await page.getByRole("link", { name: "Workouts", exact: true }).click();
  await expect(page.getByRole("region", { name: "History" }).getByRole("link", { name: /Upper A.*3 sets · 1323 lbs/ })).toBeVisible();
  await page.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page.getByRole("region", { name: "Today" }).getByText("Upper A: done")).toBeVisible();

  // Strength Progress reads the same set logs: today's bench is a personal record there too.
  await page.getByRole("link", { name: "Progress", exact: true }).click();
  const benchRecords = page.getByRole("table", { name: "Bench Press (lbs)" });
  await expect(benchRecords.getByRole("row").filter({ hasText: formatShortDate(todayIn("Europe/London")) })).toContainText("Yes");
});
