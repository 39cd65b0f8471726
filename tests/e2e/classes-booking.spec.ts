/**
 * Group classes, as members use them (issue 31): a member books the journey's one-spot
 * class and sees it on the dashboard and in the calendar; the class is full; another
 * member joins the waitlist; the first cancels; the second is booked and e-mailed.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { accessibilityViolations } from "./support/axe";
import { E2E_DATA_DIR } from "./support/server";
import { expect, signInOverHttp, test } from "./support/test";
import { users } from "./support/users";

function mailsTo(to: string): string[] {
  const outbox = path.join(E2E_DATA_DIR, "outbox");
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map((file) => fs.readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))))
    .filter((mail) => mail.includes(`To: ${to}`));
}

const PAGE = "/services/group-classes";
/** The journey's class (tests/e2e/support/seed-classes.ts): Core & Flexibility at 10:00 AM, one spot. */
const theClass = (page: Page) => page.getByRole("region", { name: "The Next Two Weeks" }).getByRole("listitem", { name: "Core & Flexibility at 10:00 AM" });
const toast = (page: Page, title: string) => page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: title });

async function as(page: Page, who: "classBooker" | "classWaiter") {
  await page.context().clearCookies();
  await signInOverHttp(page, who);
  await page.goto(PAGE);
}

test("a member books a class and sees it on the dashboard and calendar; another waits, and is booked and e-mailed when the first cancels", async ({ page }) => {
  const item = theClass(page);
  // A visitor's page first: the shared cached copy.
  await page.goto(PAGE);
  await expect(item).toContainText("1 spot left");
  await as(page, "classBooker");
  await expect(item).toContainText("1 spot left");
  expect(await accessibilityViolations(page)).toEqual([]);
  await item.getByRole("button", { name: /^Book: Core & Flexibility on \w+day \d+ \w+ \d{4} at 10:00 AM$/ }).click();
  await expect(toast(page, "Class booked")).toBeVisible();
  await expect(item).toContainText("Booked");
  await expect(item).toContainText("Full");
  await expect(item.getByRole("button", { name: /^Cancel: Core & Flexibility/ })).toBeVisible();

  // A visitor right after the booking: the cached copy was emptied by it.
  await page.context().clearCookies();
  await page.goto(PAGE);
  await expect(item).toContainText("Full");
  await expect(item.getByRole("link", { name: /^Book Core & Flexibility/ })).toBeVisible();
  await as(page, "classBooker");

  // The dashboard's upcoming classes, and the calendar's day.
  await page.goto("/members");
  const upcoming = page.getByRole("region", { name: "Upcoming Classes" });
  await expect(upcoming.getByRole("listitem").filter({ hasText: "Core & Flexibility" })).toContainText("Booked");
  await page.goto("/members/schedule");
  let day = page.getByRole("link", { name: /: 1 group class$/ });
  if ((await day.count()) === 0) {
    // The class falls in next month's calendar.
    await page.getByRole("link", { name: "Next" }).click();
    day = page.getByRole("link", { name: /: 1 group class$/ });
  }
  await expect(day).toContainText("10:00 AM Core & Flexibility");
  await day.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("link", { name: /Core & Flexibility/ })).toContainText("Booked");

  // The class is full: the next member joins the waitlist.
  await as(page, "classWaiter");
  await expect(item).toContainText("Full");
  await item.getByRole("button", { name: /^Join waitlist: Core & Flexibility/ }).click();
  await expect(toast(page, "On the waitlist")).toBeVisible();
  await expect(item).toContainText("On the waitlist (1)");

  // The first member cancels: the spot goes to the one waiting, who is e-mailed.
  await as(page, "classBooker");
  await item.getByRole("button", { name: /^Cancel: Core & Flexibility/ }).click();
  await expect(toast(page, "Booking cancelled")).toBeVisible();
  await expect(item.getByRole("button", { name: /^(Book|Join waitlist): Core & Flexibility/ })).toBeVisible();
  await expect.poll(() => mailsTo(users.classWaiter.email).filter((m) => m.includes("you're booked into Core & Flexibility")).length).toBe(1);
  const mail = mailsTo(users.classWaiter.email).find((m) => m.includes("you're booked into Core & Flexibility"))!;
  expect(mail).toContain("at 10:00 AM (45 minutes)");
  expect(mail).toMatch(/\/services\/group-classes#class-e2e-journey-class/);

  await as(page, "classWaiter");
  await expect(item).toContainText("Booked");
  await expect(item).toContainText("Full");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a visitor sees the spots left and a 'Book' link to /contact", async ({ page }) => {
    await page.goto(PAGE);
    const list = page.getByRole("region", { name: "The Next Two Weeks" });
    await expect(list.getByRole("listitem").first()).toContainText(/spots? left|Full/);
    const book = list.getByRole("link", { name: /^Book / }).first();
    await expect(book).toHaveAttribute("href", "/contact");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("a member gets real buttons, no contact links, that fit the screen", async ({ page }) => {
    await signInOverHttp(page, "member");
    await page.goto(PAGE);
    const list = page.getByRole("region", { name: "The Next Two Weeks" });
    const first = list.getByRole("button", { name: /^(Book|Join waitlist): / }).first();
    await expect(first).toBeVisible();
    await expect(list.getByRole("link", { name: /^Book / })).toHaveCount(0);
    const box = await first.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

// Issue 47: the list sat about 4,000 px down; the timetable's 'Book' led to the whole list.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`a member at ${viewport.width} px finds the bookable classes right below the hero, and the timetable's 'Book' focuses that class`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInOverHttp(page, "member");
    await page.goto(PAGE);
    const list = page.getByRole("region", { name: "The Next Two Weeks" });
    const top = (await list.boundingBox())!.y;
    expect(top).toBeLessThan((await page.getByRole("region", { name: "Why Train in a Group?" }).boundingBox())!.y);
    expect(top).toBeLessThan(viewport.height * 1.5);

    const row = page.getByRole("table", { name: "Group class timetable" }).getByRole("row").filter({ hasText: "Monday" }).first();
    const book = row.getByRole("link", { name: /^Book HIIT Training on Monday at 6:00 AM$/ });
    const hash = new URL((await book.getAttribute("href"))!, "http://localhost").hash;
    expect(hash).toMatch(/^#class-/);
    await book.click();
    const target = page.locator(hash);
    await expect(target).toBeFocused();
    await expect(target).toHaveAccessibleName("HIIT Training at 6:00 AM");
    await page.keyboard.press("Tab");
    await expect(target.getByRole("button", { name: /^(Book|Join waitlist|Cancel|Leave waitlist|Confirm): HIIT Training on Monday \d+ \w+ \d{4} at 6:00 AM$/ }).first()).toBeFocused();
  });
}

