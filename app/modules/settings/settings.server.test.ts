import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { siteSetting } from "~/db/schema/settings";
import { defaultSiteSettings } from "./settings-defaults";
import { siteSettingsFormSchema } from "./settings.schema";
import { getSiteSettings, updateSiteSettings } from "./settings.server";

const admin = { id: "", email: "admin@settings.test", role: "admin" as const };
const valid = { ...defaultSiteSettings, phone: "+44 20 7946 0000", instagramUrl: "https://instagram.com/relentless" };

afterEach(async () => {
  await getDb().delete(siteSetting);
  await getDb().delete(auditLog);
});

describe("updateSiteSettings", () => {
  it("lets only administrators change the settings", async () => {
    for (const role of ["member", "trainer"] as const) {
      await expect(updateSiteSettings({ ...admin, role }, valid)).rejects.toMatchObject({ init: { status: 403 } });
    }
    expect(await getSiteSettings()).toEqual(defaultSiteSettings);
  });

  it("saves, reads back and records which fields changed (not their values)", async () => {
    await updateSiteSettings({ ...admin, id: null as unknown as string }, valid);
    expect(await getSiteSettings()).toEqual(valid);
    const [entry] = await getDb().select().from(auditLog);
    expect(entry).toMatchObject({ action: "settings.updated", summary: "Site settings changed: phone, Instagram" });
  });
});

describe("the settings form schema", () => {
  it("accepts every IANA time zone the runtime knows, and UTC", () => {
    for (const timeZone of ["UTC", "Europe/London", "America/Los_Angeles", "Asia/Kolkata"]) {
      expect(siteSettingsFormSchema.safeParse({ ...valid, timeZone }).success).toBe(true);
    }
    expect(siteSettingsFormSchema.safeParse({ ...valid, timeZone: "Europe/Atlantis" }).success).toBe(false);
  });

  it("needs http(s) social links and valid e-mails; empty means not set", () => {
    expect(siteSettingsFormSchema.safeParse({ ...valid, facebookUrl: "facebook.com/x" }).success).toBe(false);
    expect(siteSettingsFormSchema.safeParse({ ...valid, tiktokUrl: "javascript:alert(1)" }).success).toBe(false);
    expect(siteSettingsFormSchema.safeParse({ ...valid, email: "a@b" }).success).toBe(false);
    expect(siteSettingsFormSchema.parse({ ...valid, email: "", notificationEmail: " " })).toMatchObject({ email: "", notificationEmail: "" });
  });
});
