/**
 * Getting the coach paid, end to end on a 390 px phone (issue 48): a member invited with
 * the weekly Online Coaching package sets up the Direct Debit on the provider's page and
 * comes back to 'pending'; the provider's webhook confirms the payment and the billing page
 * shows it paid with a receipt (e-mailed, the PDF opens). The next payment fails: the member
 * is e-mailed, the coach's 'Needs attention' lists them, 'Retry payment' and a confirming
 * webhook clear it. The member cancels at the end of the period they have paid for.
 * GoCardless is the stand-in the global set-up started; its webhooks reach the shared server.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { formatLongDate } from "../../app/lib/dates";
import { addDays } from "../../app/lib/time-zone";
import { readResource, simulate, standInEvents, type StandInEvent } from "./support/gocardless";
import { E2E_BASE_URL, E2E_DATA_DIR } from "./support/server";
import { expect, newPersonPage, signInOverHttp, test } from "./support/test";

/** The e-mails to this address in the outbox, quoted-printable decoded. */
function mailsTo(to: string): string[] {
  const outbox = path.join(E2E_DATA_DIR, "outbox");
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((file) => file.endsWith(".eml"))
    .map((file) => fs.readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))))
    .filter((mail) => mail.includes(`To: ${to}`));
}

/** The one stand-in event matching, once it has happened. */
async function eventWhere(what: string, match: (event: StandInEvent) => boolean): Promise<StandInEvent> {
  let found: StandInEvent | undefined;
  await expect
    .poll(
      async () => {
        found = (await standInEvents()).find(match);
        return found !== undefined;
      },
      { message: what },
    )
    .toBe(true);
  return found!;
}

/**
 * Reloads until the assertion holds (the page shows what a webhook changed), then waits for
 * the page to be live. A loaded page does not change by itself: each load's check waits a
 * second (`onThisLoad`), not the whole expect timeout, before the next reload.
 */
async function afterReload(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 30_000 });
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
}
const onThisLoad = expect.configure({ timeout: 1_000 });

const payments = (page: Page) => page.getByRole("region", { name: "Payments" }).getByRole("listitem");

