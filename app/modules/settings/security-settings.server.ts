import { ensureCan, type SessionUser } from "~/auth/session.server";
import { SECURITY_SETTINGS_KEY, type SecuritySettings } from "~/auth/two-factor-sign-in.server";
import { getDb } from "~/db/client.server";
import { siteSetting } from "~/db/schema/settings";
import { recordAudit } from "~/auth/audit.server";

export { getSecuritySettings } from "~/auth/two-factor-sign-in.server";

/** 'Require two-factor for staff': the checkbox of /admin/settings (administrators only). */
export async function setRequireStaffTwoFactor(actor: Pick<SessionUser, "id" | "email" | "role">, required: boolean): Promise<void> {
  ensureCan(actor, "siteSettings", "update");
  const value: SecuritySettings = { requireStaffTwoFactor: required };
  await getDb()
    .insert(siteSetting)
    .values({ key: SECURITY_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: siteSetting.key, set: { value, updatedAt: new Date() } });
  await recordAudit({
    action: "settings.updated",
    actor,
    target: { type: "site_settings", id: SECURITY_SETTINGS_KEY },
    summary: required ? "Two-factor authentication is now required for staff" : "Two-factor authentication is no longer required for staff",
  });
}
