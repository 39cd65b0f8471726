import { redirect } from "react-router";
import type { Route } from "./+types/profile-setup";
import { requireUser } from "~/auth/session.server";
import { runAction } from "~/lib/action.server";
import { getEnv } from "~/lib/env.server";
import { pageTitle } from "~/lib/meta";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { completeOwnProfile } from "~/modules/users/profile.server";
import { keepFormWhenUnanswered, NO_INTENT } from "~/lib/unanswered-save";
import { ProfileWizard, wizardSaveNeverAnswered } from "~/views/users/profile-wizard";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Complete Your Profile", matches) }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (user.profileComplete) throw redirect("/members");
  return { name: user.name };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  return runAction(request, async (form) => {
    await completeOwnProfile(user, form);
    // Back to the page the wizard was opened on (an invitation's package on billing), else /members.
    return redirectWithToast(safeRedirect(form.next, getEnv().BASE_URL), { type: "success", title: "Profile created successfully!", description: "Welcome to the community!" });
  });
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFormWhenUnanswered(request, serverAction, { [NO_INTENT]: wizardSaveNeverAnswered });
}

export default function ProfileSetup({ loaderData }: Route.ComponentProps) {
  return (
    <div className="bg-zinc-50 px-4 py-16">
      <ProfileWizard initialName={loaderData.name} />
    </div>
  );
}
