import { accessibilityViolations } from "./support/axe";
import fs from "node:fs";
import path from "node:path";
import { isolatedServer } from "./support/server";
import { expect, test } from "./support/test";
import { PASSWORD, users } from "./support/users";

// Site settings are global (other specs expect no phone in the footer), so this runs
// on a second server with its own embedded database.
test.describe("/admin/settings", () => {
  test.describe.configure({ mode: "serial" });

  let server: ReturnType<typeof isolatedServer>;
  let origin = "";
  test.beforeAll(() => {
    server = isolatedServer("admin-settings");
    origin = server.origin;
  });

  test.beforeEach(async ({ page }) => {
    await page.goto(`${origin}/login?redirectTo=%2Fadmin%2Fsettings`);
    await page.getByLabel("Email").fill(users.admin.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(`${origin}/admin/settings`);
  });

  test("an admin sets the business phone and the footer shows it; a bad link is refused", async ({ page }) => {
    // The sign-in toast is still on screen: it is checked too.
    expect(await accessibilityViolations(page)).toEqual([]);
    await expect(page.getByRole("contentinfo")).not.toContainText("+1 555 010 9999");
    await page.getByLabel("Facebook link").fill("facebook.com/relentless");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Links must start with https:// (or http://)")).toBeVisible();

    await page.getByLabel("Facebook link").fill("");
    await page.getByLabel("Phone").fill("+1 555 010 9999");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Phone")).toHaveValue("+1 555 010 9999");
    await page.goto(`${origin}/`);
    await expect(page.getByRole("contentinfo")).toContainText("+1 555 010 9999");

    await page.goto(`${origin}/admin/activity`);
    await expect(page.getByText("Site settings changed: phone")).toBeVisible();
  });

  test("'Send a test e-mail' lands an e-mail to the admin in the outbox", async ({ page }) => {
    await expect(page.getByText("Outbox: .eml files in DATA_DIR/outbox")).toBeVisible();
    await expect(page.getByText("Local disk (DATA_DIR/uploads)")).toBeVisible();
    await page.getByRole("button", { name: "Send a test e-mail" }).click();
    await expect(page.getByText("Test e-mail sent", { exact: true })).toBeVisible();
    const dir = path.join(server.dataDir, "outbox");
    const mails = fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
    expect(mails.filter((m) => m.includes(`To: ${users.admin.email}`) && m.includes("Relentless test e-mail"))).toHaveLength(1);

    // The dashboard counts real users and lists the audit log's newest entries.
    await page.goto(`${origin}/admin`);
    await expect(page.getByRole("heading", { name: "Welcome back, Alex" })).toBeVisible();
    await expect(page.getByText("Total Users")).toBeVisible();
    const activity = page.getByRole("region", { name: "Recent Activity" });
    await expect(activity.getByText(`${users.admin.email} signed in`).first()).toBeVisible();
  });

  test("an admin sets how many nightly backups are kept; a wrong number is refused", async ({ page }) => {
    const backups = page.getByRole("region", { name: "Backups" });
    await expect(backups.getByText("No backup yet.")).toBeVisible();
    await backups.getByLabel("Backups kept").fill("0");
    await backups.getByLabel("Backups kept").press("Enter");
    await expect(backups.getByText("Backups kept must be between 1 and 365")).toBeVisible();
    await backups.getByLabel("Backups kept").fill("14");
    await backups.getByRole("button", { name: "Save Backups" }).click();
    await expect(page.getByText("The newest 14 nightly backups are kept.")).toBeVisible();
    await expect(backups.getByLabel("Backups kept")).toHaveValue("14");
  });
});
