/**
 * A member sends this week's check-in with two photos on a 390 px phone: the dashboard
 * asks for it, the form refuses a missing scale in the page, then the check-in is sent
 * (its photos shown, served privately) and the dashboard stops asking. The page never
 * scrolls sideways.
 */
import sharp from "sharp";
import { accessibilityViolations } from "./support/axe";
import { expect, signInOverHttp, test } from "./support/test";

/** A photo as a phone would send it (a JPEG of some noise). */
async function photo(name: string) {
  const width = 600;
  const height = 800;
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i += 1) data[i] = (i * 2654435761) >>> 24;
  return { name, mimeType: "image/jpeg", buffer: await sharp(data, { raw: { width, height, channels: 3 } }).jpeg().toBuffer() };
}

test("a member sends this week's check-in from the dashboard on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInOverHttp(page, "checkInPhone");
  await page.goto("/members");
  const card = page.getByRole("region", { name: "Weekly check-in" });
  await expect(card.getByText("This week's check-in is due today.")).toBeVisible();
  await card.getByRole("link", { name: "Send this week's check-in" }).click();
  await expect(page).toHaveURL(/\/members\/check-ins$/);
  await expect(page.getByRole("navigation", { name: "Member Menu" }).getByRole("link", { name: "Check-ins" })).toHaveAttribute("aria-current", "page");

  const form = page.getByRole("form", { name: /This week's check-in/ });
  expect(await accessibilityViolations(page)).toEqual([]);
  await form.getByLabel("Body weight (lbs)").fill("172.4");
  await form.getByRole("group", { name: "Sleep" }).getByLabel("4").check();
  await form.getByRole("group", { name: "Energy" }).getByLabel("3").check();
  await form.getByRole("group", { name: "Stress" }).getByLabel("2").check();
  await form.getByLabel("Nutrition adherence (%)").fill("85");
  await form.getByLabel("Wins").fill("Walked every day");
  await form.getByLabel("A question for your coach").fill("More protein?");
  await form.getByLabel("Front photo").setInputFiles(await photo("front.jpg"));
  await form.getByLabel("Side photo").setInputFiles(await photo("side.jpg"));
  // Hunger left out: refused in the page, focus on it, nothing sent.
  await form.getByRole("button", { name: "Send check-in" }).click();
  await expect(form.getByText("Please rate your hunger from 1 to 5")).toBeVisible();
  await expect(form.getByRole("group", { name: "Hunger" }).getByLabel("1")).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await form.getByRole("group", { name: "Hunger" }).getByLabel("3").check();
  await form.getByRole("button", { name: "Send check-in" }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: "Check-in sent" })).toBeVisible();
  await expect(page).toHaveURL(/\/members\/check-ins\/[\w-]+$/);
  await expect(page.getByText("Waiting for review")).toBeVisible();
  await expect(page.getByText("172.4 lbs")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "More protein?" })).toBeVisible();
  const photos = page.getByRole("list", { name: "Photos of this check-in" });
  await expect(photos.getByRole("listitem")).toHaveCount(2);
  await expect(photos.getByText("Front")).toBeVisible();
  await expect(photos.getByText("Side")).toBeVisible();
  // The images are served to their member (decoded in the page).
  await photos.getByRole("img").last().scrollIntoViewIfNeeded();
  await expect.poll(() => photos.getByRole("img").evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length)).toBe(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await accessibilityViolations(page)).toEqual([]);

  // The dashboard no longer asks; the check-in is listed.
  await page.goto("/members");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Weekly check-in" })).toHaveCount(0);
  await page.goto("/members/check-ins");
  await expect(page.getByText("Sent. You can change it until your coach reviews it.")).toBeVisible();
  await expect(page.getByRole("list").getByText("Waiting for review")).toBeVisible();
});
