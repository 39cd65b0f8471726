import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { validApplication } from "../../app/modules/contacts/intake.fixture";
import { E2E_BASE_URL, E2E_DATA_DIR } from "./support/server";
import { expect, newPersonPage, signInOverHttp, test } from "./support/test";

/** The invitation link from the outbox e-mail to this address (quoted-printable decoded). */
async function invitationLink(email: string): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, "outbox");
  let found = "";
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return "";
        for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".eml"))) {
          const mail = fs.readFileSync(path.join(dir, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
          const link = /https?:\/\/\S+\/invitations\/accept\?token=[\w-]+/.exec(mail)?.[0];
          if (link && mail.includes(`To: ${email}`)) found = link;
        }
        return found;
      },
      { message: `an invitation e-mail to ${email}` },
    )
    .not.toBe("");
  return found;
}

async function setRole(admin: Page, email: string, role: "member" | "trainer") {
  await admin.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await admin.getByLabel(`Role for ${email}`).selectOption(role);
  await expect(admin.getByText("Role updated successfully")).toBeVisible();
  await expect(admin.getByLabel(`Role for ${email}`)).toHaveValue(role);
}

test("an invited person sets a password, completes the wizard, and their access follows role changes", async ({ page: admin, browser }, testInfo) => {
  const email = `olive.${testInfo.project.name}.${Date.now()}@relentless.test`;

  // The administrator adds the person on /admin/users.
  await signInOverHttp(admin, "admin");
  await admin.goto("/admin/users");
  await expect(admin.getByRole("heading", { name: "User Management" })).toBeVisible();
  await admin.getByText("Add person").click();
  const form = admin.getByRole("form", { name: "Add person" });
  await form.getByLabel("Full name").fill("Olive Onboard");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption("member");
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(admin.getByText("Invitation sent")).toBeVisible();
  await expect(admin.getByRole("listitem", { name: `Invitation for ${email}` })).toBeVisible();

  // The person opens the link from the e-mail, in their own browser.
  const link = await invitationLink(email);
  expect(link.startsWith(E2E_BASE_URL)).toBe(true);
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { "x-forwarded-for": `172.16.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}` } });
  const person = await newPersonPage(context);
  await person.goto(link);
  await expect(person.getByRole("heading", { name: "Welcome, Olive Onboard" })).toBeVisible();
  await person.getByLabel("Password", { exact: true }).fill("Olive-new-password1");
  await person.getByLabel("Confirm password").fill("Olive-new-password1");
  await person.getByRole("button", { name: "Set password and sign in" }).click();

  // Signed in, they meet the 3-step wizard with their name prefilled.
  await expect(person).toHaveURL(/\/members$/);
  const dialog = person.getByRole("dialog", { name: "Complete Your Profile" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Full name")).toHaveValue("Olive Onboard");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Step 2 of 3")).toBeVisible();
  await dialog.getByLabel("Location").fill("York");
  await dialog.getByLabel("Interests").fill("Rowing");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Step 3 of 3")).toBeVisible();
  await dialog.getByLabel("Experience").fill("New to the gym");
  await dialog.getByLabel("Goals").fill("Feel stronger");
  await dialog.getByRole("button", { name: "Complete Profile" }).click();
  await expect(dialog).toBeHidden();
  await expect(person).toHaveURL(/\/members$/);
  await expect(person.getByRole("heading", { name: "Welcome back, Olive Onboard" })).toBeVisible();

  // The link is spent.
  await person.goto(link);
  await expect(person.getByRole("heading", { name: "Invitation already used" })).toBeVisible();
  await expect(person.getByRole("link", { name: "Ask the coach for a new invitation" })).toHaveAttribute("href", "/contact");

  // The admin makes them a trainer: /cms opens for them.
  await setRole(admin, email, "trainer");
  await person.goto("/cms");
  await expect(person).toHaveURL(/\/cms\/articles$/);
  await expect(person.getByRole("heading", { name: "Content Management" })).toBeVisible();

  // Back to member: /cms leads to /unauthorized.
  await setRole(admin, email, "member");
  await person.goto("/cms");
  await expect(person).toHaveURL(/\/unauthorized$/);
  await context.close();
});

test("'Invite as member' on an application opens the invitation form prefilled", async ({ page }, testInfo) => {
  const email = `applicant.${testInfo.project.name}.${Date.now()}@applicant.test`;
  const lastName = `Invitee${Date.now()}`;
  const sent = await page.request.post("/contact", {
    headers: { origin: E2E_BASE_URL, "content-type": "application/json" },
    data: Buffer.from(JSON.stringify({ ...validApplication, lastName, email })),
  });
  expect(sent.ok()).toBe(true);

  await signInOverHttp(page, "admin");
  await page.goto(`/admin/contacts?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: `${validApplication.firstName} ${lastName}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("link", { name: "Invite as member" }).click();

  await expect(page).toHaveURL(/\/admin\/users\?invite=1&/);
  const form = page.getByRole("form", { name: "Add person" });
  await expect(form.getByLabel("Full name")).toHaveValue(`${validApplication.firstName} ${lastName}`);
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await expect(form.getByText("The new account will be linked to the contact submission.")).toBeVisible();
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent")).toBeVisible();
  await expect(page.getByRole("listitem", { name: `Invitation for ${email}` })).toBeVisible();
  expect(await invitationLink(email)).toContain("/invitations/accept?token=");
});
