import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { refusal, requestPasswordReset } from "~/auth/sign-in.server";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { runAction, type ActionData } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { siteFromMatches } from "~/lib/seo";
import { forgotPasswordSchema, RESET_REQUESTED_MESSAGE } from "~/modules/users/password.schema";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Forgot Password", matches) },
  { name: "description", content: `Reset the password of your ${siteFromMatches(matches).siteName} member account.` },
  { name: "robots", content: "noindex" },
];

/** A refused (rate-limited) request says when to try again. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function action({ request }: Route.ActionArgs) {
  return runAction(request, async (form) => {
    const { email } = forgotPasswordSchema.parse({ email: form.email });
    const result = await requestPasswordReset(request, email);
    // Only the limits differ (they count unknown e-mails too, so they tell nothing about the account).
    if (!result.ok && result.status === 429) throw refusal(result);
    return { sent: true };
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const answer = actionData as ActionData<{ sent: boolean }, "email"> | undefined;
  const failed = answer && !answer.ok ? answer : undefined;
  return (
    <section className="bg-zinc-50 px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold uppercase">Forgot Password</h1>
        {answer?.ok && answer.sent ? (
          <div className="mt-4 space-y-4">
            <p role="status" className="rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-zinc-800">
              {RESET_REQUESTED_MESSAGE}
            </p>
            <p className="text-sm text-zinc-600">The link works once, within one hour. Check your spam folder if it does not arrive.</p>
          </div>
        ) : (
          <>
            <p className="mb-6 mt-2 text-zinc-600">Enter the e-mail of your account and we will send you a link to choose a new password.</p>
            <Form method="post" noValidate className="space-y-5">
              {failed?.error ? (
                <p role="alert" className="rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-sm text-brand-strong">
                  {failed.error}
                </p>
              ) : null}
              <TextField id="forgot-email" label="Email" name="email" type="email" autoComplete="email" required error={failed?.fieldErrors.email} />
              <Button type="submit" className="w-full" busy={busy} busyText="Sending...">
                Send reset link
              </Button>
            </Form>
          </>
        )}
        <p className="mt-6 text-sm text-zinc-600">
          <Link to="/login" className="font-semibold text-brand underline underline-offset-2">
            Back to sign in
          </Link>
        </p>
      </div>
    </section>
  );
}
