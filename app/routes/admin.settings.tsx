import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/admin.settings";
import { userContext } from "~/auth/user-context";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { runAction, type ActionFailure } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import type { SiteSettings } from "~/modules/settings/settings-defaults";
import { deliveryModes, readSiteSettingsForAdmin, sendTestEmail, updateSiteSettings } from "~/modules/settings/settings.server";
import { getSecuritySettings, setRequireStaffTwoFactor } from "~/modules/settings/security-settings.server";
import { readBackupsForAdmin, setBackupsKept } from "~/modules/backups/nightly.server";
import { formatBytes } from "~/modules/backups/describe";
import { formatUsDateTime } from "~/lib/dates";
import { readClassBookingSettingsForAdmin, setClassBookingSettings } from "~/modules/classes/class-settings.server";
import { ClassBookingSettingsForm } from "~/views/classes/class-booking-settings-form";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Settings", matches) }, { name: "robots", content: "noindex" }];

function timeZones(current: string): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes(current) ? zones : [current, ...zones];
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const settings = await readSiteSettingsForAdmin(user);
  const [security, backups, classBookings] = await Promise.all([getSecuritySettings(), readBackupsForAdmin(user), readClassBookingSettingsForAdmin(user)]);
  return { settings, security, backups, classBookings, modes: deliveryModes(user), timeZones: timeZones(settings.timeZone), adminEmail: user.email };
}

export function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  return runAction(request, {
    "test-email": async () => {
      const result = await sendTestEmail(user);
      return result.ok
        ? redirectWithToast("/admin/settings", {
            type: "success",
            title: "Test e-mail sent",
            description: result.mode === "smtp" ? `Sent to ${user.email} over SMTP.` : `Written to the outbox for ${user.email}.`,
          })
        : redirectWithToast("/admin/settings", { type: "error", title: "Failed to send test e-mail", description: result.error });
    },
    security: async (form) => {
      const required = form.requireStaffTwoFactor === "on";
      await setRequireStaffTwoFactor(user, required);
      return redirectWithToast("/admin/settings", {
        type: "success",
        title: "Settings saved",
        description: required ? "Trainers and administrators without two-factor authentication set it up at their next sign-in." : "Two-factor authentication is optional for staff.",
      });
    },
    backups: async (form) => {
      const { keep } = await setBackupsKept(user, form);
      return redirectWithToast("/admin/settings", { type: "success", title: "Settings saved", description: `The newest ${keep} nightly backups are kept.` });
    },
    "class-bookings": async (form) => {
      await setClassBookingSettings(user, form);
      return redirectWithToast("/admin/settings", { type: "success", title: "Settings saved", description: "Class bookings follow the new rules." });
    },
    save: async (form) => {
      await updateSiteSettings(user, form);
      return redirectWithToast("/admin/settings", { type: "success", title: "Settings saved", description: "The site now shows the new details." });
    },
  });
}

