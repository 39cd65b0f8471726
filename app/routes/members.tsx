import { AppError } from "~/lib/app-error";
import { readFormData } from "~/lib/request-body.server";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { Construction } from "lucide-react";
import { z } from "zod";
import type { Route } from "./+types/members";
import { getSessionUser, requireUser } from "~/auth/session.server";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { fieldErrors } from "~/lib/form";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams, reference, valueWhere } from "~/lib/search-params";
import { todayIn } from "~/lib/time-zone";
import { redirectWithToast } from "~/lib/toast.server";
import { isCalendarDate, isCalendarMonth, monthWeeks, parseMonth, utcRange } from "~/modules/training-sessions/calendar";
import { loadNutritionInsights, loadNutritionTab } from "~/modules/nutrition/member-nutrition.server";
import { listWorkoutSchedules } from "~/modules/library/published-plans.server";
import { toDocumentCategory } from "~/modules/nutrition/nutrition.schema";
import { NutritionInsightsCard, NutritionSection } from "~/views/nutrition/nutrition-section";
import { WorkoutScheduleList } from "~/views/library/published-plans";
import { MemberSchedule, type CancelActionData } from "~/views/training-sessions/member-schedule";
import { NextSessionCard, RecentActivityCard, UpcomingSessionsCard } from "~/views/training-sessions/session-cards";
import { cancelOwnTrainingSession, countTrainingSessions, getNextTrainingSessions, getOwnTrainingSession, listOwnTrainingSessions } from "~/modules/training-sessions/training-sessions.server";
import { getProgressSnapshot } from "~/modules/progress/progress-overview.server";
import { ProgressSnapshotCard } from "~/views/progress/progress-snapshot-card";
import { UnitSwitch } from "~/views/progress/unit-switch";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { ChangePasswordForm, SignOutOtherDevicesForm, type SecurityActionData } from "~/views/users/account-security-forms";
import { changeOwnPassword, signOutOtherDevices } from "~/modules/users/account-security.server";
import { getOwnProfile, updateOwnProfile } from "~/modules/users/profile.server";
import { ProfileSettingsForm, profileSignInRequired, profileUpdateFailed, type ProfileFormActionData } from "~/views/users/profile-form";
import { mustEnrolTwoFactor } from "~/auth/two-factor-sign-in.server";
import { getClientIp } from "~/lib/client-ip.server";
import { TwoFactorSettings, type TwoFactorActionData, type TwoFactorView } from "~/views/two-factor/two-factor-settings";
import {
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  regenerateBackupCodes,
  startEnrolment,
  twoFactorState,
  TwoFactorError,
} from "~/modules/two-factor/two-factor.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Member Area", matches) }, { name: "robots", content: "noindex" }];

/** The spec's Member Menu, in its order; each section has its own URL (?tab=…). */
const tabs = [
  { id: "dashboard", label: "Dashboard" },
  { id: "nutrition", label: "Nutrition" },
  { id: "progress", label: "Progress" },
  { id: "community", label: "Community" },
  { id: "schedule", label: "Training Schedule" },
  { id: "settings", label: "Settings" },
] as const;
type Tab = (typeof tabs)[number]["id"];
const tabIds = tabs.map((t) => t.id) as [Tab, ...Tab[]];

/** The tab, and each tab's own parameters. */
const membersQuery = z.object({
  tab: z.enum(tabIds).catch("dashboard"),
  month: valueWhere(isCalendarMonth),
  session: reference(),
  day: valueWhere(isCalendarDate),
  category: z.string().transform(toDocumentCategory).catch("meal-plans"),
});
type MembersQuery = z.output<typeof membersQuery>;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    return data({ signedIn: false as const, signInHref: `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}` }, { status: 401 });
  }
  const query = parseSearchParams(request, membersQuery);
  const { tab } = query;
  if (tab === "progress") throw movedToProgress(request);
  return {
    signedIn: true as const,
    tab,
    name: user.name || user.email,
    profile: tab === "settings" ? await getOwnProfile(user) : null,
    twoFactor: tab === "settings" ? await loadTwoFactor(user) : null,
    dashboard: tab === "dashboard" ? await loadDashboard(user) : null,
    schedule: tab === "schedule" ? await loadSchedule(user, query) : null,
    nutrition: tab === "nutrition" ? await loadNutritionTab(user, query.category) : null,
  };
}

/** Progress has its own page: the old address moves there for good, with its other parameters. */
function movedToProgress(request: Request) {
  const params = new URL(request.url).searchParams;
  params.delete("tab");
  const search = params.toString();
  return redirect(`/members/progress${search ? `?${search}` : ""}`, 301);
}

type Member = NonNullable<Awaited<ReturnType<typeof getSessionUser>>>;

async function loadTwoFactor(user: Member): Promise<TwoFactorView> {
  const [state, required] = await Promise.all([twoFactorState(user), mustEnrolTwoFactor(user)]);
  return { ...state, required };
}

