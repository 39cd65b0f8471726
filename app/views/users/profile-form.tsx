import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { SignInAgain } from "~/components/sign-in-again";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { fieldErrors } from "~/lib/form";
import { profileFormSchema, type ProfileFields, type ProfileForm } from "~/modules/users/profile.schema";

export interface ProfileFormActionData {
  /** A toast's title; `description` goes under it. */
  error?: string;
  description?: string;
  /** The save found no session: nothing was stored; the member signs in again in the page and saves what they typed. */
  signInRequired?: boolean;
  fieldErrors?: Partial<Record<keyof ProfileForm, string>>;
}

export const profileSignInRequired: ProfileFormActionData = {
  error: "Authentication required",
  description: "Please log in to save your profile.",
  signInRequired: true,
};

/** The save never got an answer (the connection dropped, the server failed): the spec's profile failure. */
export const profileUpdateFailed: ProfileFormActionData = { error: "Failed to update profile. Please try again." };

/**
 * The settings tab's profile form: full name required, the rest optional. A save that
 * found the session ended (401) or never got an answer keeps what was typed; after a
 * 401 the member signs in again in the page and saves.
 */
export function ProfileSettingsForm({ profile }: { profile: ProfileFields }) {
  const fetcher = useFetcher<ProfileFormActionData>();
  const [clientErrors, setClientErrors] = useState<ProfileFormActionData["fieldErrors"]>();
  const errors = clientErrors ?? fetcher.data?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.error) toast.error(fetcher.data.error, { description: fetcher.data.description });
  }, [fetcher.state, fetcher.data]);

  return (
    <>
      {fetcher.data?.signInRequired ? (
        <SignInAgain
          answer={fetcher.data}
          title={fetcher.data.error ?? ""}
          description={fetcher.data.description ?? ""}
          onSignedIn={() => formRef.current?.querySelector<HTMLElement>("button[type=submit]")?.focus()}
        />
      ) : null}
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/members?tab=settings"
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
