import type { Route } from "./+types/members.$memberId.training";
import { requirePermission } from "~/auth/session.server";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { getMemberTrainingForStaff } from "~/modules/workouts/coach-review.server";
import { commentOnWorkout } from "~/modules/workouts/workout-comments.server";
import { CoachReview } from "~/views/workouts/coach-review";
import { COMMENT_INTENT } from "~/views/workouts/comment-form";

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  { title: pageTitle(d ? `Training: ${d.review.member.name || d.review.member.email}` : "Training", matches) },
  { name: "robots", content: "noindex" },
];

/** A member's training for trainers and administrators: programs, compliance, finished workouts, records. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "memberTraining", "viewAny");
  return { review: await getMemberTrainingForStaff(staff, params.memberId) };
}

/** A comment on one of the member's finished workouts; the member is e-mailed. */
export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requirePermission(request, "memberTraining", "comment");
  return runAction(request, {
    [COMMENT_INTENT]: async (form) => {
      const { mailed, memberName } = await commentOnWorkout(staff, params.memberId, form.workoutId, form);
      return redirectWithToast(`/members/${encodeURIComponent(params.memberId)}/training#workout-${encodeURIComponent(String(form.workoutId))}`, {
        type: "success",
        title: "Comment posted",
        description: mailed ? `${memberName} was e-mailed.` : `The e-mail to ${memberName} could not be sent; the comment is saved.`,
      });
    },
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Training" failure="Failed to load the member's training. Please reload the page." />;
}

export default function MemberTraining({ loaderData, actionData }: Route.ComponentProps) {
  return <CoachReview review={loaderData.review} result={actionData} />;
}