test("a member on a phone pays Online Coaching by Direct Debit, a failed payment is retried, and they cancel at the end of the period", async ({ page: staff, browser }, testInfo) => {
  // One journey through five webhook round trips: about 18 s alone, more beside other workers.
  test.setTimeout(60_000);
  const stamp = `${testInfo.project.name}.${Date.now()}.${testInfo.repeatEachIndex}`;
  const name = `Dana Debit ${stamp.replace(/\W/g, "")}`;
  const email = `dana.${stamp}@relentless.test`;

  // The admin invites the person with the Online Coaching package.
  await signInOverHttp(staff, "admin");
  await staff.goto("/admin/users");
  await staff.getByText("Add person").click();
  const form = staff.getByRole("form", { name: "Add person" });
  await form.getByLabel("Full name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption("member");
  await form.getByLabel("Package (optional)").selectOption({ label: "Online Coaching" });
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(staff.getByText("Invitation sent")).toBeVisible();
  let link = "";
  await expect
    .poll(() => (link = mailsTo(email).map((mail) => /https?:\/\/\S+\/invitations\/accept\?token=[\w-]+/.exec(mail)?.[0] ?? "").find(Boolean) ?? ""), {
      message: `an invitation e-mail to ${email}`,
    })
    .not.toBe("");

  // On their phone they set a password and finish the profile wizard.
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { "x-forwarded-for": `172.17.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}` },
  });
  const phone = await newPersonPage(context);
  await phone.goto(link);
  await phone.getByLabel("Password", { exact: true }).fill("Dana-new-password1");
  await phone.getByLabel("Confirm password").fill("Dana-new-password1");
  await phone.getByRole("button", { name: "Set password and sign in" }).click();
  const wizard = phone.getByRole("dialog", { name: "Complete Your Profile" });
  await expect(wizard).toBeVisible();
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByLabel("Location").fill("Leeds");
  await wizard.getByLabel("Interests").fill("Running");
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByLabel("Experience").fill("Some gym work");
  await wizard.getByLabel("Goals").fill("Run a half marathon");
  await wizard.getByRole("button", { name: "Complete Profile" }).click();
  await expect(wizard).toBeHidden();

  // Billing asks for the Direct Debit of the coach's package; the provider's page takes the bank details.
  await expect(phone).toHaveURL(/\/members\/billing\?product=prod_online_coaching$/);
  await expect(phone.getByRole("heading", { name: "Your coach has chosen Online Coaching for you" })).toBeVisible();
  await phone.getByRole("button", { name: "Set up Direct Debit for Online Coaching" }).click();
  await expect(phone.getByRole("heading", { name: "Set up a Direct Debit" })).toBeVisible();
  await phone.getByLabel("First name").fill("Dana");
  await phone.getByLabel("Last name").fill("Debit");
  await phone.getByLabel("Email").fill(email);
  await phone.getByLabel("Account holder name").fill("Dana Debit");
  await phone.getByLabel("Sort code").fill("200000");
  await phone.getByLabel("Account number").fill("55779911");
  await phone.getByRole("button", { name: "Set up Direct Debit" }).click();

  // Back on billing: being set up, not paid.
  await expect(phone).toHaveURL(/\/members\/billing\?checkout=/);
  await expect(phone.getByRole("status").filter({ hasText: "Your Direct Debit is being set up" })).toBeVisible();
  const packageCard = phone.getByRole("region", { name: "Your package" });
  await expect(packageCard.getByText("Status: Pending: waiting for the first payment")).toBeVisible();
  await expect(payments(phone).getByText("Paid", { exact: true })).toHaveCount(0);
  const checkoutId = new URL(phone.url()).searchParams.get("checkout")!;

  // The bank accepts the mandate and the first payment is confirmed: the webhook makes it paid, with a receipt.
  const first = await eventWhere("the first payment made on the hosted page", (e) => e.resource_type === "payments" && e.action === "created" && e.resource_metadata.checkout === checkoutId);
  const planId = first.resource_metadata.plan!;
  await simulate("mandate_activated", first.links.mandate!);
  await simulate("payment_confirmed", first.links.payment!);
  await afterReload(phone, async () => {
    await onThisLoad(packageCard.getByText("Status: Active")).toBeVisible();
    await onThisLoad(payments(phone).first().getByText("Paid", { exact: true })).toBeVisible();
  });
  const receipt = payments(phone).first().getByRole("link", { name: /^Receipt for Online Coaching/ });
  await expect(receipt).toBeVisible();
  await expect.poll(() => mailsTo(email).some((mail) => mail.includes("Subject: Your receipt")), { message: "the receipt e-mail" }).toBe(true);
  const pdf = await phone.request.get((await receipt.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 4).toString("latin1")).toBe("%PDF");

  // The subscription's next payment fails: the member is e-mailed and the page says so.
  const subscription = await eventWhere("the plan's subscription", (e) => e.resource_type === "subscriptions" && e.action === "created" && e.resource_metadata.plan === planId);
  const subscriptionId = subscription.links.subscription!;
  await simulate("subscription_payment_due", subscriptionId);
  const second = await eventWhere("the subscription's next payment", (e) => e.resource_type === "payments" && e.action === "created" && e.links.subscription === subscriptionId);
  // The member's list shows it pending (its event applied) before the bank fails it.
  await afterReload(phone, async () => {
    await onThisLoad(payments(phone)).toHaveCount(2);
  });
  await expect(payments(phone).first().getByText("Pending", { exact: true })).toBeVisible();
  await simulate("payment_failed", second.links.payment!);
  await afterReload(phone, async () => {
    await onThisLoad(packageCard.getByText("Status: Payment failed")).toBeVisible();
  });
  await expect(payments(phone).first().getByText("Failed", { exact: true })).toBeVisible();
  await expect.poll(() => mailsTo(email).some((mail) => mail.includes("did not go through")), { message: "the failed-payment e-mail" }).toBe(true);

  // A trainer sees them under 'Needs attention' and retries; the bank confirms and it clears.
  await signInOverHttp(staff, "trainer");
  await staff.goto("/coach");
  const card = staff.getByRole("listitem", { name });
  await expect(card.getByText("Payment failed")).toBeVisible();
  await card.getByRole("button", { name: "Retry payment" }).click();
  await expect(staff.getByText("Payment retried")).toBeVisible();
  await expect(card.getByText("retried, waiting for the bank")).toBeVisible();
  await simulate("payment_confirmed", second.links.payment!);
  await afterReload(staff, async () => {
    await onThisLoad(staff.getByText(`Payment failed (${name})`)).toHaveCount(0);
  });

  // The member is paid up again and cancels: it ends when the second week they paid for ends.
  const { start_date: secondWeekStarts } = await readResource<{ start_date: string }>("subscriptions", subscriptionId);
  const ends = formatLongDate(addDays(secondWeekStarts, 6));
  await afterReload(phone, async () => {
    await onThisLoad(packageCard.getByText("Status: Active")).toBeVisible();
  });
  await expect(payments(phone).first().getByText("Paid", { exact: true })).toBeVisible();
  await packageCard.getByRole("button", { name: "Cancel Online Coaching" }).click();
  const confirm = phone.getByRole("dialog", { name: "Cancel Online Coaching?" });
  await expect(confirm).toContainText(`until ${ends}, the end of the period you have paid for`);
  await confirm.getByRole("button", { name: "Yes, cancel Online Coaching" }).click();
  await expect(confirm).toBeHidden();
  await expect(packageCard.getByText(`Status: Ends on ${ends}`)).toBeVisible();
  await expect(packageCard.getByText(`Cancelled: ends on ${ends}.`)).toBeVisible();
  await expect(packageCard.getByText("Next payment:")).toHaveCount(0);
  await expect(packageCard.getByRole("button", { name: "Cancel Online Coaching" })).toHaveCount(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
