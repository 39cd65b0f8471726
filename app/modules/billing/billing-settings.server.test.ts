/** The billing settings of /admin/billing: defaults, bounds, the currency once in use, administrators only, audited. */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { billingPayment, memberPlan } from "~/db/schema/billing";
import { siteSetting } from "~/db/schema/settings";
import { resetEnv } from "~/lib/env.server";
import { fieldErrors } from "~/lib/form";
import { newPerson } from "~/modules/workouts/training.test-support";
import { defaultBillingSettings } from "./billing-settings.schema";
import { BILLING_SETTINGS_KEY, CURRENCY_IN_USE, describeDirectDebit, getBillingSettings, readBillingSettingsForAdmin, setBillingSettings } from "./billing-settings.server";

const form = { currency: "EUR", graceDays: "10", bookingsNeedPayment: "on", noShowKeepsCredit: "on", vatNumber: "IE 1234567T", vatRate: "23" };

beforeEach(async () => {
  await getDb().delete(billingPayment);
  await getDb().delete(memberPlan);
  await getDb().delete(siteSetting).where(eq(siteSetting.key, BILLING_SETTINGS_KEY));
});

/** The message at each field of a refused save. */
async function refusal(input: Record<string, string>) {
  const error = await setBillingSettings(await newPerson("admin"), input).catch((e: unknown) => e);
  if (error && typeof error === "object" && "issues" in error) return fieldErrors(error as never);
  return (error as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
}

describe("billing settings", () => {
  it("are saved by an administrator, read back (an unticked box is off) and audited", async () => {
    const admin = await newPerson("admin");
    expect(await readBillingSettingsForAdmin(admin)).toEqual(defaultBillingSettings);
    await setBillingSettings(admin, form);
    const saved = { currency: "EUR", graceDays: 10, bookingsNeedPayment: true, lateCancelKeepsCredit: false, noShowKeepsCredit: true, vatNumber: "IE 1234567T", vatRateBasisPoints: 2300 };
    expect(await getBillingSettings()).toEqual(saved);
    await setBillingSettings(admin, { ...form, vatRate: "17.5", graceDays: "0" });
    expect(await getBillingSettings()).toMatchObject({ vatRateBasisPoints: 1750, graceDays: 0 });
    const lines = await getDb().select({ action: auditLog.action, summary: auditLog.summary }).from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(lines).toContainEqual({
      action: "settings.updated",
      summary: "Billing: EUR, 10 days' grace, bookings need a package or a credit, late cancels give back the credit, no-shows keep it, VAT IE 1234567T at 23 %",
    });
    expect(lines).toHaveLength(2);
  });

  it.each([
    ["graceDays", "61", "Grace period must be a whole number of days from 0 to 60"],
    ["graceDays", "-1", "Grace period must be a whole number of days from 0 to 60"],
    ["graceDays", "7.5", "Grace period must be a whole number of days from 0 to 60"],
    ["graceDays", "", "Grace period must be a whole number of days from 0 to 60"],
    ["vatRate", "51", "VAT rate must be a percentage from 0 to 50, such as 20 or 17.5"],
    ["vatRate", "1e1", "VAT rate must be a percentage from 0 to 50, such as 20 or 17.5"],
    ["vatRate", "20.125", "VAT rate must be a percentage from 0 to 50, such as 20 or 17.5"],
    ["vatNumber", "GB-123", "VAT number may hold only letters, digits and spaces"],
    ["vatNumber", "G".repeat(21), "VAT number must be at most 20 characters"],
    ["currency", "XBT", "Choose a currency from the list"],
  ])("refuses %s %j with its message and saves nothing", async (field, value, message) => {
    expect((await refusal({ ...form, [field]: value }))[field]).toBe(message);
    expect(await getBillingSettings()).toEqual(defaultBillingSettings);
  });

  it("keeps the currency once a plan or a payment exists; everything else still changes", async () => {
    const admin = await newPerson("admin");
    const member = await newPerson("member");
    await getDb().insert(memberPlan).values({ id: `plan-${randomUUID()}`, memberId: member.id, name: "Online Coaching", kind: "subscription", priceMinor: 3500, currency: "GBP", method: "manual" });
    expect((await refusal(form)).currency).toBe(CURRENCY_IN_USE);
    expect(await getBillingSettings()).toEqual(defaultBillingSettings);
    await getDb().delete(memberPlan);
    await getDb().insert(billingPayment).values({ id: `pay-${randomUUID()}`, description: "Cash", amountMinor: 1000, currency: "GBP", method: "cash", status: "confirmed" });
    expect((await refusal(form)).currency).toBe(CURRENCY_IN_USE);
    await setBillingSettings(admin, { ...form, currency: "GBP" });
    expect(await getBillingSettings()).toMatchObject({ currency: "GBP", graceDays: 10 });
  });

  it("are read and changed by administrators only", async () => {
    for (const role of ["member", "trainer"] as const) {
      const who = await newPerson(role);
      await expect(setBillingSettings(who, form)).rejects.toEqual(expect.objectContaining({ status: 403 }));
      await expect(readBillingSettingsForAdmin(who)).rejects.toEqual(expect.objectContaining({ status: 403 }));
      expect(() => describeDirectDebit(who)).toThrow(expect.objectContaining({ status: 403 }));
    }
    expect(await getBillingSettings()).toEqual(defaultBillingSettings);
  });

  it("say direct debit is off without GOCARDLESS_ACCESS_TOKEN; with it, sandbox or live and the webhook address, never the token", async () => {
    const admin = await newPerson("admin");
    expect(describeDirectDebit(admin)).toEqual({ on: false });
    const token = "sandbox_token-never-shown-1234";
    try {
      for (const [environment, expected] of [[undefined, "sandbox"], ["live", "live"]] as const) {
        vi.stubEnv("GOCARDLESS_ACCESS_TOKEN", token);
        vi.stubEnv("GOCARDLESS_WEBHOOK_SECRET", "a-webhook-secret-of-length");
        vi.stubEnv("GOCARDLESS_ENVIRONMENT", environment);
        vi.stubEnv("BASE_URL", "https://coach.example");
        resetEnv();
        const status = describeDirectDebit(admin);
        expect(status).toEqual({ on: true, environment: expected, webhookUrl: "https://coach.example/webhooks/gocardless" });
        expect(JSON.stringify(status)).not.toContain(token);
      }
    } finally {
      vi.unstubAllEnvs();
      resetEnv();
    }
  });
});
