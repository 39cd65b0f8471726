/**
 * The coach sees it: a trainer opens a member's training from the schedule (the member's
 * program, seeded as seed:demo seeds the demo member's: started on the Monday three weeks
 * ago, two days missed), reads the weekly compliance, opens a finished workout's sets,
 * and comments on it; the member is e-mailed with a link to the workout and reads the
 * comment there.
 */
import fs from "node:fs";
import path from "node:path";
import { formatShortDate } from "~/lib/dates";
import { addDays, todayIn, weekdayOf } from "~/lib/time-zone";
import { E2E_DATA_DIR } from "./support/server";
import { expect, signInOverHttp, test } from "./support/test";
import { users } from "./support/users";

/** The e-mails in the server's outbox to `to` with `subject` (quoted-printable undone). */
function mailsTo(to: string, subject: string): string[] {
  const outbox = path.join(E2E_DATA_DIR, "outbox");
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map((file) => fs.readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))))
    .filter((mail) => mail.includes(`To: ${to}`) && mail.includes(`Subject: ${subject}`));
}

test("a trainer reads a member's compliance and a finished workout's sets, and comments on it; the member is e-mailed", async ({ page }) => {
  const member = users.coached;
  const trainer = users.trainer;
  const today = todayIn("Europe/London");
  const start = addDays(today, -((weekdayOf(today) + 6) % 7) - 21);

  await signInOverHttp(page, "trainer");
  await page.goto("/schedule");
  await page.getByLabel("Member", { exact: true }).selectOption({ label: member.name });
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByRole("link", { name: `View ${member.name}’s training` }).click();
  await expect(page.getByRole("heading", { name: `Training: ${member.name}`, level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Member sections" }).getByRole("link", { name: "Training" })).toHaveAttribute("aria-current", "page");

  const programs = page.getByRole("region", { name: "Programs" });
  await expect(programs.getByRole("heading", { name: "Full-Body Strength" })).toBeVisible();
  await expect(programs.getByText(`${formatShortDate(start)} to ${formatShortDate(addDays(start, 27))} · 3 of 4 weeks done`)).toBeVisible();
  // The compliance in words (and in a table for screen readers); the chart loads after the page.
  await expect(programs.getByText(/^Week 1: 3 of 3 \(100%\); Week 2: 2 of 3 \(67%\); Week 3: 2 of 3 \(67%\); Week 4: /)).toBeVisible();
  const table = programs.getByRole("table", { name: "Weekly compliance of Full-Body Strength" });
  await expect(table.getByRole("row", { name: "2 2 3 67%" })).toBeAttached();
  await expect(programs.locator(".recharts-surface")).toBeVisible();
  await expect(programs.getByRole("heading", { name: "Missed (2)" })).toBeVisible();
  await expect(programs.getByText(`· week 2 · ${formatShortDate(addDays(start, 11))}`)).toBeVisible();

  // Week 1's first workout: squats at 80 kg, shown in the trainer's pounds.
  const workouts = page.getByRole("region", { name: "Finished workouts" });
  const day = workouts.getByRole("listitem").filter({ hasText: `Full Body A${formatShortDate(start)}` });
  await day.getByText("Full Body A", { exact: true }).click();
  await expect(day.getByRole("heading", { name: "Squat" })).toBeVisible();
  await expect(day.getByRole("listitem").filter({ hasText: /^176\.4 lbs × 5/ })).toHaveCount(3);
  await expect(day.getByText("No comments yet")).toBeVisible();

  const form = day.getByRole("form", { name: `Comment on Full Body A, ${formatShortDate(start)}` });
  // An empty comment is refused in the page with the server's message.
  await form.getByRole("button", { name: "Post comment" }).click();
  await expect(form.getByText("Please write a comment")).toBeVisible();
  await expect(form.getByLabel("Comment")).toBeFocused();

  const comment = `Lovely depth on the squats. ${Date.now()}`;
  await form.getByLabel("Comment").fill(comment);
  await form.getByRole("button", { name: "Post comment" }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: "Comment posted" })).toBeVisible();
  const comments = day.getByRole("region", { name: "Coach comments" });
  await expect(comments.getByRole("listitem").filter({ hasText: comment })).toContainText(trainer.name);
  await expect(form.getByLabel("Comment")).toHaveValue("");

  const mails = mailsTo(member.email, `${trainer.name} commented on your workout: Full Body A`).filter((m) => m.includes(comment));
  expect(mails).toHaveLength(1);
  const link = /\/members\/workouts\/[\w-]+/.exec(mails[0]!)![0];

  // The member follows the e-mail's link and reads the comment under their workout.
  await page.context().clearCookies();
  await signInOverHttp(page, "coached");
  await page.goto(link);
  const onWorkout = page.getByRole("region", { name: "Coach comments" });
  await expect(onWorkout.getByRole("listitem").filter({ hasText: comment })).toContainText(trainer.name);
});

test("a member is refused a member's training", async ({ page }) => {
  await signInOverHttp(page, "member");
  await page.goto("/members/anyone/training");
  await expect(page).toHaveURL(/\/unauthorized$/);
});