/** Settings' two-factor forms. Backup codes come back in the answer (shown once), never in a later page. */
async function twoFactorAction(request: Request, user: Member, form: Record<string, FormDataEntryValue>) {
  const intent = String(form.intent) as TwoFactorActionData["intent"];
  const ip = getClientIp(request);
  try {
    switch (intent) {
      case "two-factor-start":
        await startEnrolment(user);
        return redirect("/members?tab=settings#two-factor");
      case "two-factor-cancel":
        await cancelEnrolment(user);
        return redirect("/members?tab=settings#two-factor");
      case "two-factor-confirm":
        return data<TwoFactorActionData>({ intent, backupCodes: await confirmEnrolment(user, form.code, ip) });
      case "two-factor-backup-codes":
        return data<TwoFactorActionData>({ intent, backupCodes: await regenerateBackupCodes(user, form.code, ip) });
      case "two-factor-disable":
        await disableTwoFactor(user, { password: form.password, code: form.code }, ip);
        return redirectWithToast("/members?tab=settings", { type: "success", title: "Two-factor authentication turned off" });
    }
  } catch (error) {
    if (error instanceof TwoFactorError) return data<TwoFactorActionData>({ intent, error: error.message }, { status: error.status });
    throw error;
  }
  return null;
}

const twoFactorIntents = ["two-factor-start", "two-factor-cancel", "two-factor-confirm", "two-factor-backup-codes", "two-factor-disable"];

async function loadDashboard(user: Member) {
  const [sessionCount, upcoming, nutrition, progress] = await Promise.all([
    countTrainingSessions(user),
    getNextTrainingSessions(user, 3),
    loadNutritionInsights(user),
    getProgressSnapshot(user),
  ]);
  return { sessionCount, upcoming, next: upcoming[0] ?? null, nutrition, progress };
}

async function loadSchedule(user: Member, query: MembersQuery) {
  const { timeZone, coachName } = await getSiteSettings();
  const today = todayIn(timeZone);
  const month = query.month ?? today.slice(0, 7);
  const weeks = monthWeeks(month);
  const [sessions, workoutSchedules] = await Promise.all([listOwnTrainingSessions(user, utcRange(weeks[0]![0]!, weeks.at(-1)!.at(-1)!, timeZone)), listWorkoutSchedules(user)]);
  const sessionId = query.session;
  const selected = sessionId ? (sessions.find((s) => s.id === sessionId) ?? (await getOwnTrainingSession(user, sessionId))) : null;
  return { month, today, coachName, timeZone, sessions, selected, day: query.day ?? null, workoutSchedules };
}

/**
 * A profile save whose session has ended (signed out elsewhere, expired)
 * must not lose what the member typed: it answers 401 and stores nothing, the form stays
 * open and filled, and the member signs in again in the page (docs/decisions/, the error
 * catalogue record). Other forms send a signed-out person to /login.
 */
function signInAgainAnswer(intent: unknown) {
  if (intent === "update-profile") return data(profileSignInRequired, { status: 401 });
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readFormData(request));
  const signedOut = (await getSessionUser(request)) ? null : signInAgainAnswer(form.intent);
  if (signedOut) return signedOut;
  const user = await requireUser(request);
  if (twoFactorIntents.includes(String(form.intent))) return twoFactorAction(request, user, form);
  if (form.intent === "cancel-session") {
    const month = parseMonth(String(form.month ?? ""), "1970-01-01");
    const day = /^\d{4}-\d{2}-\d{2}$/.test(String(form.day ?? "")) ? `&day=${String(form.day)}` : "";
    try {
      await cancelOwnTrainingSession(user, String(form.id ?? ""));
    } catch (error) {
      if (error instanceof AppError) return data<CancelActionData>({ intent: "cancel-session", error: error.message }, { status: error.status });
      throw error;
    }
    return redirectWithToast(`/members?tab=schedule${month === "1970-01" ? "" : `&month=${month}`}${day}`, {
      type: "success",
      title: "Session cancelled",
      description: "Your session has been cancelled. The coach will be notified.",
    });
  }
  if (form.intent === "change-password") {
    try {
      const result = await changeOwnPassword(request, user, form);
      if (!result.ok) return data<SecurityActionData>({ intent: "change-password", error: result.message }, { status: result.status });
      return redirectWithToast(
        "/members?tab=settings",
        { type: "success", title: "Password changed", description: "Your new password is now in use." },
        result.headers,
      );
    } catch (error) {
      if (error instanceof z.ZodError) {
        return data<SecurityActionData>({ intent: "change-password", fieldErrors: fieldErrors(error) }, { status: 400 });
      }
      throw error;
    }
  }
  if (form.intent === "revoke-other-sessions") {
    const result = await signOutOtherDevices(request, user);
    if (!result.ok) return data<SecurityActionData>({ intent: "revoke-other-sessions", error: result.message }, { status: result.status });
    return redirectWithToast("/members?tab=settings", {
      type: "success",
      title: "Signed out of other devices",
      description: "Every other session has ended; this one stays signed in.",
    });
  }
  if (form.intent !== "update-profile") return data<ProfileFormActionData>({ error: "Unknown action" }, { status: 400 });
  try {
    await updateOwnProfile(user, form);
  } catch (error) {
    if (error instanceof z.ZodError) {
      return data<ProfileFormActionData>({ fieldErrors: fieldErrors(error) }, { status: 400 });
    }
    throw error;
  }
  return redirectWithToast("/members?tab=settings", {
    type: "success",
    title: "Profile updated",
    description: "Your profile has been successfully updated.",
  });
}

