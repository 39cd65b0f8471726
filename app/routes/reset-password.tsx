import { data, Form, Link, useNavigation } from "react-router";
import { NewPasswordFields } from "~/components/new-password-fields";
import type { Route } from "./+types/reset-password";
import { isResetTokenUsable, resetPassword } from "~/auth/sign-in.server";
import { Button } from "~/components/ui/button";
import { runAction, type ActionData } from "~/lib/action.server";
import { AppError } from "~/lib/app-error";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams, tokenQuery } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { RESET_LINK_NOT_VALID, resetPasswordSchema } from "~/modules/users/password.schema";
import { refuseCommonPassword } from "~/modules/users/password-policy.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Reset Password", matches) }, { name: "robots", content: "noindex" }];

/** The token page's privacy headers, and when to try again after a refused (rate-limited) attempt. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const out = new Headers({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
};

/** Opening the link only shows the form (link scanners change nothing); the token is used on submit. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = parseSearchParams(request, tokenQuery).token ?? "";
  const valid = await isResetTokenUsable(token);
  return data({ token: valid ? token : "", valid }, { status: valid ? 200 : 400, headers: { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" } });
}

type ResetField = "token" | "newPassword" | "confirmPassword";

export async function action({ request }: Route.ActionArgs) {
  return runAction(request, async (form) => {
    const parsed = resetPasswordSchema.superRefine(refuseCommonPassword("newPassword")).parse({
      token: form.token,
      newPassword: form.newPassword,
      confirmPassword: form.confirmPassword,
    });
    const result = await resetPassword(request, parsed.token, parsed.newPassword);
    if (!result.ok) {
      if (result.status === 429) throw new AppError(429, "Too many attempts. Please wait a few minutes and try again.", { retryAfter: result.retryAfter });
      throw new AppError(400, "", { fieldErrors: { token: RESET_LINK_NOT_VALID } });
    }
    return redirectWithToast("/login", { type: "success", title: "Password reset", description: "Sign in with your new password." });
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const answer = actionData as ActionData<object, ResetField> | undefined;
  const failed = answer && !answer.ok ? answer : undefined;
  const invalid = !loaderData.valid || Boolean(failed?.fieldErrors.token);
  return (
    <section className="bg-zinc-50 px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold uppercase">Reset Password</h1>
        {invalid ? (
          <div className="mt-4 space-y-4">
            <p role="alert" className="rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-brand-strong">
              This reset link is invalid or has expired. Links work once, within one hour.
            </p>
            <Link to="/forgot-password" className="font-semibold text-brand underline underline-offset-2">
              Request a new link
            </Link>
          </div>
        ) : (
          <>
            <p className="mb-6 mt-2 text-zinc-600">Choose a new password (at least 8 characters). You will be signed out everywhere.</p>
            <Form method="post" noValidate className="space-y-5">
              {failed?.error ? (
                <p role="alert" className="rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-sm text-brand-strong">
                  {failed.error}
                </p>
              ) : null}
              <input type="hidden" name="token" value={loaderData.token} />
              <NewPasswordFields idPrefix="reset" name="newPassword" label="New password" confirmLabel="Repeat new password" errors={failed?.fieldErrors} />
              <Button type="submit" className="w-full" busy={busy} busyText="Saving...">
                Set new password
              </Button>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}
