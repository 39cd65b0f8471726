/**
 * 'Needs attention' in the browser (decision 0183): its links and its snooze and dismiss
 * forms are plain elements under one router handler, so following a link or snoozing stays
 * in the page (no document load) while a modified click still opens a new tab.
 */
import type { Page } from "@playwright/test";
import { expect, newPersonPage, signInOverHttp, test } from "./support/test";
import { users } from "./support/users";

/** Marks the document: the mark survives router navigations and is gone after a document load. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test("a trainer follows and snoozes a member's unanswered message from 'Needs attention' without a document load", async ({ page, browser }) => {
  const member = users.attentionMember;
  const words = `Can we talk about my knee? ${Date.now()}`;
  const memberContext = await browser.newContext();
  const memberPage = await newPersonPage(memberContext);
  await signInOverHttp(memberPage, "attentionMember");
  await memberPage.goto("/members/messages");
  const form = memberPage.getByRole("form", { name: "Message your coach" });
  await form.getByLabel("Message").fill(words);
  await form.getByRole("button", { name: "Send" }).click();
  await expect(memberPage.getByRole("log", { name: "Messages" }).getByText(words)).toBeVisible();
  await memberContext.close();

  await signInOverHttp(page, "trainer");
  const card = page.getByRole("listitem", { name: member.name });
  // A member's message shows on 'Needs attention' within seconds (decision 0165: the list is kept up to 5 s).
  await expect(async () => {
    await page.goto("/coach");
    await expect(card.getByText("Unanswered message")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await markDocument(page);

  // A modified click is the browser's: a new tab, this page stays. Once in a CI run the
  // headless shell opened no tab for a Control-click that reached the link (focused, the page
  // unchanged; our handler leaves modified clicks alone): the click is tried again then.
  await expect(async () => {
    const opened = page.context().waitForEvent("page", { timeout: 5_000 });
    await card.getByRole("link", { name: "Reply" }).click({ modifiers: ["ControlOrMeta"] });
    await (await opened).close();
  }).toPass({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/coach$/);

  // A plain click, then the keyboard: the router's, in the same document.
  await card.getByRole("link", { name: "Reply" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Messages: ${member.name}` })).toBeVisible();
  await expect(page.getByRole("log", { name: "Messages" }).getByText(words)).toBeVisible();
  await page.goBack();
  await card.getByRole("link", { name: member.name }).press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: member.name })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);

  // Snoozed from the member's page for three days: the toast, the reason gone, the same document.
  const reason = page.getByRole("region", { name: "Needs attention" }).getByRole("listitem").filter({ hasText: "Unanswered message" });
  await reason.getByLabel("Snooze for").selectOption({ label: "3 days" });
  await reason.getByRole("button", { name: "Snooze" }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: `${member.name}: hidden for 3 days.` })).toBeVisible();
  await expect(reason).toHaveCount(0);
  expect(await sameDocument(page)).toBe(true);
  await page.getByRole("main").getByRole("link", { name: "Needs attention", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Needs attention" })).toBeVisible();
  await expect(page.getByRole("listitem", { name: member.name }).getByText("Unanswered message")).toHaveCount(0);
  expect(await sameDocument(page)).toBe(true);
});
