/**
 * The coaching loop on a phone-sized screen (issue 18's journey): a trainer builds a
 * two-week program (three training days a week, a superset, a block as % of 1RM, a block
 * moved by keyboard), saves it as a template and assigns it to a member, who is e-mailed;
 * the member starts today's workout, logs every set (one by keyboard alone), sees the rest
 * timer run, finishes and finds the new record in Strength Progress; the trainer sees the
 * workout and the week's compliance and comments; the member reads the comment.
 */
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { formatShortDate } from "~/lib/dates";
import { todayIn } from "~/lib/time-zone";
import { E2E_DATA_DIR } from "./support/server";
import { expect, signInOverHttp, test } from "./support/test";
import { users } from "./support/users";

test.use({ viewport: { width: 390, height: 844 } });

/** The e-mails in the server's outbox to `to` with `subject` (quoted-printable undone). */
function mailsTo(to: string, subject: string): string[] {
  const outbox = path.join(E2E_DATA_DIR, "outbox");
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map((file) => fs.readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))))
    .filter((mail) => mail.includes(`To: ${to}`) && mail.includes(`Subject: ${subject}`));
}

const week = (page: Page, n: number) => page.getByRole("region", { name: new RegExp(`^Week ${n}\\b`) });

async function addDay(page: Page, dayNumber: number, title: string) {
  const slot = week(page, 1).getByRole("listitem").filter({ hasText: `Day ${dayNumber}` }).filter({ hasText: "Rest day" });
  await slot.getByText("Add a training day").click();
  await slot.getByLabel(`Title of week 1, day ${dayNumber}`).fill(title);
  await slot.getByRole("button", { name: "Add day" }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`Day ${dayNumber}: ${title}$`) })).toBeVisible();
}

async function addExercise(page: Page, day: string, dayNumber: number, search: string, exercise: string, fill: (form: Locator) => Promise<void>) {
  await page.getByRole("link", { name: `Add an exercise to ${day}, week 1, day ${dayNumber}` }).click();
  const form = page.getByRole("region", { name: `Add an exercise to ${day}` });
  await expect(form.getByRole("heading", { name: `Add an exercise to ${day}` })).toBeFocused();
  await form.getByLabel("Search exercises").fill(search);
  await form.getByLabel("Exercise", { exact: true }).selectOption({ label: exercise });
  await fill(form);
  await form.getByRole("button", { name: "Add exercise" }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole("list", { name: `Exercises of ${day}` }).getByText(exercise, { exact: false }).first()).toBeVisible();
}

