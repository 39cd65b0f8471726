import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { intakeMessages, validApplication } from "../../app/modules/contacts/intake.fixture";
import { E2E_DATA_DIR } from "./support/server";
import { expect, signInOverHttp, test } from "./support/test";
import { users } from "./support/users";

const HEALTH = { medicalConditions: "Coeliac disease", injuries: "Rotator cuff strain, right shoulder" };

function applicant() {
  const tag = crypto.randomBytes(4).toString("hex");
  return { firstName: "Quinn", lastName: `Journey-${tag}`, email: `quinn-${tag}@applicant.test` };
}

function form(page: Page) {
  return page.locator("#contactForm form");
}

async function fillApplication(page: Page, who: ReturnType<typeof applicant>) {
  const f = form(page);
  await f.getByLabel("First name").fill(who.firstName);
  await f.getByLabel("Last name").fill(who.lastName);
  await f.getByLabel("Email", { exact: true }).fill(who.email);
  await f.getByLabel("Phone", { exact: true }).fill(validApplication.phone);
  await f.getByLabel("Age").fill("41");
  await f.getByRole("radio", { name: "Prefer not to say" }).check();
  await f.getByLabel("Current fitness level").selectOption("Advanced");
  await f.getByRole("checkbox", { name: "Sports Performance" }).check();
  await f.getByRole("checkbox", { name: "Stress Relief" }).check();
  await f.getByLabel("Medical conditions (optional)").fill(HEALTH.medicalConditions);
  await f.getByLabel("Injuries (optional)").fill(HEALTH.injuries);
  await f.getByLabel("Preferred training time").selectOption("Early Morning (5-8 AM)");
  await f.getByLabel("Preferred training location").selectOption("Outdoor");
  await f.getByLabel("Your fitness experience").fill("Ran a marathon last year; new to weights.");
  await f.getByLabel("What do you expect from coaching?").fill("Get strong without getting hurt.");
  await f.getByLabel("How did you hear about us?").fill("Instagram");
  await f.getByRole("checkbox", { name: /I accept the terms and conditions/ }).check();
}

function toast(page: Page, title: string): Locator {
  return page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: title });
}

interface Counts {
  total: number;
  new: number;
  read: number;
  responded: number;
}

/** The four counters, read from one rendering of the page. */
function counts(page: Page): Promise<Counts> {
  return page.evaluate(() => {
    const read = (key: string) => Number(document.querySelector(`[data-count="${key}"]`)?.textContent ?? "NaN");
    return { total: read("total"), new: read("new"), read: read("read"), responded: read("responded") };
  });
}

/** An .eml file as text: quoted-printable soft line breaks and escapes undone. */
function decodeQuotedPrintable(eml: string): string {
  return eml.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The coach's e-mail for this applicant, from the server's outbox (decoded). */
function outboxMail(lastName: string): string | undefined {
  const outbox = path.join(E2E_DATA_DIR, "outbox");
  if (!fs.existsSync(outbox)) return undefined;
  for (const file of fs.readdirSync(outbox)) {
    const text = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), "utf8"));
    if (text.includes(`Subject: New coaching application: Quinn ${lastName}`)) return text;
  }
  return undefined;
}

