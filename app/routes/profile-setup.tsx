import { readFormData } from "~/lib/request-body.server";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/profile-setup";
import { requireUser } from "~/auth/session.server";
import { fieldErrors } from "~/lib/form";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { completeOwnProfile } from "~/modules/users/profile.server";
import { ProfileWizard, type WizardActionData } from "~/modules/users/profile-wizard";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Complete Your Profile") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (user.profileComplete) throw redirect("/members");
  return { name: user.name };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await readFormData(request));
  try {
    await completeOwnProfile(user, form);
  } catch (error) {
    if (error instanceof z.ZodError) {
      return data<WizardActionData>({ error: "Failed to save profile. Please try again.", fieldErrors: fieldErrors(error) }, { status: 400 });
    }
    throw error;
  }
  return redirectWithToast("/members", { type: "success", title: "Profile created successfully!", description: "Welcome to the community!" });
}

export default function ProfileSetup({ loaderData }: Route.ComponentProps) {
  return (
    <div className="bg-zinc-50 px-4 py-16">
      <ProfileWizard initialName={loaderData.name} />
    </div>
  );
}
