import { redirect } from "react-router";
import type { Route } from "./+types/members.settings";
import { mustEnrolTwoFactor } from "~/auth/two-factor-sign-in.server";
import { actingUser, memberOf, signedInUser } from "~/auth/user-context";
import { SIGN_IN_AGAIN_TITLE } from "~/components/sign-in-again";
import { runAction } from "~/lib/action.server";
import { AppError } from "~/lib/app-error";
import { getClientIp } from "~/lib/client-ip.server";
import { redirectWithToast } from "~/lib/toast.server";
import { keepFormWhenUnanswered } from "~/lib/unanswered-save";
import { cancelEnrolment, confirmEnrolment, disableTwoFactor, regenerateBackupCodes, startEnrolment, twoFactorState } from "~/modules/two-factor/two-factor.server";
import { changeOwnPassword, signOutOtherDevices } from "./members.settings.server";
import { getOwnProfile, updateOwnProfile } from "~/modules/users/profile.server";
import { getMessageEmails, setMessageEmails } from "~/modules/messages/messages.server";
import { ownExportState, requestOwnExport } from "~/modules/member-data/data-exports.server";
import { ownDeletionRequest, requestAccountDeletion, withdrawAccountDeletion } from "~/modules/member-data/deletion-requests.server";
import { EXPORT_INTENT, REQUEST_DELETION_INTENT, WITHDRAW_DELETION_INTENT } from "~/modules/member-data/member-data.schema";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { can } from "~/auth/permissions";
import { formatUsDateTime } from "~/lib/dates";
import { MESSAGE_EMAILS_INTENT } from "~/views/messages/message-emails-form";
import { getOwnReminderSettings, saveOwnReminderSettings } from "~/modules/reminders/reminder-settings.server";
import { REMINDERS_INTENT } from "~/modules/reminders/reminders.schema";
import { ReminderSettingsForm } from "~/views/reminders/reminder-settings-form";
import type { TwoFactorActionData } from "~/views/two-factor/two-factor-settings";
import { profileUpdateFailed } from "~/views/users/profile-form";
import { SettingsScreen } from "~/views/users/settings-screen";
import { calendarFeedState, issueCalendarFeed } from "~/modules/calendar-feeds/calendar-feeds.server";
import { CALENDAR_FEED_INTENT, CalendarFeedSettings, type CalendarFeedActionData } from "~/views/calendar-feeds/calendar-feed-settings";

const SETTINGS = "/members/settings";

export async function loader({ context }: Route.LoaderArgs) {
  const user = memberOf(context);
  const [profile, twoFactor, required, messageEmails, exports, deletion, { timeZone }, reminders] = await Promise.all([
    getOwnProfile(user),
    twoFactorState(user),
    mustEnrolTwoFactor(user),
    getMessageEmails(user),
    ownExportState(user),
    ownDeletionRequest(user),
    getSiteSettings(),
    can(user.role, "reminders", "manageOwn") ? getOwnReminderSettings(user) : null,
  ]);
  const yourData = {
    building: exports.building,
    lastReady: exports.lastReadyAt ? formatUsDateTime(exports.lastReadyAt, timeZone) : null,
    canRequestDeletion: can(user.role, "memberData", "requestDeletion"),
    deletionRequested: deletion ? formatUsDateTime(deletion.createdAt, timeZone) : null,
  };
  const calendarFeed = await calendarFeedState(user, timeZone);
  return { profile, twoFactor: { ...twoFactor, required }, messageEmails, yourData, email: user.email, reminders, calendarFeed };
}

export function action({ request, context }: Route.ActionArgs) {
  const user = () => actingUser(context, request);
  const ip = getClientIp(request);
  return runAction(request, {
    // A profile save whose session has ended keeps the form: 401, and the member signs in again in the page (decision 0023).
    "update-profile": async (form) => {
      const member = signedInUser(context);
      if (!member) throw new AppError(401, "Please log in to save your profile.", { title: SIGN_IN_AGAIN_TITLE });
      await updateOwnProfile(member, form);
      return redirectWithToast(SETTINGS, { type: "success", title: "Profile updated", description: "Your profile has been successfully updated." });
    },
    [MESSAGE_EMAILS_INTENT]: async (form) => {
      const on = await setMessageEmails(user(), form);
      return redirectWithToast(SETTINGS, { type: "success", title: on ? "Message e-mails on" : "Message e-mails off" });
    },
    [REMINDERS_INTENT]: async (form) => {
      await saveOwnReminderSettings(user(), form);
      return redirectWithToast(SETTINGS, { type: "success", title: "Reminders saved" });
    },
    [EXPORT_INTENT]: async () => {
      await requestOwnExport(user());
      return redirectWithToast(SETTINGS, { type: "success", title: "Your data is being prepared", description: "We will e-mail you a link when it is ready." });
    },
    [REQUEST_DELETION_INTENT]: async () => {
      await requestAccountDeletion(user());
      return redirectWithToast(SETTINGS, { type: "success", title: "Request sent", description: "The administrator will be in touch before your account is erased." });
    },
    [WITHDRAW_DELETION_INTENT]: async () => {
      await withdrawAccountDeletion(user());
      return redirectWithToast(SETTINGS, { type: "success", title: "Request withdrawn", description: "Your account stays as it is." });
    },
    [CALENDAR_FEED_INTENT]: () => issueCalendarFeed(user()),
    "change-password": async (form) => {
      const headers = await changeOwnPassword(request, user(), form);
      return redirectWithToast(SETTINGS, { type: "success", title: "Password changed", description: "Your new password is now in use." }, headers);
    },
    "revoke-other-sessions": async () => {
      await signOutOtherDevices(request, user());
      return redirectWithToast(SETTINGS, { type: "success", title: "Signed out of other devices", description: "Every other session has ended; this one stays signed in." });
    },
    // Two-factor: backup codes come back in the answer (shown once), never in a later page.
    "two-factor-start": async () => {
      await startEnrolment(user());
      return redirect(`${SETTINGS}#two-factor`);
    },
    "two-factor-cancel": async () => {
      await cancelEnrolment(user());
      return redirect(`${SETTINGS}#two-factor`);
    },
    "two-factor-confirm": async (form) => ({ backupCodes: await confirmEnrolment(user(), form.code, ip) }),
    "two-factor-backup-codes": async (form) => ({ backupCodes: await regenerateBackupCodes(user(), form.code, ip) }),
    "two-factor-disable": async (form) => {
      await disableTwoFactor(user(), { password: form.password, code: form.code }, ip);
      return redirectWithToast(SETTINGS, { type: "success", title: "Two-factor authentication turned off" });
    },
  });
}

/** A profile save that never got an answer keeps its form open and filled, with the spec's failure toast. */
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormWhenUnanswered(request, serverAction, { "update-profile": profileUpdateFailed });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  // The two-factor forms post as navigations (their answer is this page's); the other forms use fetchers.
  const result = actionData as TwoFactorActionData | undefined;
  const twoFactorResult = result?.intent?.startsWith("two-factor-") ? result : undefined;
  return (
    <SettingsScreen profile={loaderData.profile} twoFactor={loaderData.twoFactor} twoFactorResult={twoFactorResult} messageEmails={loaderData.messageEmails} yourData={loaderData.yourData} email={loaderData.email}>
      {loaderData.reminders ? <ReminderSettingsForm view={loaderData.reminders} /> : null}
      <CalendarFeedSettings view={loaderData.calendarFeed} result={actionData as CalendarFeedActionData | undefined} />
    </SettingsScreen>
  );
}
