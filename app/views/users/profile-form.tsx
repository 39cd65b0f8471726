import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/toast";
import { SIGN_IN_AGAIN_TITLE, SignInAgain } from "~/components/sign-in-again";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { fieldErrors } from "~/lib/form";
import type { ActionData, ActionFailure } from "~/lib/action.server";
import { profileFormSchema, type ProfileFields, type ProfileForm } from "~/modules/users/profile.schema";

export type ProfileFormActionData = ActionData<object, keyof ProfileForm>;

/** The save never got an answer (the connection dropped, the server failed): the spec's profile failure. */
export const profileUpdateFailed: ActionFailure<keyof ProfileForm> = {
  ok: false,
  status: 503,
  intent: "update-profile",
  error: "Failed to update profile. Please try again.",
  title: null,
  fieldErrors: {},
  values: {},
};

/**
 * The Settings screen's profile form: full name required, the rest optional. A save that
 * found the session ended (401) or never got an answer keeps what was typed; after a
 * 401 the member signs in again in the page and saves.
 */
export function ProfileSettingsForm({ profile }: { profile: ProfileFields }) {
  const fetcher = useFetcher<ProfileFormActionData>();
  const failure = fetcher.data?.ok === false ? fetcher.data : undefined;
  const [clientErrors, setClientErrors] = useState<ActionFailure<keyof ProfileForm>["fieldErrors"]>();
  const errors = clientErrors ?? failure?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // A refusal with a title (the session ended) toasts the title over the message.
    if (fetcher.state === "idle" && failure?.error) toast.error(failure.title ?? failure.error, { description: failure.title ? failure.error : undefined });
  }, [fetcher.state, failure]);

  return (
    <>
      {failure?.title === SIGN_IN_AGAIN_TITLE ? (
        <SignInAgain
          answer={failure}
          title={failure.title}
          description={failure.error ?? ""}
          onSignedIn={() => formRef.current?.querySelector<HTMLElement>("button[type=submit]")?.focus()}
        />
      ) : null}
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/members/settings"
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          const parsed = profileFormSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
          if (!parsed.success) {
            event.preventDefault();
            const found = fieldErrors<keyof ProfileForm>(parsed.error);
            setClientErrors(found);
            event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
            return;
          }
          setClientErrors(undefined);
        }}
      >
        <input type="hidden" name="intent" value="update-profile" />
        <TextField label="Full name" name="fullName" autoComplete="name" defaultValue={profile.fullName} required error={errors.fullName} />
        <TextAreaField label="Bio" name="bio" rows={3} defaultValue={profile.bio} error={errors.bio} />
        <TextField label="Location" name="location" autoComplete="address-level2" defaultValue={profile.location} error={errors.location} />
        <TextAreaField label="Interests" name="interests" rows={2} defaultValue={profile.interests} error={errors.interests} />
        <TextAreaField label="Experience" name="experience" rows={3} defaultValue={profile.experience} error={errors.experience} />
        <TextAreaField label="Goals" name="goals" rows={3} defaultValue={profile.goals} error={errors.goals} />
        <Button type="submit" busy={busy} busyText="Saving...">
          Save Profile
        </Button>
      </fetcher.Form>
    </>
  );
}
