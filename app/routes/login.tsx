import { readFormData } from "~/lib/request-body.server";
import { data, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/login";
import { getSessionUser } from "~/auth/session.server";
import { signInWithPassword, type AuthResult } from "~/auth/sign-in.server";
import { setChallengeCookie } from "~/auth/two-factor-cookie.server";
import { ENROL_PATH, mustEnrolTwoFactorByEmail } from "~/auth/two-factor-sign-in.server";
import { SignInForm, type SignInActionData } from "~/components/sign-in-form";
import { getEnv } from "~/lib/env.server";
import { fieldErrors } from "~/lib/form";
import { getLogger } from "~/lib/logger.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { pageTitle } from "~/lib/meta";
import { siteFromMatches } from "~/lib/seo";
import { parseSearchParams, redirectPath } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { signInSchema } from "~/auth/credentials.schema";

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
  const redirectTo = safeRedirect(query.redirectTo, getEnv().BASE_URL);
  if (await getSessionUser(request)) throw redirect(redirectTo);
  return { redirectTo: query.redirectTo !== undefined ? redirectTo : undefined };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) {
    return data<SignInActionData>({ fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  }
  let result: AuthResult;
  try {
    result = await signInWithPassword(request, parsed.data.email, parsed.data.password);
  } catch (error) {
    // The server could not complete it (the database gone away, say): the spec's unexpected failure, not a 500 page.
    getLogger().error({ err: error }, "sign-in failed unexpectedly");
    return data<SignInActionData>({ error: "Please try again later.", unexpected: true }, { status: 503 });
  }
  if (!result.ok) {
    const headers: HeadersInit = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
    return data<SignInActionData>({ error: result.message }, { status: result.status, headers });
  }
  const redirectTo = safeRedirect(form.get("redirectTo"), getEnv().BASE_URL);
  if (result.twoFactorChallenge) {
    // The password was right; no session exists until the second step passes.
    throw redirect(`/login/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, {
      headers: { "Set-Cookie": await setChallengeCookie(result.twoFactorChallenge) },
    });
  }
  if (await mustEnrolTwoFactorByEmail(parsed.data.email)) {
    return redirectWithToast(
      ENROL_PATH,
      { type: "success", title: "Set up two-factor authentication", description: "Staff accounts need two-factor authentication: set it up to continue." },
      result.headers,
    );
  }
  return redirectWithToast(redirectTo, { type: "success", title: "Welcome back!", description: "You have successfully signed in." }, result.headers);
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