const textFields: { name: keyof SiteSettings; label: string; type?: string; autoComplete?: string; hint?: string }[] = [
  { name: "businessName", label: "Business name", autoComplete: "organization" },
  { name: "coachName", label: "Coach name", autoComplete: "off" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "off" },
  { name: "email", label: "Public e-mail", type: "email", autoComplete: "off" },
  { name: "address", label: "Street address", autoComplete: "off" },
  { name: "instagramUrl", label: "Instagram link", type: "url", hint: "https://…" },
  { name: "facebookUrl", label: "Facebook link", type: "url", hint: "https://…" },
  { name: "youtubeUrl", label: "YouTube link", type: "url", hint: "https://…" },
  { name: "tiktokUrl", label: "TikTok link", type: "url", hint: "https://…" },
  { name: "notificationEmail", label: "Notification e-mail", type: "email", autoComplete: "off", hint: "New applications are sent here." },
];

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const { settings, security, backups, classBookings, modes, timeZones, adminEmail } = loaderData;
  const refused = actionData && !actionData.ok ? (actionData as ActionFailure<keyof SiteSettings>) : undefined;
  const errors = refused?.fieldErrors ?? {};
  const value = (name: keyof SiteSettings) => String(refused?.values[name] ?? settings[name]);
  return (
    <>
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Settings</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="site-settings-title">
          <h2 id="site-settings-title" className="mb-4 text-xl font-bold uppercase">
            Site Details
          </h2>
          {/* key: a saved form shows the stored values again */}
          <Form method="post" noValidate className="space-y-5" key={JSON.stringify(settings)}>
            <input type="hidden" name="intent" value="save" />
            {textFields.map((f) => (
              <TextField
                key={f.name}
                id={`settings-${f.name}`}
                label={f.label}
                name={f.name}
                type={f.type ?? "text"}
                autoComplete={f.autoComplete}
                hint={f.hint}
                defaultValue={value(f.name)}
                required={f.name === "businessName"}
                error={errors[f.name]}
              />
            ))}
            <div className="space-y-1.5">
              <label htmlFor="settings-timeZone" className="block text-sm font-medium text-zinc-800">
                Time zone
              </label>
              <select
                id="settings-timeZone"
                name="timeZone"
                defaultValue={value("timeZone")}
                aria-invalid={errors.timeZone ? true : undefined}
                aria-describedby={errors.timeZone ? "settings-timeZone-error" : undefined}
                className="block w-full rounded-md border border-zinc-400 bg-white px-3 py-2.5 text-base text-zinc-900"
              >
                {timeZones.map((z) => (
                  <option key={z} value={z}>
                    {z}
                  </option>
                ))}
              </select>
              {errors.timeZone ? (
                <p id="settings-timeZone-error" role="alert" className="text-sm font-medium text-brand">
                  {errors.timeZone}
                </p>
              ) : null}
            </div>
            <Button type="submit" busy={submitting === "save"} busyText="Saving...">
              Save Settings
            </Button>
          </Form>
        </section>
        <aside className="space-y-8">
          <section aria-labelledby="security-title" className="rounded-xl border border-zinc-200 p-5">
            <h2 id="security-title" className="text-lg font-bold uppercase">
              Security
            </h2>
            <Form method="post" className="mt-4 space-y-4" key={String(security.requireStaffTwoFactor)}>
              <input type="hidden" name="intent" value="security" />
              <label className="flex items-start gap-2 text-zinc-800">
                <input type="checkbox" name="requireStaffTwoFactor" defaultChecked={security.requireStaffTwoFactor} className="mt-1 size-4" />
                <span>
                  Require two-factor for staff
                  <span className="block text-sm text-zinc-600">Trainers and administrators without it are led through set-up at their next sign-in.</span>
                </span>
              </label>
              <Button type="submit" variant="secondary" busy={submitting === "security"} busyText="Saving...">
                Save Security
              </Button>
            </Form>
          </section>
          <section aria-labelledby="mail-title" className="rounded-xl border border-zinc-200 p-5">
            <h2 id="mail-title" className="text-lg font-bold uppercase">
              E-mail Delivery
            </h2>
            <p className="mt-2 text-zinc-800">
              {modes.mail === "smtp" ? "SMTP (SMTP_URL)" : "Outbox: .eml files in DATA_DIR/outbox (set SMTP_URL to send real mail)"}
            </p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="test-email" />
              <Button type="submit" variant="secondary" busy={submitting === "test-email"} busyText="Sending...">
                Send a test e-mail
              </Button>
              <p className="mt-2 text-sm text-zinc-600">It goes to your own address, {adminEmail}.</p>
            </Form>
          </section>
          <section aria-labelledby="backups-title" className="rounded-xl border border-zinc-200 p-5">
            <h2 id="backups-title" className="text-lg font-bold uppercase">
              Backups
            </h2>
            <p className="mt-2 text-zinc-800">Every night at 02:00 UTC, into {backups.where}.</p>
            <p className="mt-2 text-zinc-800">
              {backups.lastSuccessAt
                ? `Last backup: ${formatUsDateTime(backups.lastSuccessAt, settings.timeZone)} (${formatBytes(backups.lastBytes ?? 0)})`
                : "No backup yet."}
            </p>
            {backups.lastFailureAt ? (
              <p className="mt-2 font-medium text-brand">
                The backup of {formatUsDateTime(backups.lastFailureAt, settings.timeZone)} failed: {backups.lastError}
              </p>
            ) : null}
            <Form method="post" noValidate className="mt-4 space-y-4" key={String(backups.keep)}>
              <input type="hidden" name="intent" value="backups" />
              <TextField
                id="settings-backups-keep"
                label="Backups kept"
                name="keep"
                type="number"
                inputMode="numeric"
                min={1}
                max={365}
                defaultValue={refused?.intent === "backups" ? String(refused.values.keep ?? "") : String(backups.keep)}
                error={refused?.intent === "backups" ? (refused.fieldErrors as Record<string, string | undefined>).keep : undefined}
                hint="Older ones are deleted after each night's backup."
              />
              <Button type="submit" variant="secondary" busy={submitting === "backups"} busyText="Saving...">
                Save Backups
              </Button>
            </Form>
          </section>
          <ClassBookingSettingsForm settings={classBookings} refused={refused?.intent === "class-bookings" ? refused : undefined} busy={submitting === "class-bookings"} />
          <section aria-labelledby="storage-title" className="rounded-xl border border-zinc-200 p-5">
            <h2 id="storage-title" className="text-lg font-bold uppercase">
              File Storage
            </h2>
            <p className="mt-2 text-zinc-800">{modes.storage}</p>
          </section>
        </aside>
      </div>
    </>
  );
}
