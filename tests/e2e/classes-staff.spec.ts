import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { accessibilityViolations } from "./support/axe";
import { isolatedServer } from "./support/server";
import { expect, newPersonPage, test } from "./support/test";
import { PASSWORD, users } from "./support/users";
import { CLASS_MEMBERS, LATE_CANCELLER, STARTED_CLASS, STARTED_ROOM, UPCOMING_CLASS } from "./fixtures/classes-staff";

// The timetable and the classes are site-wide (the Group Classes page reads them), so this
// runs on a server of its own, seeded with two classes and their places (seed-classes-staff.ts).
test.describe("the staff Classes area", () => {
  test.describe.configure({ mode: "serial" });

  let server: ReturnType<typeof isolatedServer>;
  let origin = "";
  test.beforeAll(() => {
    server = isolatedServer("classes-staff");
    origin = server.origin;
  });

  async function signInAsTrainer(page: Page, to: string) {
    await page.goto(`${origin}/login?redirectTo=${encodeURIComponent(to)}`);
    await page.getByLabel("Email").fill(users.trainer.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(`${origin}${to}`);
  }

  function cancelMails(): string[] {
    const dir = path.join(server.dataDir, "outbox");
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(path.join(dir, f), "utf8").replace(/=\r?\n/g, ""))
      .filter((m) => m.includes("Subject: Class cancelled: Functional Fitness"));
  }

  test("a trainer adds a timetable row and edits it", async ({ page }) => {
    await signInAsTrainer(page, "/members");
    await page.getByRole("banner").getByRole("button", { name: "Terry", exact: true }).click();
    await page.getByRole("menu").getByRole("menuitem", { name: "Classes" }).click();
    await expect(page).toHaveURL(`${origin}/classes`);
    await page.getByRole("navigation", { name: "Classes sections" }).getByRole("link", { name: "Timetable" }).click();
    await expect(page.getByRole("heading", { name: "Weekly timetable" })).toBeVisible();

    const add = page.getByRole("form", { name: "Add a timetable row" });
    await add.getByLabel("Weekday").selectOption({ label: "Sunday" });
    await add.getByLabel("Start time").fill("10:30");
    await add.getByLabel("Class type").selectOption({ label: "Core & Flexibility" });
    await add.getByLabel("Coach").selectOption({ label: users.trainer.name });
    await add.getByLabel("Room").fill("Studio 9");
    await add.getByRole("button", { name: "Add row" }).click();
    await expect(page.getByText("Timetable row added", { exact: true })).toBeVisible();
    const row = page.getByRole("list", { name: "Weekly timetable" }).getByRole("listitem").filter({ hasText: "Sunday 10:30 AM Core & Flexibility" });
    await expect(row).toContainText("Room: Studio 9");
    await expect(row).toContainText(`Coach: ${users.trainer.name}`);

    await page.getByRole("link", { name: "Edit Sunday 10:30 AM Core & Flexibility" }).click();
    const edit = page.getByRole("form", { name: "Edit Sunday 10:30 AM Core & Flexibility" });
    await expect(edit.getByLabel("Room")).toHaveValue("Studio 9");
    await edit.getByLabel("Room").fill("Studio 10");
    await edit.getByLabel("Start time").fill("11:00");
    await edit.getByRole("button", { name: "Save row" }).click();
    await expect(page.getByText("Timetable row saved", { exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Weekly timetable" }).getByRole("listitem").filter({ hasText: "Sunday 11:00 AM Core & Flexibility" })).toContainText("Room: Studio 10");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test("a coach opens a class's roster and marks attendance at the door", async ({ page }) => {
    await signInAsTrainer(page, "/classes");
    await page.getByRole("listitem").filter({ hasText: STARTED_ROOM }).getByRole("link").click();
    await expect(page).toHaveURL(`${origin}/classes/${STARTED_CLASS}`);
    await expect(page.getByRole("heading", { name: "Booked (2)" })).toBeVisible();

    const bea = page.getByRole("form", { name: `Attendance of ${CLASS_MEMBERS.bea.name}` });
    await bea.getByRole("button", { name: "Attended" }).click();
    await expect(page.getByText("Attendance saved", { exact: true })).toBeVisible();
    await expect(page.getByRole("form", { name: `Attendance of ${CLASS_MEMBERS.bea.name}` }).getByRole("button", { name: "Attended" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("form", { name: `Attendance of ${CLASS_MEMBERS.ben.name}` }).getByRole("button", { name: "No-show" }).click();
    await expect(page.getByRole("form", { name: `Attendance of ${CLASS_MEMBERS.ben.name}` }).getByRole("button", { name: "No-show" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("listitem").filter({ hasText: CLASS_MEMBERS.bea.name })).toContainText("Attended 1 · No-shows 0");
    await expect(page.getByRole("listitem").filter({ hasText: CLASS_MEMBERS.ben.name })).toContainText("Attended 0 · No-shows 1");
    expect(await accessibilityViolations(page)).toEqual([]);

    // The coach's page of the member counts it too.
    await page.getByRole("link", { name: CLASS_MEMBERS.bea.name }).click();
    await expect(page.getByText("Attended 1 · No-shows 0 · Late cancels 0")).toBeVisible();
  });

  test("before the class, the roster lists a late cancel apart from the booked, with its count", async ({ page }) => {
    await signInAsTrainer(page, `/classes/${UPCOMING_CLASS}`);
    await expect(page.getByText("2 of 2 spots taken")).toBeVisible();
    const booked = page.getByRole("region", { name: "Booked (2)" });
    await expect(booked.getByRole("link")).toHaveText([CLASS_MEMBERS.bea.name, CLASS_MEMBERS.ben.name]);
    const late = page.getByRole("region", { name: "Late cancels (1)" });
    await expect(late.getByRole("link")).toHaveText([LATE_CANCELLER.name]);
    await expect(late.getByRole("listitem")).toContainText("Attended 0 · No-shows 0 · Late cancels 1");
    // Not yet started: nobody is marked.
    await expect(late.getByRole("button")).toHaveCount(0);
    await page.goto(`${origin}/classes`);
    await expect(page.getByRole("listitem").filter({ hasText: "Functional Fitness" }).filter({ hasText: " · Hall" })).toContainText("2 of 2 spots taken · 1 waiting · 1 late cancel");
  });

  test("at the front desk a trainer books a member into a class with the keyboard, and the member sees their place", async ({ page, browser }) => {
    await signInAsTrainer(page, "/classes?week=1");
    await page.getByRole("link", { name: /HIIT Training$/ }).first().click();
    await expect(page).toHaveURL(new RegExp(`${origin}/classes/[^?]+$`));
    const classPath = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { name: "Booked (0)" })).toBeVisible();

    const desk = page.getByRole("form", { name: "Book a member" });
    const picker = desk.getByLabel("Member to book");
    await picker.focus();
    await page.keyboard.type(users.member.name);
    await expect(picker.locator("option:checked")).toHaveText(`${users.member.name} (${users.member.email})`);
    await page.keyboard.press("Tab");
    await expect(desk.getByRole("button", { name: "Book member" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Member booked", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Booked (1)" })).toBeVisible();
    await expect(page.getByRole("link", { name: users.member.name, exact: true })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    // The member sees the place as their own, where they cancel it.
    const memberContext = await browser.newContext();
    try {
      const memberPage = await newPersonPage(memberContext);
      await memberPage.goto(`${origin}/login?redirectTo=${encodeURIComponent("/services/group-classes")}`);
      await memberPage.getByLabel("Email").fill(users.member.email);
      await memberPage.getByLabel("Password").fill(PASSWORD);
      await memberPage.getByRole("button", { name: "Sign In" }).click();
      const place = memberPage.locator(`#class-${classPath.split("/").pop()}`);
      await expect(place).toContainText("Booked");
      await expect(place.getByRole("button", { name: /^Cancel: HIIT Training/ })).toBeVisible();
    } finally {
      await memberContext.close();
    }
  });

  test("a class cancelled by staff e-mails its booked and waiting members once, and cancelling again frees nothing", async ({ page }) => {
    await signInAsTrainer(page, `/classes/${UPCOMING_CLASS}`);
    await expect(page.getByRole("heading", { name: "Booked (2)" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Waitlist (1)" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel class" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this class?" });
    await expect(dialog.getByRole("button", { name: "Cancel", exact: true })).toBeFocused();
    await dialog.getByRole("button", { name: "Cancel class" }).click();
    await expect(page.getByText("Class cancelled", { exact: true })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "This class is cancelled" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Released with the class (3)" })).toBeVisible();
    await expect.poll(() => cancelMails().length, { message: "one e-mail per booked or waiting member" }).toBe(3);
    const to = cancelMails().map((m) => /^To: (.+)$/m.exec(m)?.[1]?.trim());
    expect(to.sort()).toEqual(Object.values(CLASS_MEMBERS).map((m) => m.email).sort());

    // The same cancel again (a second tab, a double post): nothing changes, nobody is e-mailed or promoted.
    const again = await page.request.post(`${origin}/classes/${UPCOMING_CLASS}`, { form: { intent: "cancel-class" }, headers: { origin }, maxRedirects: 0 });
    expect(again.status()).toBe(302);
    await page.reload();
    await expect(page.getByText("Class already cancelled", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Waitlist (0)" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Booked (0)" })).toBeVisible();
    expect(cancelMails()).toHaveLength(3);
  });

  test("on a 390 px phone the week, the timetable and a roster fit the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsTrainer(page, "/classes");
    for (const to of ["/classes", "/classes/timetable", `/classes/${STARTED_CLASS}`, "/classes/new"]) {
      await page.goto(`${origin}${to}`);
      await expect(page.getByRole("heading", { name: "Classes", level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), to).toBeLessThanOrEqual(390);
      expect(await accessibilityViolations(page), to).toEqual([]);
    }
  });
});
