/**
 * The screens added with check-ins, progress photos, messages and group classes (issue 47):
 * no serious or critical accessibility violation, on a phone and on a desktop, first as a
 * member with two years of history (support/seed-history.ts; read only here), then as a
 * trainer looking at that member. One pass per viewport through one page.
 */
import type { Page } from "@playwright/test";
import { accessibilityViolations } from "./support/axe";
import { expect, signInOverHttp, test } from "./support/test";
import { users } from "./support/users";

const member = users.historyMember;

/** Loads `path`, waits for its main heading and collects its violations under the path's name. */
async function check(page: Page, path: string, found: string[]) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  for (const violation of await accessibilityViolations(page)) found.push(`${path}: ${violation}`);
}

/** The first link in the page's main region whose address matches `pattern` (the screens' layouts change; their addresses stay). */
async function linkMatching(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = await page.getByRole("main").getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const href = hrefs.find((h) => pattern.test(h));
  expect(href, `a link matching ${pattern}`).toBeDefined();
  return href!;
}

async function everyNewScreen(page: Page) {
  test.setTimeout(180_000);
  const found: string[] = [];
  await signInOverHttp(page, "historyMember");
  // The check-in form and the list of the member's check-ins share one page.
  for (const path of ["/members/check-ins", "/members/progress/photos", "/members/messages", "/members/settings", "/services/group-classes"]) await check(page, path, found);
  await page.goto("/members/check-ins");
  const checkIn = await linkMatching(page, /^\/members\/check-ins\/[\w-]+$/);
  await check(page, checkIn, found);

  await page.context().clearCookies();
  await signInOverHttp(page, "trainer");
  await check(page, "/coach", found);
  await check(page, "/coach/messages", found);
  // The member's pages, from their conversation in the list.
  const conversation = await page.getByRole("main").getByRole("link", { name: new RegExp(member.name) }).first().getAttribute("href");
  expect(conversation).toMatch(/^\/coach\/members\/[\w-]+\/messages$/);
  const memberPage = conversation!.replace(/\/messages$/, "");
  const checkInId = checkIn.split("/").at(-1)!;
  for (const path of [memberPage, `${memberPage}/messages`, `${memberPage}/check-ins/${checkInId}`, `${memberPage}/photos`, "/classes", "/classes/timetable", "/classes/types"]) {
    await check(page, path, found);
  }
  await page.goto("/classes");
  await check(page, await linkMatching(page, /^\/classes\/(?!new$|timetable$|types$)[^/?]+$/), found);
  expect(found).toEqual([]);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the new screens, as a member and as a trainer, have no serious or critical accessibility violation on a phone", async ({ page }) => {
    await everyNewScreen(page);
  });
});

test("the new screens, as a member and as a trainer, have no serious or critical accessibility violation on a desktop", async ({ page }) => {
  await everyNewScreen(page);
});