test("the coaching loop: a trainer builds a two-week program and assigns it; the member trains it on a phone; the trainer reviews and comments; the member reads it", async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Strength Base ${Date.now()}`;
  await signInOverHttp(page, "trainer");
  await page.goto("/programs");
  await expect(page.getByRole("navigation", { name: "Programs sections" }).getByRole("link", { name: "Programs" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "New program" }).click();
  await page.getByLabel("Program name").fill(name);
  await page.getByLabel("Description").fill("Three days a week for two weeks.");
  await page.getByRole("button", { name: "Create program" }).click();
  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  // Seven day slots, all rest days to begin with.
  await expect(week(page, 1).getByText("Rest day")).toHaveCount(7);

  // Three training days: Push (day 1), Pull (day 3), Core (day 5).
  await addDay(page, 1, "Push");
  await addExercise(page, "Push", 1, "bench", "Bench Press", async (form) => {
    await form.getByLabel("Sets").fill("3");
    await form.getByLabel("Reps").fill("8-12");
    await form.getByLabel("Rest (seconds)").fill("90");
  });
  await addExercise(page, "Push", 1, "squ", "Back Squat", async (form) => {
    await form.getByLabel("Sets").fill("5");
    await form.getByLabel("Reps").fill("5");
    await form.getByLabel("Load").selectOption({ label: "% of 1RM" });
    await form.getByLabel("% of 1RM").fill("75");
    await form.getByLabel("Tempo").fill("3-1-1-0");
  });
  await addExercise(page, "Push", 1, "pull-ups", "Pull-Up", async (form) => {
    await form.getByLabel("Reps").fill("6-10");
  });
  const push = page.getByRole("list", { name: "Exercises of Push" });
  await expect(push.getByText("5 × 5 · 75% 1RM · Tempo 3-1-1-0")).toBeVisible();

  // A bad block is refused with the field's message, in the browser as on the server.
  await page.getByRole("link", { name: "Add an exercise to Push, week 1, day 1" }).click();
  const form = page.getByRole("region", { name: "Add an exercise to Push" });
  await form.getByLabel("Exercise", { exact: true }).selectOption({ label: "Bench Press" });
  await form.getByLabel("Reps").fill("12-8");
  await form.getByRole("button", { name: "Add exercise" }).click();
  await expect(form.getByText("The range must go from the lower number to the higher, like 8-12")).toBeVisible();
  await form.getByRole("link", { name: "Cancel" }).click();
  await expect(form).toHaveCount(0);

  // Bench press and pull-ups as a superset: next to each other, labelled in words.
  await push.getByLabel("Select Bench Press for a group").check();
  await push.getByLabel("Select Pull-Up for a group").check();
  await page.getByLabel("Group the selected exercises of Push as").selectOption({ label: "Superset" });
  await page.getByRole("button", { name: "Group selected" }).click();
  await expect(push.getByText("Superset A")).toHaveCount(2);
  await expect(push.getByRole("listitem")).toHaveText([/1\. Bench Press/, /2\. Pull-Up/, /3\. Back Squat/]);

  // Back Squat moves up by keyboard: the move is announced and the focus stays on the squat.
  const squatUp = push.getByRole("button", { name: "Move Back Squat up" });
  await squatUp.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Back Squat moved to position 2 of 3." })).toBeAttached();
  await expect(push.getByRole("listitem")).toHaveText([/1\. Bench Press/, /2\. Back Squat/, /3\. Pull-Up/]);
  await expect(push.getByRole("button", { name: /Move Back Squat (up|down)/ }).and(page.locator(":focus"))).toHaveCount(1);

  await addDay(page, 3, "Pull");
  await addExercise(page, "Pull", 3, "dead", "Deadlift", async (form) => {
    await form.getByLabel("Reps").fill("5");
    await form.getByLabel("Load").selectOption({ label: "Weight" });
    await form.getByLabel("Weight", { exact: true }).fill("100");
    await form.getByLabel("Unit").selectOption("kg");
  });
  await addDay(page, 5, "Core");
  await addExercise(page, "Core", 5, "plank", "Plank", async (form) => {
    // A timed exercise asks for seconds, not reps.
    await expect(form.getByLabel("Reps")).toHaveCount(0);
    await form.getByLabel("Time (seconds)").fill("60");
  });

  // Week 2 is a copy of week 1.
  await page.getByRole("button", { name: "Duplicate week 1" }).click();
  await expect(week(page, 2).getByRole("heading", { level: 3 })).toHaveText([/Day 1:\s*Push/, /Day 3:\s*Pull/, /Day 5:\s*Core/]);
  await expect(week(page, 2).getByText("Rest day")).toHaveCount(4);

  // Saved as a template: the template opens, and Templates lists it.
  await page.getByRole("button", { name: "Save as template" }).click();
  await expect(page.getByText("Template", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();

  // Assigned from the template to the athlete, from today: today is the program's first day, Push.
  const today = todayIn("Europe/London");
  const assign = page.getByRole("region", { name: "Assign" });
  // Found by name as the coach types; ticked, the member stays chosen whatever is searched next.
  await assign.getByLabel("Search members").fill(users.athlete.name);
  await assign.getByRole("checkbox", { name: new RegExp(users.athlete.name) }).check();
  await assign.getByLabel("Search members").fill("nobody by this name");
  await expect(assign.getByText("1 member chosen. No member matches.")).toBeVisible();
  await expect(assign.getByRole("checkbox", { name: new RegExp(users.athlete.name) })).toBeChecked();
  await assign.getByLabel("Start date").fill(today);
  await assign.getByRole("button", { name: "Assign program" }).click();
  await expect(page.getByText("The member's copy is being made; each member is e-mailed when theirs is ready.")).toBeVisible();
  // The page follows the copy being made, and says when it is.
  await expect(assign.getByRole("status")).toHaveText("All copies are made.");
  await expect(assign.getByRole("progressbar", { name: /^Assigned from .*: 1 of 1 copy made$/ })).toBeVisible();
  const mails = mailsTo(users.athlete.email, `A new program is ready: ${name}`);
  expect(mails).toHaveLength(1);
  expect(mails[0]).toContain("/members/workouts");

  // The member's copy is listed with the member's name and start date.
  await page.getByRole("navigation", { name: "Programs sections" }).getByRole("link", { name: "Programs" }).click();
  const copies = page.getByRole("region", { name: "Members' programs" });
  await expect(copies.getByRole("listitem").filter({ hasText: name })).toContainText(`${users.athlete.name} · starts`);
  await page.getByRole("navigation", { name: "Programs sections" }).getByRole("link", { name: "Templates" }).click();
  await expect(page.getByRole("button", { name: `Start a program from ${name}` })).toBeVisible();

  // The athlete, on the phone: Today offers Push; one tap starts it.
  await page.context().clearCookies();
  await signInOverHttp(page, "athlete");
  await page.goto("/members");
  const todayCard = page.getByRole("region", { name: "Today" });
  await expect(todayCard.getByText("Push")).toBeVisible();
  await todayCard.getByRole("button", { name: "Start workout" }).click();
  await expect(page.getByRole("heading", { name: "Push", level: 2 })).toBeVisible();
  // The screen's own script is running (a tap before it posts the plain form: logged, but no rest timer).
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");

  // Bench press: the first set typed (a heavier weight than two weeks ago), the next prefilled from it.
  const bench = page.getByRole("region", { name: "Bench Press" });
  await bench.getByLabel("Bench Press set 1 weight (lbs)").fill("155");
  await bench.getByLabel("Bench Press set 1 reps").fill("8");
  await bench.getByRole("button", { name: "Log Bench Press set 1" }).click();
  await expect(bench.getByText("Set 1: 155 lbs × 8")).toBeVisible();
  await expect(page.getByRole("timer", { name: "Rest remaining" })).toBeVisible();
  await expect(bench.getByRole("button", { name: "Log Bench Press set 2" })).toBeFocused();
  await bench.getByRole("button", { name: "Log Bench Press set 2" }).click();
  await expect(bench.getByText("Set 2: 155 lbs × 8")).toBeVisible();
  // The third by keyboard alone: the focus waits on its button.
  await expect(bench.getByRole("button", { name: "Log Bench Press set 3" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(bench.getByText("Set 3: 155 lbs × 8")).toBeVisible();

  // Back squat at 75 % of a one-rep max the athlete has no history for yet: the weight is typed once.
  const squat = page.getByRole("region", { name: "Back Squat" });
  await squat.getByLabel("Back Squat set 1 weight (lbs)").fill("95");
  await squat.getByLabel("Back Squat set 1 reps").fill("5");
  for (let set = 1; set <= 5; set++) {
    await squat.getByRole("button", { name: `Log Back Squat set ${set}` }).click();
    await expect(squat.getByText(`Set ${set}: 95 lbs × 5`)).toBeVisible();
  }

  // Pull-ups at body weight (0 added).
  const pullUps = page.getByRole("region", { name: "Pull-Up" });
  const pullUpRows = await pullUps.getByRole("button", { name: /^Log Pull-Up set \d+$/ }).count();
  await pullUps.getByLabel("Pull-Up set 1 weight (lbs)").fill("0");
  await pullUps.getByLabel("Pull-Up set 1 reps").fill("8");
  for (let set = 1; set <= pullUpRows; set++) {
    await pullUps.getByRole("button", { name: `Log Pull-Up set ${set}` }).click();
    await expect(pullUps.getByText(new RegExp(`^Set ${set}: .*× 8`))).toBeVisible();
  }

  await page.getByRole("button", { name: "Finish workout" }).click();
  const summary = page.getByRole("region", { name: "Workout complete" });
  await expect(summary.getByText("Bench Press: heaviest weight 155 lbs (was 135 lbs)")).toBeVisible();
  const workoutUrl = page.url();

  // Strength Progress reads the same sets: today's bench press is a personal record there.
  await page.getByRole("link", { name: "Progress", exact: true }).click();
  await expect(page.getByRole("table", { name: "Bench Press (lbs)" }).getByRole("row").filter({ hasText: formatShortDate(today) })).toContainText("Yes");

  // The trainer sees the workout and the week's compliance, and comments on it.
  await page.context().clearCookies();
  await signInOverHttp(page, "trainer");
  await page.goto("/schedule");
  await page.getByLabel("Member", { exact: true }).selectOption({ label: users.athlete.name });
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByRole("link", { name: `View ${users.athlete.name}’s training` }).click();
  const programs = page.getByRole("region", { name: "Programs" });
  await expect(programs.getByRole("heading", { name })).toBeVisible();
  await expect(programs.getByText(/^Week 1: 1 of 1 \(100%\)/)).toBeVisible();
  const finished = page.getByRole("region", { name: "Finished workouts" }).getByRole("listitem").filter({ hasText: `Push${formatShortDate(today)}` });
  await finished.getByText("Push", { exact: true }).click();
  await expect(finished.getByRole("listitem").filter({ hasText: /^155 lbs × 8/ })).toHaveCount(3);
  const comment = `Strong pressing today. ${Date.now()}`;
  const commentForm = finished.getByRole("form", { name: `Comment on Push, ${formatShortDate(today)}` });
  await commentForm.getByLabel("Comment").fill(comment);
  await commentForm.getByRole("button", { name: "Post comment" }).click();
  await expect(finished.getByRole("region", { name: "Coach comments" }).getByRole("listitem").filter({ hasText: comment })).toBeVisible();

  // In the builder the athlete's copy shows the trained Push locked, and why, without its edits; Pull is still open to change.
  await page.goto("/programs");
  await page.getByRole("region", { name: "Members' programs" }).getByRole("listitem").filter({ hasText: name }).getByRole("link", { name }).click();
  const trainedDay = page.getByRole("article", { name: `Day 1 · ${formatShortDate(today)}: Push` });
  await expect(trainedDay).toHaveAccessibleDescription(`Locked Trained on ${formatShortDate(today)}: stays as the member did it.`);
  await expect(trainedDay.getByRole("button", { name: "Duplicate Push, week 1, day 1" })).toBeVisible();
  await expect(trainedDay.getByRole("button", { name: /^(Remove|Move|Save|Group)/ })).toHaveCount(0);
  await expect(trainedDay.getByRole("link", { name: /^(Add an exercise|Edit)/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add an exercise to Pull, week 1, day 3" })).toBeVisible();

  // The athlete reads it under the workout.
  await page.context().clearCookies();
  await signInOverHttp(page, "athlete");
  await page.goto(workoutUrl);
  await expect(page.getByRole("region", { name: "Coach comments" }).getByRole("listitem").filter({ hasText: comment })).toContainText(users.trainer.name);
});
