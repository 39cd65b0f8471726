import { expect, signInOverHttp, test } from "./support/test";
import { PASSWORD, users } from "./support/users";

const links = [
  { name: "Home", href: "/" },
  { name: "Services", href: "/services" },
  { name: "About", href: "/about" },
  { name: "Transformations", href: "/transformations" },
  { name: "Contact", href: "/contact" },
  { name: "Articles", href: "/content" },
];

test("the mobile menu lists every page including Articles and closes on Escape", async ({ page }) => {
  await page.goto("/");
  const menuButton = page.getByRole("button", { name: "Open menu" });
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  await menuButton.click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  await expect(menuButton).toHaveAttribute("aria-expanded", "true");
  for (const link of links) {
    await expect(menu.getByRole("link", { name: link.name, exact: true })).toHaveAttribute("href", link.href);
  }
  await expect(menu.getByRole("button", { name: "Member Login" })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
});

test("the mobile menu closes on a tap outside the panel", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  const panel = await menu.boundingBox();
  expect(panel).not.toBeNull();
  // A point on the backdrop, left of the slide-in panel.
  await page.getByTestId("mobile-menu-backdrop").click({ position: { x: Math.max(1, panel!.x / 2), y: panel!.height / 2 } });
  await expect(menu).toBeHidden();
});

test("the mobile menu closes when a link changes the route", async ({ page }) => {
  await page.goto("/signup");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Train With Relentless Intensity" })).toBeVisible();
  await expect(menu).toBeHidden();
});

test("the mobile menu closes on a link to the page already open, and on 'Log out' from the home page", async ({ page }) => {
  await signInOverHttp(page, "signOut");
  await page.goto("/members");
  const menu = page.getByRole("dialog", { name: "Menu" });
  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("link", { name: "Member Dashboard" }).click();
  await expect(menu).toBeHidden();

  // Signed in on the home page, 'Log out' lands on the same address: the menu closes all the same.
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByText("You have been successfully signed out.")).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
});

test("'Member Login' in the mobile menu opens the sign-in dialog and signs the member in", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Member Login" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  const dialog = page.getByRole("dialog", { name: "Member Login" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email").fill(users.mobile.email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Welcome back, Mo Mobile" })).toBeVisible();

  // Signed in, the mobile menu offers the member's own entries.
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByRole("link", { name: "Member Dashboard" })).toHaveAttribute("href", "/members");
  await expect(menu.getByRole("button", { name: "Log out" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Member Login" })).toHaveCount(0);
});

test("the header switches to its scrolled style after 50 px and back at the top", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 500 });
  await page.goto("/login");
  const header = page.getByRole("banner");
  await expect(header).toHaveAttribute("data-scrolled", "false");
  const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(scrollable).toBeGreaterThan(100);

  await page.mouse.wheel(0, 30);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(30);
  await expect(header).toHaveAttribute("data-scrolled", "false");

  await page.mouse.wheel(0, 70);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
  await expect(header).toHaveAttribute("data-scrolled", "true");

  await page.mouse.wheel(0, -200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test("the mobile menu covers the whole screen when opened from a scrolled page", async ({ page }) => {
  await page.goto("/");
  await page.mouse.wheel(0, 300);
  await expect(page.getByRole("banner")).toHaveAttribute("data-scrolled", "true");
  await page.getByRole("button", { name: "Open menu" }).click();
  const panel = await page.getByRole("dialog", { name: "Menu" }).boundingBox();
  const viewport = page.viewportSize()!;
  expect(panel).toMatchObject({ y: 0, height: viewport.height });
  await expect(page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Member Login" })).toBeInViewport();
});
