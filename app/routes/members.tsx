import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/members";
import { getSessionUser, requireUser } from "~/auth/session.server";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { fieldErrors } from "~/lib/form";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { ChangePasswordForm, SignOutOtherDevicesForm, type SecurityActionData } from "~/modules/users/account-security-forms";
import { changeOwnPassword, signOutOtherDevices } from "~/modules/users/account-security.server";
import { getOwnProfile, updateOwnProfile } from "~/modules/users/profile.server";
import { ProfileSettingsForm, type ProfileFormActionData } from "~/modules/users/profile-form";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Member Area") }, { name: "robots", content: "noindex" }];

const tabs = [
  { id: "dashboard", label: "Dashboard" },
  { id: "settings", label: "Settings" },
] as const;
type Tab = (typeof tabs)[number]["id"];

function currentTab(request: Request): Tab {
  const tab = new URL(request.url).searchParams.get("tab");
  return tabs.some((t) => t.id === tab) ? (tab as Tab) : "dashboard";
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    return data({ signedIn: false as const, signInHref: `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}` }, { status: 401 });
  }
  const tab = currentTab(request);
  return {
    signedIn: true as const,
    tab,
    name: user.name || user.email,
    profile: tab === "settings" ? await getOwnProfile(user) : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await request.formData());
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

export default function Members({ loaderData }: Route.ComponentProps) {
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
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Welcome back, {loaderData.name}</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[14rem_1fr]">
        <nav aria-labelledby="member-menu-title" className="rounded-xl border border-zinc-200 p-4">
          <h2 id="member-menu-title" className="mb-3 text-sm font-semibold uppercase tracking-widest text-zinc-600">
            Member Menu
          </h2>
          <ul className="flex gap-2 lg:flex-col">
            {tabs.map((t) => (
              <li key={t.id}>
                <Link
                  to={t.id === "dashboard" ? "/members" : `/members?tab=${t.id}`}
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
        <div>
          {loaderData.tab === "settings" && loaderData.profile ? (
            <section aria-labelledby="settings-title" className="max-w-2xl">
              <h2 id="settings-title" className="mb-6 text-2xl font-bold uppercase">
                Settings
              </h2>
              <ProfileSettingsForm profile={loaderData.profile} />
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
            </section>
          ) : (
            <section aria-labelledby="dashboard-title">
              <h2 id="dashboard-title" className="text-2xl font-bold uppercase">
                Dashboard
              </h2>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
