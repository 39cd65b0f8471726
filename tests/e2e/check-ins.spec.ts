/**
 * The coach reads a member's check-in beside last week's and replies; the member sees the
 * reply on the check-in, is e-mailed, and can no longer change it; another member gets
 * 'not found' for it.
 */
import fs from "node:fs";
import path from "node:path";
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

test("a trainer reads a check-in beside last week's and replies; the member reads the reply and is e-mailed", async ({ page }) => {
  const member = users.checkInReviewed;
  await signInOverHttp(page, "trainer");
  // From the coach's home, 'Check-ins to review', to the check-in.
  await page.goto("/coach");
  // 'Needs attention' lists the member, the check-in waiting for review among the reasons.
  const card = page.getByRole("listitem", { name: member.name });
  await expect(card.getByText("Check-in waiting for review")).toBeVisible();
  await expect(card.getByRole("link", { name: "Review check-in" })).toBeVisible();
  await page.getByRole("region", { name: "Check-ins to review" }).getByRole("link", { name: `Review ${member.name}'s check-in` }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`^${member.name}: week of`), level: 1 })).toBeVisible();
  const thisWeek = page.getByRole("region", { name: /^This week/ });
  const before = page.getByRole("region", { name: /^Week before/ });
  await expect(thisWeek.getByText("Slept eight hours most nights")).toBeVisible();
  await expect(thisWeek.getByText("Can I swap Friday's session?")).toBeVisible();
  await expect(before.getByText("Late nights")).toBeVisible();
  await expect(before.getByText("2 of 5").first()).toBeVisible();
  // The trends in words: last week's sleep 2, this week's 4.
  await expect(page.getByRole("figure", { name: "Sleep (1-5)" })).toContainText(/: 2, .*: 4$/);

  expect(await accessibilityViolations(page)).toEqual([]);
  const reply = page.getByRole("form", { name: "Reply" });
  await reply.getByRole("button", { name: "Send reply" }).click();
  await expect(reply.getByText("Please write a reply")).toBeVisible();
  await expect(reply.getByLabel("Reply")).toBeFocused();
  const words = `Yes, swap it to Saturday. ${Date.now()}`;
  await reply.getByLabel("Reply").fill(words);
  await reply.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: "Reply sent" })).toBeVisible();
  await expect(page.getByRole("region", { name: `Reply from ${users.trainer.name}` })).toContainText(words);
  await expect(page.getByText("Reviewed", { exact: true }).first()).toBeVisible();
  // Reviewed: no longer waiting on 'Needs attention'.
  await page.goto("/coach");
  await expect(page.getByRole("listitem", { name: member.name }).getByText("Check-in waiting for review")).toHaveCount(0);
  await page.goBack();
  // The member's check-ins, for staff: both weeks reviewed now.
  await page.getByRole("link", { name: "All check-ins" }).click();
  await expect(page.getByRole("heading", { name: `Check-ins: ${member.name}`, level: 1 })).toBeVisible();
  await expect(page.getByText("This week's check-in is sent.")).toBeVisible();
  await expect(page.getByRole("region", { name: /^All check-ins/ }).getByText("Reviewed", { exact: true })).toHaveCount(2);

  // The e-mail is sent by the job worker: wait for it.
  await expect.poll(() => mailsTo(member.email).filter((m) => m.includes(words)).length).toBe(1);
  const mail = mailsTo(member.email).find((m) => m.includes(words))!;
  const link = /\/members\/check-ins\/[\w-]+/.exec(mail)![0];

  await page.context().clearCookies();
  await signInOverHttp(page, "checkInReviewed");
  await page.goto(link);
  await expect(page.getByRole("region", { name: `Reply from ${users.trainer.name}` })).toContainText(words);
  await expect(page.getByRole("form", { name: "Change your check-in" })).toHaveCount(0);
  await page.goto("/members/check-ins");
  await expect(page.getByText("Your coach has reviewed this check-in.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Update check-in" })).toHaveCount(0);

  // Another member: 'not found' for this check-in, and nothing of it on the page.
  await page.context().clearCookies();
  await signInOverHttp(page, "member");
  const refused = await page.goto(link);
  expect(refused?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByText(words)).toHaveCount(0);
});
