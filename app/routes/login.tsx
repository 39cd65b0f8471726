import { Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/login";
import { signedInHome } from "~/auth/user";
import { getSessionUser } from "~/auth/session.server";
import { signInFromForm } from "~/auth/sign-in.server";
import { setChallengeCookie } from "~/auth/two-factor-cookie.server";
import { ENROL_PATH, mustEnrolTwoFactorByEmail } from "~/auth/two-factor-sign-in.server";
import { SignInForm } from "~/components/sign-in-form";
import { runAction } from "~/lib/action.server";
import { getEnv } from "~/lib/env.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { pageTitle } from "~/lib/meta";
import { siteFromMatches } from "~/lib/seo";
import { parseSearchParams, redirectPath } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Member Login", matches) },
  { name: "description", content: `Sign in to the ${siteFromMatches(matches).siteName} member area.` },
  { name: "robots", content: "noindex" },
];

/** A refused (rate-limited) attempt says when to try again. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

const loginQuery = z.object({ redirectTo: redirectPath });

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseSearchParams(request, loginQuery);
  const signedIn = await getSessionUser(request);
  if (signedIn) throw redirect(safeRedirect(query.redirectTo, getEnv().BASE_URL, signedInHome(signedIn.role)));
  // An unsafe target is none at all: the sign-in then lands on the person's home.
  return { redirectTo: safeRedirect(query.redirectTo, getEnv().BASE_URL, "") || undefined };
}

export async function action({ request }: Route.ActionArgs) {
  return runAction(request, async (form) => {
    const signedIn = await signInFromForm(request, form);
    // No page asked for: the second step, and then the sign-in, land on the user's home.
    const home = signedInHome(signedIn.role);
    const asked = typeof form.redirectTo === "string" && form.redirectTo !== "" ? safeRedirect(form.redirectTo, getEnv().BASE_URL, home) : null;
    const redirectTo = asked ?? home;
    if (signedIn.twoFactorChallenge) {
      // The password was right; no session exists until the second step passes.
      return redirect(asked ? `/login/two-factor?redirectTo=${encodeURIComponent(asked)}` : "/login/two-factor", {
        headers: { "Set-Cookie": await setChallengeCookie(signedIn.twoFactorChallenge) },
      });
    }
    if (await mustEnrolTwoFactorByEmail(signedIn.email)) {
      return redirectWithToast(
        ENROL_PATH,
        { type: "success", title: "Set up two-factor authentication", description: "Staff accounts need two-factor authentication: set it up to continue." },
        signedIn.headers,
      );
    }
    return redirectWithToast(redirectTo, { type: "success", title: "Welcome back!", description: "You have successfully signed in." }, signedIn.headers);
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="bg-zinc-50 px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold uppercase">Member Login</h1>
        <p className="mb-6 mt-2 text-zinc-600">Sign in to your member area.</p>
        <SignInForm redirectTo={loaderData.redirectTo} serverData={actionData} />
        <p className="mt-6 text-sm text-zinc-600">
          Not a member yet?{" "}
          <Link to="/contact" className="font-semibold text-brand underline underline-offset-2">
            Apply for coaching
          </Link>
        </p>
      </div>
    </section>
  );
}
