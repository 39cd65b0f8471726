import AxeBuilder from "@axe-core/playwright";
import { execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { E2E_DATA_DIR, startServer, waitForHealthy } from "./support/server";
import { expect, test } from "./support/test";
import { PASSWORD, users } from "./support/users";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

// Site settings are global (other specs expect no phone in the footer), so this runs
// on a second server with its own embedded database.
test.describe("/admin/settings", () => {
  test.describe.configure({ mode: "serial" });

  const dataDir = `${E2E_DATA_DIR}-admin-settings`;
  let server: ChildProcess | undefined;
  let origin = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
    origin = `http://localhost:${await freePort()}`;
    const env = { DATA_DIR: dataDir, BASE_URL: origin, DATABASE_URL: "", LOG_LEVEL: "warn" };
    execFileSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "tests/e2e/support/seed-users.ts"], {
      env: { ...process.env, ...env },
      stdio: "inherit",
    });
    server = startServer({ ...env, PORT: new URL(origin).port, TRUST_PROXY: "true" });
    await waitForHealthy(origin);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
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
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
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
    const dir = path.join(dataDir, "outbox");
    const mails = fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
    expect(mails.filter((m) => m.includes(`To: ${users.admin.email}`) && m.includes("Relentless test e-mail"))).toHaveLength(1);

    // The dashboard counts real users and lists the audit log's newest entries.
    await page.goto(`${origin}/admin`);
    await expect(page.getByRole("heading", { name: "Welcome back, Alex" })).toBeVisible();
    await expect(page.getByText("Total Users")).toBeVisible();
    const activity = page.getByRole("region", { name: "Recent Activity" });
    await expect(activity.getByText(`${users.admin.email} signed in`).first()).toBeVisible();
  });
});
