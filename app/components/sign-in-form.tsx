import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "~/components/toast";
import { signInSchema } from "~/auth/credentials.schema";
import type { ActionData } from "~/lib/action.server";
import { ONBOARDING_NOTE } from "./onboarding-note";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";

/** The /login action's answer (action contract); a success is a redirect, so only a failure reaches the form. */
export type SignInActionData = ActionData<object, "email" | "password">;
type SignInFailure = Extract<SignInActionData, { ok: false }>;

/** 'Error signing in' for a refusal, 'An error occurred' when the server could not complete it. */
const failureTitle = (result: SignInFailure) => result.title ?? "Error signing in";

/**
 * The one sign-in form, on /login and in the 'Member Login' dialog. It posts to
 * the /login action, which works without JavaScript too.
 */
export function SignInForm({ redirectTo, serverData, idPrefix = "signin" }: { redirectTo?: string; serverData?: SignInActionData; idPrefix?: string }) {
  const fetcher = useFetcher<SignInActionData>();
  const [clientErrors, setClientErrors] = useState<SignInFailure["fieldErrors"]>();
  const answer = fetcher.data ?? serverData;
  const result = answer && !answer.ok ? answer : undefined;
  const busy = fetcher.state !== "idle";
  const fieldErrors = clientErrors ?? result?.fieldErrors;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && fetcher.data.error) {
      toast.error(failureTitle(fetcher.data), { description: fetcher.data.error });
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form
      method="post"
      action="/login"
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget);
        const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
        if (!parsed.success) {
          event.preventDefault();
          const errors: SignInFailure["fieldErrors"] = {};
          for (const issue of parsed.error.issues) errors[issue.path[0] as "email" | "password"] ??= issue.message;
          setClientErrors(errors);
          const first = event.currentTarget.querySelector<HTMLInputElement>(`[name="${errors.email ? "email" : "password"}"]`);
          first?.focus();
          return;
        }
        setClientErrors(undefined);
      }}
    >
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {result?.error && !busy ? (
        <p role="alert" className="rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-sm text-brand-strong">
          <strong>{failureTitle(result)}.</strong> {result.error}
        </p>
      ) : null}
      <TextField id={`${idPrefix}-email`} label="Email" name="email" type="email" autoComplete="email" required error={fieldErrors?.email} />
      <TextField
        id={`${idPrefix}-password`}
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={fieldErrors?.password}
      />
      <p className="-mt-2 text-right text-sm">
        <Link to="/forgot-password" className="font-semibold text-brand underline underline-offset-2">
          Forgot password?
        </Link>
      </p>
      <Button type="submit" className="w-full" busy={busy} busyText="Processing...">
        Sign In
      </Button>
      <p className="text-sm text-zinc-700">
        {ONBOARDING_NOTE}{" "}
        <Link to="/contact" className="font-semibold text-brand underline underline-offset-2">
          Contact us
        </Link>
      </p>
    </fetcher.Form>
  );
}
