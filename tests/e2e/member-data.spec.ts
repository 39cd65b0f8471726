/**
 * A member's data on a phone: 'Download my data' → the e-mailed link → the ZIP (another
 * member following the link gets 'not found'); then 'Delete my account' → the administrator
 * finds the request, erases the member after typing their e-mail, and reads the report.
 */
import fs from "node:fs";
import path from "node:path";
import yauzl from "yauzl";
import { accessibilityViolations } from "./support/axe";
import { E2E_DATA_DIR } from "./support/server";
import { expect, newPersonPage, signInOverHttp, test } from "./support/test";
import { PASSWORD, users } from "./support/users";

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: "serial" });

const member = users.dataMember;

/** The newest download link e-mailed to `to`, once there is one. */
async function mailedLink(to: string): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, "outbox");
  let link = "";
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return "";
        const mails = fs
          .readdirSync(outbox)
          .sort()
          .map((file) => fs.readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="))
          .filter((mail) => mail.includes(`To: ${to}`));
        link = /https?:\/\/\S+\/data-exports\/download\?token=[\w-]+/.exec(mails.at(-1) ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe("");
  return link;
}

function zipEntries(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on("entry", (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on("end", () => resolve(names));
      zip.readEntry();
    });
  });
}

test("a member on a phone asks for their data, follows the e-mailed link signed out, signs in and downloads the ZIP; another member's session gets 'not found'", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInOverHttp(page, "dataMember");
  await page.goto("/members/settings");
  const section = page.getByRole("region", { name: "Your Data" });
  await section.getByRole("button", { name: "Download my data" }).click();
  await expect(page.getByText("Your data is being prepared")).toBeVisible();
  const link = await mailedLink(member.email);

  // Someone else signed in opens the link: the same 'not found' as a made-up one, and the link still works for its owner.
  const otherContext = await browser.newContext();
  const other = await newPersonPage(otherContext);
  await signInOverHttp(other, "member");
  const refused = await other.goto(link);
  expect(refused?.status()).toBe(404);
  await expect(other.getByText("This download link is not valid")).toBeVisible();
  await otherContext.close();

  // The phone that opens the e-mail is signed out: the link asks to sign in, and signing in starts the download.
  // React Router's background fetch of the link's data after signing in must not use the link up (issue 47).
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password").fill(PASSWORD);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Sign In" }).click();
  const file = await (await download).path();
  const names = await zipEntries(file);
  expect(names).toEqual(expect.arrayContaining(["README.txt", "data/users.json", "data/profiles.json", "csv/workout-sets.csv"]));

  // Once used, the link is 'not found' for its owner too.
  const again = await page.request.get(link, { maxRedirects: 0 });
  expect(again.status()).toBe(404);
  expect(await accessibilityViolations(page)).toEqual([]);
});

test("a member asks to delete their account; the administrator finds the request, erases them after typing their e-mail and reads the report", async ({ page }) => {
  test.setTimeout(90_000);
  await signInOverHttp(page, "dataMember");
  await page.goto("/members/settings");
  const section = page.getByRole("region", { name: "Delete My Account" });
  const deleteButton = section.getByRole("button", { name: "Delete my account" });
  // It asks first, Cancel in focus; Escape and Cancel send nothing, and focus returns to the button.
  await deleteButton.click();
  const askFirst = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(askFirst).toBeVisible();
  await expect(askFirst.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(askFirst).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(askFirst).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(askFirst).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await expect(section.getByText(/You asked to delete your account on/)).toHaveCount(0);
  // Confirmed from the keyboard: the request goes.
  await deleteButton.click();
  await page.keyboard.press("Tab");
  await expect(askFirst.getByRole("button", { name: "Send my request" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Request sent")).toBeVisible();
  await expect(section.getByText(/You asked to delete your account on/)).toBeVisible();
  await expect(section.getByRole("button", { name: "Withdraw my request" })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOverHttp(page, "admin");
  // Where the administrator lands, the user menu says a request waits.
  await page.goto("/coach");
  await page.getByRole("banner").getByRole("button", { name: users.admin.name.split(" ")[0], exact: true }).click();
  // The permission matrix's members may have a request open at the same moment: at least ours waits.
  await page.getByRole("menu").getByRole("menuitem", { name: /^Deletion requests \d+ waiting$/ }).click();
  await expect(page.getByRole("heading", { name: "Deletion Requests" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Deletion requests \d+ waiting$/ })).toBeVisible();
  await page.getByRole("link", { name: `Review the request of ${member.email}` }).click();
  await expect(page.getByRole("heading", { name: member.name })).toBeVisible();
  await expect(page.getByText(/Asked to delete their account on/)).toBeVisible();

  await page.getByText("Erase this member…").click();
  const confirm = page.getByLabel(`Type ${member.email} to confirm`);
  await confirm.fill("someone-else@relentless.test");
  await page.getByRole("button", { name: "Erase member" }).click();
  await expect(page.getByText("Type the member's e-mail address exactly to confirm.")).toBeVisible();
  await page.getByLabel(`Type ${member.email} to confirm`).fill(member.email);
  await page.getByRole("button", { name: "Erase member" }).click();

  await expect(page).toHaveURL(/\/admin\/erasures\/[\w-]+$/);
  await expect(page.getByRole("heading", { name: "Erasure Report" })).toBeVisible();
  await expect(page.getByText(/An account was erased on .* by admin@relentless\.test/)).toBeVisible();
  // Each kind of data in words a coach reads, not the database's table names.
  await expect(page.getByRole("rowheader", { name: "Account", exact: true })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Sign-in sessions" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: /_/ })).toHaveCount(0);
  await expect(page.getByRole("rowheader", { name: "users", exact: true })).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);

  // The activity log keeps the one line, without the member's e-mail.
  await page.goto("/admin/activity");
  await expect(page.getByText("An account was erased").first()).toBeVisible();
  await expect(page.getByText(member.email)).toHaveCount(0);
});
