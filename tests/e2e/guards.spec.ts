import type { APIRequestContext, Page } from "@playwright/test";
import { expect, newPersonPage, signInOverHttp, test } from "./support/test";
import { PASSWORD, users, type UserKey } from "./support/users";

async function signInHere(page: Page, who: UserKey) {
  await page.getByLabel("Email").fill(users[who].email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("a visitor opening /admin is sent to sign in and then lands on /admin", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
  await expect(page.getByRole("heading", { name: "Member Login" })).toBeVisible();
  await signInHere(page, "admin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Alex" })).toBeVisible();
});

test("a visitor opening /cms is sent to sign in and a trainer then lands on the Articles tab", async ({ page }) => {
  await page.goto("/cms");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcms$/);
  await signInHere(page, "trainer");
  await expect(page).toHaveURL(/\/cms\/articles$/);
  await expect(page.getByRole("heading", { name: "Content Management" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Content types" }).getByRole("link", { name: "Articles" })).toHaveAttribute("aria-current", "page");
});

/** A screen's data request as the browser's router sends it on client-side navigation. */
async function dataOf(request: APIRequestContext, path: string) {
  const response = await request.get(`${path}.data`, { maxRedirects: 0 });
  return { status: response.status(), body: await response.text() };
}

/** A data request refused by a layout: the answer is the redirect alone, nothing of the screen's data. */
function onlyRedirect(body: string, to: string) {
  const answer = JSON.parse(body) as unknown[];
  expect(answer[0]).toEqual(["SingleFetchRedirect", 1]);
  expect(answer).toContain(to);
}

test("a CMS tab's and an admin screen's data request answers staff only: visitors and members never get the data", async ({ page, browser }) => {
  // The same request signed in as staff carries the data, so the checks below can fail.
  await signInOverHttp(page, "trainer");
  const trainerTab = await dataOf(page.request, "/cms/videos");
  expect(trainerTab.status, trainerTab.body).toBe(200);
  expect(trainerTab.body).toContain("pageCount");

  const visitor = await browser.newContext();
  for (const path of ["/cms/videos", "/cms/nutrition-documents", "/admin/users", "/admin/contacts"]) {
    onlyRedirect((await dataOf(visitor.request, path)).body, `/login?redirectTo=${encodeURIComponent(path)}`);
  }
  await visitor.close();

  const member = await browser.newContext();
  const memberPage = await newPersonPage(member);
  await signInOverHttp(memberPage, "member");
  onlyRedirect((await dataOf(member.request, "/cms/videos")).body, "/unauthorized");
  onlyRedirect((await dataOf(member.request, "/admin/users")).body, "/members");
  await member.close();
});

test("a visitor opening /profile-setup is sent to sign in and then lands on the profile set-up page", async ({ page }) => {
  await page.goto("/profile-setup");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile-setup$/);
  await signInHere(page, "pending");
  await expect(page).toHaveURL(/\/profile-setup$/);
  await expect(page.getByRole("heading", { name: "Complete Your Profile" })).toBeVisible();
  // On its own page the wizard is the page, not the blocking dialog.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByLabel("Full name")).toHaveValue("Pat Pending");
});

test("a member with a complete profile opening /profile-setup goes to /members", async ({ page }) => {
  await signInOverHttp(page, "member");
  await page.goto("/profile-setup");
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Maya Member" })).toBeVisible();
});

test("a member opening /admin is sent to /members", async ({ page }) => {
  await signInOverHttp(page, "member");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Maya Member" })).toBeVisible();
});

test("a member opening /cms gets the 403 Unauthorized page", async ({ page }) => {
  await signInOverHttp(page, "member");
  const response = await page.goto("/cms");
  expect(response?.status()).toBe(403);
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole("heading", { name: "Unauthorized" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Content Management" })).toHaveCount(0);
});

test("a signed-in user opening /login is sent to /members", async ({ page }) => {
  await signInOverHttp(page, "member");
  await page.goto("/login");
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByLabel("Password")).toHaveCount(0);
});

test("/members signed out asks the visitor to sign in and links back to it", async ({ page }) => {
  await page.goto("/members");
  await expect(page.getByRole("heading", { name: "Access Required" })).toBeVisible();
  await expect(page.getByText("Please sign in to access the member dashboard")).toBeVisible();
  const link = page.getByRole("main").getByRole("link", { name: "Sign In" });
  await expect(link).toHaveAttribute("href", "/login?redirectTo=%2Fmembers");
  await link.click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmembers$/);
  await signInHere(page, "member");
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Maya Member" })).toBeVisible();
});

test("/signup shows the onboarding note instead of a sign-up form", async ({ page }) => {
  await page.goto("/signup");
  await expect(page.getByText("New users: Please contact us to get onboarded by an administrator.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
  await expect(page.getByLabel("Password")).toHaveCount(0);
});