test("a visitor applies; the coach is e-mailed; an administrator reads it and marks it responded", async ({ page }) => {
  const who = applicant();

  // The visitor applies.
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Get In Touch" })).toBeVisible();
  await fillApplication(page, who);

  // A slow connection (network emulation, not a stand-in server) keeps the busy state on screen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 1500, downloadThroughput: -1, uploadThroughput: -1 });
  const submit = form(page).getByRole("button", { name: /Submit/ });
  await submit.click();
  await expect(submit).toHaveText("Submitting Application...");
  await expect(submit).toBeDisabled();

  const success = toast(page, "Success!");
  await expect(success).toBeVisible();
  await expect(success).toContainText("Thank you for your submission. We'll be in touch soon!");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(submit).toHaveText("Submit Application");
  await expect(submit).toBeEnabled();

  // The form is reset.
  const f = form(page);
  await expect(f.getByLabel("First name")).toHaveValue("");
  await expect(f.getByLabel("Email", { exact: true })).toHaveValue("");
  await expect(f.getByLabel("Medical conditions (optional)")).toHaveValue("");
  await expect(f.getByLabel("Current fitness level")).toHaveValue("");
  await expect(f.getByRole("checkbox", { name: "Sports Performance" })).not.toBeChecked();
  await expect(f.getByRole("radio", { name: "Prefer not to say" })).not.toBeChecked();
  await expect(f.getByRole("checkbox", { name: /I accept the terms and conditions/ })).not.toBeChecked();
  await expect(page.getByRole("alert")).toHaveCount(0);

  // The coach's e-mail is in the outbox, without the health answers.
  await expect.poll(() => outboxMail(who.lastName), { message: "the coach's e-mail in the outbox" }).toBeDefined();
  const mail = outboxMail(who.lastName)!;
  expect(mail).toMatch(new RegExp(`^To: .*${users.admin.email.replace(/\./g, "\\.")}`, "m"));
  expect(mail).toContain(who.email);
  expect(mail).toContain("Medical conditions and injuries: Provided: read them in the inbox.");
  expect(mail).toMatch(/Open the application: http:\/\/localhost:\d+\/admin\/contacts\?open=[0-9a-f-]{36}/);
  expect(mail).not.toContain("Coeliac");
  expect(mail).not.toContain("Rotator cuff");

  // An administrator signs in and finds it in the inbox.
  await signInOverHttp(page, "admin");
  await page.goto("/admin/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Submissions" })).toBeVisible();
  await page.getByLabel("Search by name or e-mail").fill(who.email.toUpperCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\?q=/);
  const row = page.getByRole("row").filter({ hasText: who.email });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("row")).toHaveCount(2); // the header and this one
  const rowBadge = row.locator("td").last().locator("span");
  await expect(rowBadge).toHaveText("new");
  await expect(rowBadge).toHaveClass(/bg-blue-100/);
  await expect(row).toContainText("Advanced · Sports Performance, Stress Relief");
  const before = await counts(page);
  expect(before.total).toBe(before.new + before.read + before.responded);
  expect(before.new).toBeGreaterThanOrEqual(1);

  // Opening it shows every answer and marks it read.
  await row.getByRole("link", { name: `Quinn ${who.lastName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Quinn ${who.lastName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(HEALTH.medicalConditions);
  await expect(dialog).toContainText(HEALTH.injuries);
  await expect(dialog).toContainText("Prefer not to say");
  const dialogBadge = dialog.locator("h2 + p span");
  await expect(dialogBadge).toHaveText("read");
  await expect(dialogBadge).toHaveClass(/bg-orange-100/);
  await expect(rowBadge).toHaveText("read");
  // Others' tests may add new submissions meanwhile; nobody else changes a status.
  await expect.poll(async () => (await counts(page)).read).toBe(before.read + 1);
  const opened = await counts(page);
  expect(opened.responded).toBe(before.responded);
  expect(opened.new - before.new).toBe(opened.total - before.total - 1);

  // Mark as Responded.
  await dialog.getByRole("button", { name: "Mark as Responded" }).click();
  await expect(toast(page, "Contact status updated")).toBeVisible();
  await expect(dialogBadge).toHaveText("responded");
  await expect(dialogBadge).toHaveClass(/bg-green-100/);
  await expect(dialog.getByRole("button", { name: "Mark as Responded" })).toHaveCount(0);
  const responded = await counts(page);
  expect(responded.responded).toBe(before.responded + 1);
  expect(responded.read).toBe(before.read);
  expect(responded.new - before.new).toBe(responded.total - before.total - 1);

  // A page load with ?open= shows the dialog too, and it stays open.
  await expect(page).toHaveURL(/open=/);
  await page.reload();
  await expect(dialogBadge).toHaveText("responded");
  // Once hydrated the dialog is modal; any navigation it might start has finished by network idle.
  await expect.poll(() => dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
  await page.waitForLoadState("networkidle");
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/open=/);

  // Closing the dialog returns to the list, which shows the new status.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/open=/);
  await expect(rowBadge).toHaveText("responded");
  await expect(rowBadge).toHaveClass(/bg-green-100/);
});

test("submitting the empty form shows the spec's messages and focuses 'First name'", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/contact");
  const f = form(page);
  await f.getByRole("button", { name: "Submit Application" }).click();

  for (const message of intakeMessages) await expect(f.getByText(message, { exact: true })).toBeVisible();
  await expect(f.getByRole("alert")).toHaveCount(intakeMessages.length);
  await expect(f.getByLabel("First name")).toBeFocused();
  await expect(f.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await expect(f.getByLabel("First name")).toHaveAccessibleDescription("First name must be at least 2 characters");
  expect(posts).toEqual([]);

  // After a first attempt, messages follow the answers as they change.
  await f.getByLabel("First name").fill("Jo");
  await expect(f.getByText("First name must be at least 2 characters")).toHaveCount(0);
  await f.getByRole("checkbox", { name: "Flexibility" }).check();
  await expect(f.getByText("Please select at least one goal")).toHaveCount(0);
  await f.getByLabel("Email", { exact: true }).fill("not-an-email");
  await expect(f.getByText("Please enter a valid email address")).toBeVisible();

  // Submitting again focuses the first field still wrong.
  await f.getByRole("button", { name: "Submit Application" }).click();
  await expect(f.getByLabel("Last name")).toBeFocused();
  expect(posts).toEqual([]);
});

test("a refusal from the server shows the 'Error' toast and keeps the answers", async ({ page, baseURL }) => {
  // Five applications from this visitor's address use up the hour's allowance.
  for (let i = 0; i < 5; i += 1) {
    const response = await page.request.post("/contact", {
      headers: { origin: baseURL!, "content-type": "application/json" },
      data: JSON.stringify({ ...validApplication, ...applicant() }),
    });
    expect(response.status()).toBe(200);
  }
  const who = applicant();
  await page.goto("/contact");
  await fillApplication(page, who);
  await form(page).getByRole("button", { name: "Submit Application" }).click();

  const error = toast(page, "Error");
  await expect(error).toBeVisible();
  await expect(error).toContainText("Too many applications from your connection. Please try again in 60 minutes.");
  await expect(form(page).getByLabel("Last name")).toHaveValue(who.lastName);
  await expect(form(page).getByRole("checkbox", { name: "Stress Relief" })).toBeChecked();
});

test("an application whose connection drops shows 'Something went wrong. Please try again.' and keeps the answers", async ({ page, context }) => {
  const who = applicant();
  await page.goto("/contact");
  await fillApplication(page, who);

  // The answer never comes, so there is no server message: the spec's fallback text.
  await context.setOffline(true);
  await form(page).getByRole("button", { name: "Submit Application" }).click();
  const error = toast(page, "Error");
  await expect(error).toBeVisible();
  await expect(error).toContainText("Something went wrong. Please try again.");
  await expect(page.getByRole("heading", { level: 1, name: "Get In Touch" })).toBeVisible();
  await expect(form(page).getByLabel("Last name")).toHaveValue(who.lastName);
  await expect(form(page).getByLabel("Injuries (optional)")).toHaveValue(HEALTH.injuries);
  await expect(form(page).getByRole("checkbox", { name: "Stress Relief" })).toBeChecked();
  await expect(form(page).getByRole("button", { name: "Submit Application" })).toBeEnabled();
  await context.setOffline(false);

  // Back online, the same answers go through.
  await form(page).getByRole("button", { name: "Submit Application" }).click();
  await expect(toast(page, "Success!")).toBeVisible();
  await expect.poll(() => outboxMail(who.lastName), { message: "the coach's e-mail in the outbox" }).toBeDefined();
});
