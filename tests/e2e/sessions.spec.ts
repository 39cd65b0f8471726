import { accessibilityViolations } from "./support/axe";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { formatLongDate } from "../../app/lib/dates";
import { todayIn } from "../../app/lib/time-zone";
import { E2E_DATA_DIR } from "./support/server";
import { expect, signIn, signInOverHttp, test } from "./support/test";
import { users } from "./support/users";

// The shared e2e server keeps the default site settings: Europe/London, no coach name,
// no notification address (the coach's e-mail goes to the administrators).
const today = todayIn("Europe/London");
const [year, month] = today.split("-").map(Number) as [number, number];
const nextMonth = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
const twoDay = `${nextMonth}-10`;
const fourDay = `${nextMonth}-17`;
const member = users.scheduleMember;

async function axe(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([]);
}

async function scheduleSession(page: Page, s: { date: string; time: string; type: string }) {
  await page.getByRole("link", { name: "Schedule Session" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule Session" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Member", { exact: true }).selectOption({ label: `${member.name} (${member.email})` });
  await dialog.getByLabel("Date", { exact: true }).fill(s.date);
  await dialog.getByLabel("Time", { exact: true }).fill(s.time);
  await dialog.getByLabel("Duration (minutes)").fill("45");
  await dialog.getByLabel("Session type").fill(s.type);
  await dialog.getByLabel("Location").fill("Studio 2");
  await dialog.getByRole("button", { name: "Schedule Session" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("[data-session]").filter({ hasText: s.type })).toBeVisible();
}

function coachMails(): string[] {
  const dir = path.join(E2E_DATA_DIR, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8").replace(/=\r?\n/g, ""))
    .filter((m) => m.includes("Sky Schedule") && m.includes("has cancelled a training session"));
}

test("a trainer schedules sessions; the member sees them on the calendar, cancels one, and the coach is e-mailed", async ({ page }) => {
  test.setTimeout(90_000);

  // ---- the trainer schedules two sessions on one day and four on another
  await signInOverHttp(page, "trainer");
  await page.goto("/members");
  await page.getByRole("banner").getByRole("button", { name: "Terry", exact: true }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Training Schedule" }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await page.goto(`/schedule?view=month&date=${twoDay}`);
  await expect(page.getByRole("heading", { name: "Training Schedule", level: 1 })).toBeVisible();
  await scheduleSession(page, { date: twoDay, time: "08:00", type: "Mobility A1" });
  await scheduleSession(page, { date: twoDay, time: "17:30", type: "Strength A2" });
  for (const [i, time] of ["07:00", "09:00", "12:00", "18:00"].entries()) {
    await scheduleSession(page, { date: fourDay, time, type: `Conditioning B${i + 1}` });
  }
  await axe(page);

  // ---- the member opens the calendar on next month
  await page.context().clearCookies();
  await signInOverHttp(page, "scheduleMember");
  await page.goto("/members");
  await page.getByRole("navigation", { name: "Member Menu" }).getByRole("link", { name: "Training Schedule" }).click();
  await expect(page).toHaveURL(/\/members\/schedule$/);
  await expect(page.getByText("Your training sessions with")).toBeVisible();
  await page.getByRole("link", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`month=${nextMonth}`));

  const fourLink = page.getByRole("link", { name: `${formatLongDate(fourDay)}: 4 sessions` });
  const twoLink = page.getByRole("link", { name: `${formatLongDate(twoDay)}: 2 sessions` });
  await expect(fourLink).toContainText("+1 more");
  await expect(fourLink).toContainText("07:00 Conditioning B1");
  await expect(fourLink).not.toContainText("Conditioning B4");
  await expect(twoLink).toContainText("08:00 Mobility A1");
  await expect(twoLink).not.toContainText("more");
  await axe(page);

  // The day dialog: focus moves in, Escape closes it, focus returns to the day.
  await fourLink.click();
  const dayDialog = page.getByRole("dialog", { name: `Sessions for ${formatLongDate(fourDay)}` });
  await expect(dayDialog).toBeVisible();
  await expect(dayDialog.getByRole("heading", { name: `Sessions for ${formatLongDate(fourDay)}` })).toBeFocused();
  await expect(dayDialog.getByRole("link", { name: /Conditioning B/ })).toHaveCount(4);
  // The close's page data is held back: the member opens the same day again before it has
  // arrived (a quick Escape and click), and the day opens again.
  let releaseClose!: () => void;
  const closeHeld = new Promise<void>((resolve) => (releaseClose = resolve));
  await page.route(/\/members\/schedule\.data/, async (route) => {
    await closeHeld;
    await route.continue().catch(() => {});
  }, { times: 1 });
  await page.keyboard.press("Escape");
  await expect(dayDialog).toBeHidden();
  await expect(fourLink).toBeFocused();
  await fourLink.click();
  releaseClose();
  await expect(dayDialog).toBeVisible();

  // Back button reopens it (each dialog has its own URL).
  await dayDialog.getByRole("link", { name: /Conditioning B4/ }).click();
  const detail = page.getByRole("dialog", { name: "Conditioning B4" });
  await expect(detail).toBeVisible();
  await expect(detail).toContainText("Scheduled");
  await expect(detail).toContainText(formatLongDate(fourDay));
  await expect(detail).toContainText("18:00 (45 minutes)");
  await expect(detail).toContainText("Studio 2");
  await page.goBack();
  await expect(dayDialog).toBeVisible();
  await dayDialog.getByRole("link", { name: /Conditioning B4/ }).click();

  // ---- cancel it
  await detail.getByRole("button", { name: "Cancel Session" }).click();
  await expect(page.getByText("Session cancelled", { exact: true })).toBeVisible();
  await expect(page.getByText("Your session has been cancelled. The coach will be notified.")).toBeVisible();
  await expect(dayDialog).toBeVisible();
  await expect(dayDialog.getByRole("link", { name: /Conditioning B4/ })).toContainText("Cancelled");
  await dayDialog.getByRole("link", { name: /Conditioning B4/ }).click();
  await expect(detail.getByRole("button", { name: "Cancel Session" })).toHaveCount(0);

  // The coach's e-mail is in the outbox (no notification address: the administrators).
  await expect.poll(() => coachMails().length).toBe(1);
  const mail = coachMails()[0]!;
  expect(mail).toContain(`To: ${users.admin.email}`);
  expect(mail).toContain("Conditioning B4");
  expect(mail).toContain("18:00");

  // ---- the dashboard shows the next session
  // The reopened details must have arrived and become modal (an effect after the render) before Escape can close them.
  await expect(detail).toContainText("Cancelled");
  await expect.poll(() => detail.evaluate((d) => d.matches(":modal"))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();
  await page.getByRole("navigation", { name: "Member Menu" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/members$/);
  const next = page.getByRole("region", { name: "Next Training Session" });
  await expect(next).toContainText("Mobility A1");
  await expect(next).toContainText(formatLongDate(twoDay));
  await expect(next).toContainText("08:00 (45 minutes)");
  await expect(next).toContainText("Studio 2");
  const upcoming = page.getByRole("region", { name: "Upcoming Training Sessions" });
  await expect(upcoming.getByRole("listitem")).toHaveCount(3);
  // Six scheduled, one cancelled.
  await expect(page.getByRole("region", { name: "Recent Activity" }).getByTestId("session-count")).toHaveText("5");
});

test("the member menu has its sections (the spec's six, Workouts, Check-ins, Messages and Billing), each with its own URL", async ({ page }) => {
  await signInOverHttp(page, "member");
  await page.goto("/members");
  const menu = page.getByRole("navigation", { name: "Member Menu" });
  await expect(menu.getByRole("link")).toHaveText(["Dashboard", "Workouts", "Nutrition", "Progress", "Check-ins", "Community", "Training Schedule", "Messages", "Billing", "Settings"]);
  await menu.getByRole("link", { name: "Community" }).click();
  await expect(page).toHaveURL(/\/members\/community$/);
  await expect(page.getByRole("heading", { name: "Coming Soon" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Community" })).toHaveAttribute("aria-current", "page");
  await menu.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByText("No upcoming sessions scheduled").first()).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Coming Soon" })).toBeVisible();
});

test("members and visitors cannot open the staff schedule", async ({ page }) => {
  await page.goto("/schedule");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fschedule$/);
  await signIn(page, "member", "/login?redirectTo=%2Fschedule");
  await expect(page).toHaveURL(/\/unauthorized$/);
});
