import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { fieldErrors } from "~/lib/form";
import { profileFormSchema, type ProfileFields, type ProfileForm } from "./profile.schema";

export interface ProfileFormActionData {
  error?: string;
  fieldErrors?: Partial<Record<keyof ProfileForm, string>>;
}

/** The settings tab's profile form: full name required, the rest optional. */
export function ProfileSettingsForm({ profile }: { profile: ProfileFields }) {
  const fetcher = useFetcher<ProfileFormActionData>();
  const [clientErrors, setClientErrors] = useState<ProfileFormActionData["fieldErrors"]>();
  const errors = clientErrors ?? fetcher.data?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.error) toast.error(fetcher.data.error);
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form
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
  );
}
