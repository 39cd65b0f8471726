import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/login.two-factor";
import { getSessionUser } from "~/auth/session.server";
import { signedInHome } from "~/auth/user";
import { createTwoFactorSession } from "~/auth/sign-in.server";
import { clearChallengeCookie, readChallengeCookie } from "~/auth/two-factor-cookie.server";
import { challengeUser } from "~/auth/two-factor-sign-in.server";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { runAction, type ActionData } from "~/lib/action.server";

import { getClientIp } from "~/lib/client-ip.server";
import { recordAudit } from "~/auth/audit.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { passChallenge } from "~/modules/two-factor/two-factor.server";
import { getEnv } from "~/lib/env.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { parseSearchParams, redirectPath } from "~/lib/search-params";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Two-Factor Authentication", matches) }, { name: "robots", content: "noindex" }];

/** The second step of a sign-in: only with a live pending sign-in (a right password a moment ago). */
const secondStepQuery = z.object({ redirectTo: redirectPath });

export async function loader({ request }: Route.LoaderArgs) {
  const asked = parseSearchParams(request, secondStepQuery).redirectTo;
  const signedIn = await getSessionUser(request);
  if (signedIn) throw redirect(safeRedirect(asked, getEnv().BASE_URL, signedInHome(signedIn.role)));
  if (!(await challengeUser(await readChallengeCookie(request)))) throw redirect("/login");
  return { redirectTo: safeRedirect(asked, getEnv().BASE_URL, "") || undefined };
}

export async function action({ request }: Route.ActionArgs) {
  return runAction(request, async (form) => {
    const token = await readChallengeCookie(request);
    const ip = getClientIp(request);
    const signedIn = await passChallenge(token ?? "", form.code, ip);
    const headers = await createTwoFactorSession(request, signedIn.id);
    headers.append("Set-Cookie", await clearChallengeCookie());
    await recordAudit({ action: "auth.sign_in", actor: signedIn, summary: `${signedIn.email} signed in with two-factor authentication`, ip });
    return redirectWithToast(
      safeRedirect(form.redirectTo, getEnv().BASE_URL, signedInHome(signedIn.role)),
      { type: "success", title: "Welcome back!", description: "You have successfully signed in." },
      headers,
    );
  });
}

export default function TwoFactorStep({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const answer = actionData as ActionData | undefined;
  return (
    <section className="bg-zinc-50 px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold uppercase">Two-Factor Authentication</h1>
        <p className="mb-6 mt-2 text-zinc-600">Enter the 6-digit code from your authenticator app, or one of your backup codes.</p>
        <Form method="post" className="space-y-5">
          {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
          <TextField
            id="two-factor-code"
            label="Code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={40}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page exists to take this one code
            autoFocus
            error={answer && !answer.ok ? (answer.error ?? undefined) : undefined}
          />
          <Button type="submit" className="w-full" busy={navigation.state === "submitting"} busyText="Verifying...">
            Verify
          </Button>
        </Form>
        <p className="mt-6 text-sm text-zinc-600">
          Lost your phone and your backup codes? Ask the coach to reset your two-factor authentication.{" "}
          <Link to="/login" className="font-semibold text-brand underline underline-offset-2">
            Back to sign in
          </Link>
        </p>
      </div>
    </section>
  );
}
