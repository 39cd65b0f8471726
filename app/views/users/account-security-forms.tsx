import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { fieldErrors } from "~/lib/form";
import type { ActionData, ActionFailure } from "~/lib/action.server";
import { changePasswordSchema } from "~/modules/users/password.schema";

type PasswordField = "currentPassword" | "newPassword" | "confirmPassword";

export type SecurityActionData = ActionData<object, PasswordField>;

/** The form's refusal, when the answer is one for this intent. */
const failureOf = (answer: SecurityActionData | undefined, intent: "change-password" | "revoke-other-sessions") =>
  answer?.ok === false && answer.intent === intent ? answer : undefined;

/** Settings: change the password (the current one is required). */
export function ChangePasswordForm() {
  const fetcher = useFetcher<SecurityActionData>();
  const [clientErrors, setClientErrors] = useState<ActionFailure<PasswordField>["fieldErrors"]>();
  const formRef = useRef<HTMLFormElement>(null);
  const result = failureOf(fetcher.data, "change-password");
  const errors = clientErrors ?? result?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && result?.error) toast.error("Failed to change password", { description: result.error });
  }, [fetcher.state, result]);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/members/settings"
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        const parsed = changePasswordSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
        if (!parsed.success) {
          event.preventDefault();
          const found = fieldErrors<PasswordField>(parsed.error);
          setClientErrors(found);
          event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
          return;
        }
        setClientErrors(undefined);
      }}
    >
      <input type="hidden" name="intent" value="change-password" />
      <TextField id="current-password" label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
      <TextField id="new-password" label="New password" name="newPassword" type="password" autoComplete="new-password" required error={errors.newPassword} />
      <TextField
        id="confirm-password"
        label="Repeat new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
      <label className="flex items-center gap-2 text-sm text-zinc-800">
        <input type="checkbox" name="revokeOtherSessions" className="size-4" />
        Also sign out of all other devices
      </label>
      <Button type="submit" busy={busy} busyText="Saving...">
        Change Password
      </Button>
    </fetcher.Form>
  );
}

/** Settings: end every other session; this one stays signed in. */
export function SignOutOtherDevicesForm() {
  const fetcher = useFetcher<SecurityActionData>();
  const busy = fetcher.state !== "idle";
  const result = failureOf(fetcher.data, "revoke-other-sessions");

  useEffect(() => {
    if (fetcher.state === "idle" && result?.error) toast.error("Failed to sign out other devices", { description: result.error });
  }, [fetcher.state, result]);

  return (
    <fetcher.Form method="post" action="/members/settings">
      <input type="hidden" name="intent" value="revoke-other-sessions" />
      <Button type="submit" variant="secondary" busy={busy} busyText="Signing out...">
        Sign out of all other devices
      </Button>
    </fetcher.Form>
  );
}
