import { readFormData } from "~/lib/request-body.server";
import { data, isRouteErrorResponse, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/profile-setup";
import { requireUser } from "~/auth/session.server";
import { fieldErrors } from "~/lib/form";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { completeOwnProfile } from "~/modules/users/profile.server";
import { ProfileWizard, WIZARD_SAVE_FAILED, type WizardActionData } from "~/views/users/profile-wizard";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Complete Your Profile", matches) }, { name: "robots", content: "noindex" }];

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
      return data<WizardActionData>({ error: WIZARD_SAVE_FAILED, fieldErrors: fieldErrors(error) }, { status: 400 });
    }
    throw error;
  }
  return redirectWithToast("/members", { type: "success", title: "Profile created successfully!", description: "Welcome to the community!" });
}

/**
 * A wizard save that never got an answer (the connection dropped, the server failed)
 * keeps the wizard open and filled and shows the spec's 'Error: Failed to save profile.
 * Please try again.', where the router would otherwise replace the page with the error screen.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    // Redirects and answers the server meant go on as they are.
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return data<WizardActionData>({ error: WIZARD_SAVE_FAILED }, { status: 503 });
  }
}

export default function ProfileSetup({ loaderData }: Route.ComponentProps) {
  return (
    <div className="bg-zinc-50 px-4 py-16">
      <ProfileWizard initialName={loaderData.name} />
    </div>
  );
}