/**
 * A profile save that never got an answer (the connection dropped, the
 * server failed) keeps its form open and filled and shows the spec's failure toast,
 * where the router would otherwise replace the page with the error screen.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  try {
    return await serverAction();
  } catch (error) {
    // Redirects and answers the server meant (a 404 page) go on as they are.
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    if (intent === "update-profile") return data(profileUpdateFailed, { status: 503 });
    throw error;
  }
}

export default function Members({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
        <h1 className="text-4xl font-bold uppercase">Access Required</h1>
        <p className="text-zinc-700">Please sign in to access the member dashboard</p>
        <Link to={loaderData.signInHref} className={buttonClass("primary")}>
          Sign In
        </Link>
      </section>
    );
  }
  const cancelError = actionData && "intent" in actionData && actionData.intent === "cancel-session" && "error" in actionData ? actionData.error : undefined;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Welcome back, {loaderData.name}</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[14rem_1fr]">
        <nav aria-labelledby="member-menu-title" className="self-start rounded-xl border border-zinc-200 p-4">
          <h2 id="member-menu-title" className="mb-3 text-sm font-semibold uppercase tracking-widest text-zinc-600">
            Member Menu
          </h2>
          <ul className="flex flex-wrap gap-2 lg:flex-col">
            {tabs.map((t) => (
              <li key={t.id}>
                <Link
                  to={`/members?tab=${t.id}`}
                  aria-current={loaderData.tab === t.id ? "page" : undefined}
                  className={cn(
                    "block rounded-md px-3 py-2 text-sm font-semibold",
                    loaderData.tab === t.id ? "bg-zinc-900 text-white" : "text-zinc-800 hover:bg-zinc-100",
                  )}
                >
                  {t.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          {loaderData.tab === "settings" && loaderData.profile && loaderData.twoFactor ? (
            <SettingsSection
              profile={loaderData.profile}
              twoFactor={loaderData.twoFactor}
              twoFactorResult={actionData && "intent" in actionData && String(actionData.intent).startsWith("two-factor-") ? (actionData as TwoFactorActionData) : undefined}
            />
          ) : loaderData.tab === "schedule" && loaderData.schedule ? (
            <>
              <MemberSchedule data={loaderData.schedule} cancelError={cancelError} />
              <WorkoutScheduleList schedules={loaderData.schedule.workoutSchedules} />
            </>
          ) : loaderData.tab === "nutrition" && loaderData.nutrition ? (
            <NutritionSection data={loaderData.nutrition} />
          ) : loaderData.tab === "community" ? (
            <CommunitySection />
          ) : loaderData.dashboard ? (
            <section aria-labelledby="dashboard-title">
              <h2 id="dashboard-title" className="text-2xl font-bold uppercase">
                Dashboard
              </h2>
              {/* Progress Snapshot joins these with its issue. */}
              <div className="mt-6 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
                <RecentActivityCard
                  sessionCount={loaderData.dashboard.sessionCount}
                  lastBodyUpdate={loaderData.dashboard.progress.lastBodyUpdate}
                  activeGoals={loaderData.dashboard.progress.activeGoals}
                />
                <NextSessionCard next={loaderData.dashboard.next} />
                <UpcomingSessionsCard upcoming={loaderData.dashboard.upcoming} />
                <ProgressSnapshotCard snapshot={loaderData.dashboard.progress} />
                <NutritionInsightsCard data={loaderData.dashboard.nutrition} />
              </div>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

type SignedInData = Extract<Route.ComponentProps["loaderData"], { signedIn: true }>;

function SettingsSection({
  profile,
  twoFactor,
  twoFactorResult,
}: {
  profile: NonNullable<SignedInData["profile"]>;
  twoFactor: TwoFactorView;
  twoFactorResult?: TwoFactorActionData;
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
        {/* The Progress section's switch: it saves through /members/progress, then this page reloads with the new unit. */}
        <UnitSwitch unit={profile.weightUnit} />
      </section>
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
    </section>
  );
}

function CommunitySection() {
  return (
    <section aria-labelledby="community-title">
      <h2 id="community-title" className="text-2xl font-bold uppercase">
        Community
      </h2>
      <div className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 p-10 text-center">
        <Construction className="size-8 text-brand" aria-hidden="true" />
        <h3 className="text-xl font-bold uppercase">Coming Soon</h3>
        <p className="text-zinc-700">A place to share progress and train alongside other members is on its way.</p>
      </div>
    </section>
  );
}
