import type { ReactNode } from "react";
import type { ProfileFields } from "~/modules/users/profile.schema";
import { TwoFactorSettings, type TwoFactorActionData, type TwoFactorView } from "~/views/two-factor/two-factor-settings";
import { UnitSwitch } from "~/views/progress/unit-switch";
import { ChangePasswordForm, SignOutOtherDevicesForm } from "./account-security-forms";
import { ProfileSettingsForm } from "./profile-form";
import { MessageEmailsForm } from "~/views/messages/message-emails-form";
import { YourDataSettings, type YourDataView } from "~/views/member-data/your-data-settings";

/** The member's Settings: profile, units, password, other devices, two-factor authentication, and their data (download, deletion). */
export function SettingsScreen({
  profile,
  twoFactor,
  twoFactorResult,
  messageEmails,
  yourData,
  email,
  children,
}: {
  profile: ProfileFields;
  twoFactor: TwoFactorView;
  twoFactorResult?: TwoFactorActionData;
  messageEmails: boolean;
  yourData: YourDataView;
  email: string;
  /** Sections of other areas, after the message e-mails (each mounted by the route: reminders, the calendar feed). */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="settings-title" className="max-w-2xl">
      <h2 id="settings-title" className="mb-6 text-2xl font-bold uppercase">
        Settings
      </h2>
      <ProfileSettingsForm profile={profile} />
      <section aria-labelledby="units-title" className="mt-12 border-t border-zinc-200 pt-8">
        <h3 id="units-title" className="mb-2 text-xl font-bold uppercase">
          Units
        </h3>
        <p className="mb-4 text-zinc-700">Weights are shown in lbs or kg; body measurements follow in inches or cm.</p>
        <UnitSwitch unit={profile.weightUnit} />
      </section>
      <MessageEmailsForm on={messageEmails} />
      {children}
      <section aria-labelledby="password-title" className="mt-12 border-t border-zinc-200 pt-8">
        <h3 id="password-title" className="mb-4 text-xl font-bold uppercase">
          Change Password
        </h3>
        <ChangePasswordForm />
      </section>
      <section aria-labelledby="devices-title" className="mt-12 border-t border-zinc-200 pt-8">
        <h3 id="devices-title" className="mb-2 text-xl font-bold uppercase">
          Other Devices
        </h3>
        <p className="mb-4 text-zinc-700">Signed in on a phone or computer you no longer use? End every session except this one.</p>
        <SignOutOtherDevicesForm />
      </section>
      <TwoFactorSettings view={twoFactor} result={twoFactorResult} />
      <YourDataSettings view={yourData} email={email} />
    </section>
  );
}
