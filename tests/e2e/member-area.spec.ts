import { expect, signInOverHttp, test } from "./support/test";

/** Each screen of the member area, its own URL and its heading. */
const screens = [
  { path: "/members", data: "/members.data", heading: "Dashboard", menu: "Dashboard" },
  { path: "/members/workouts", data: "/members/workouts.data", heading: "Workouts", menu: "Workouts" },
  { path: "/members/nutrition", data: "/members/nutrition.data", heading: "Nutrition", menu: "Nutrition" },
  { path: "/members/check-ins", data: "/members/check-ins.data", heading: "Check-ins", menu: "Check-ins" },
  { path: "/members/community", data: "/members/community.data", heading: "Community", menu: "Community" },
  { path: "/members/schedule", data: "/members/schedule.data", heading: "Training Schedule", menu: "Training Schedule" },
  { path: "/members/settings", data: "/members/settings.data", heading: "Settings", menu: "Settings" },
] as const;

test.describe("the old ?tab= addresses", () => {
  const moved: Array<[string, string]> = [
    ["/members?tab=dashboard", "/members"],
    ["/members?tab=nutrition&category=recipes", "/members/nutrition?category=recipes"],
    ["/members?tab=progress&range=30", "/members/progress?range=30"],
    ["/members?tab=community", "/members/community"],
    ["/members?tab=schedule&month=2026-11", "/members/schedule?month=2026-11"],
    ["/members?tab=schedule&month=2026-11&day=2026-11-25&session=abc", "/members/schedule?month=2026-11&day=2026-11-25&session=abc"],
    ["/members?tab=settings", "/members/settings"],
    ["/members?tab=nonsense&x=1", "/members?x=1"],
  ];
  for (const [old, now] of moved) {
    test(`${old} moved permanently to ${now}, for a visitor as for a member`, async ({ request }) => {
      const response = await request.get(old, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe(now);
    });
  }

  test("a bookmarked /members?tab=settings opens Settings in the browser", async ({ page }) => {
    await signInOverHttp(page, "member");
    await page.goto("/members?tab=settings");
    await expect(page).toHaveURL(/\/members\/settings$/);
    await expect(page.getByRole("heading", { name: "Settings", exact: true })).toBeVisible();
  });
});

test.describe("a signed-out visitor gets none of a member's screens", () => {
  for (const screen of screens) {
    test(`${screen.path}: the page is the 401 'Access Required' screen, and its data request is refused`, async ({ page, request }) => {
      const document = await request.get(screen.path, { maxRedirects: 0 });
      expect(document.status()).toBe(401);
      const body = await document.text();
      expect(body).toContain("Access Required");
      expect(body).not.toContain("Welcome back");

      // The screen's own data request (what a client-side navigation fetches) runs the layout's check too.
      const data = await request.get(screen.data, { maxRedirects: 0 });
      expect(data.status()).toBe(401);
      expect(await data.text()).not.toMatch(/sessionCount|weightUnit|twoFactor|documents|workoutSchedules/);

      await page.goto(screen.path);
      await expect(page.getByRole("heading", { name: "Access Required" })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(screen.path)}`);
    });
  }
});

test.describe("a save sent without JavaScript after the session ended", () => {
  // Progress, Settings and Check-ins answer 401 keeping the form (decision 0023); the page drawn with that answer is the 'Access Required' screen, never an error.
  const saves: Array<{ path: string; form: Record<string, string> }> = [
    { path: "/members/progress", form: { intent: "log-body", type: "weight", value: "180", date: "2026-11-01" } },
    { path: "/members/settings", form: { intent: "update-profile", fullName: "Signed Out", location: "Leeds" } },
    { path: "/members/check-ins", form: { intent: "save-check-in", sleep: "4", energy: "4", stress: "2", hunger: "3", nutritionAdherence: "80" } },
  ];
  for (const save of saves) {
    test(`${save.path}: the 401 'Access Required' screen`, async ({ request, baseURL }) => {
      const response = await request.post(save.path, { form: save.form, headers: { origin: baseURL! }, maxRedirects: 0 });
      expect(response.status()).toBe(401);
      const body = await response.text();
      expect(body).toContain("Access Required");
      expect(body).not.toContain("Something went wrong");
      expect(body).not.toContain("Welcome back");
    });
  }
});

test.describe("the Member Menu on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every screen is a link; the current one is marked, and the keyboard moves between them", async ({ page }) => {
    await signInOverHttp(page, "member");
    await page.goto("/members");
    const menu = page.getByRole("navigation", { name: "Member Menu" });
    for (const screen of screens) {
      const link = menu.getByRole("link", { name: screen.menu, exact: true });
      await link.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
      await expect(page.getByRole("heading", { name: screen.heading, exact: true, level: 2 })).toBeVisible();
      await expect(link).toHaveAttribute("aria-current", "page");
      await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
      await expect(page.getByRole("heading", { name: /^Welcome back,/ })).toBeVisible();
    }
    // Tab order follows the menu: from Dashboard the next stop is Workouts, then Nutrition.
    await menu.getByRole("link", { name: "Dashboard" }).focus();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Workouts" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Nutrition" })).toBeFocused();
    await expect(menu.getByRole("link", { name: "Progress" })).toHaveAttribute("href", "/members/progress");
  });
});
