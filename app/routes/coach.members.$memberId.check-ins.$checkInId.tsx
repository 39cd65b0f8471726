import type { Route } from "./+types/coach.members.$memberId.check-ins.$checkInId";
import { requirePermission } from "~/auth/session.server";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { getCheckInReview, replyToCheckIn } from "~/modules/check-ins/check-in-review.server";
import { CheckInReview, REPLY_INTENT } from "~/views/check-ins/check-in-review";

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  { title: pageTitle(d ? `Check-in: ${d.review.member.name || d.review.member.email}` : "Check-in", matches) },
  { name: "robots", content: "noindex" },
];

/** One check-in beside the member's earlier weeks, for trainers and administrators; a check-in of another member is 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "checkIns", "reviewAny");
  return { review: await getCheckInReview(staff, params.memberId, params.checkInId) };
}

/** The coach's reply: the check-in is marked reviewed and the member e-mailed. */
export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requirePermission(request, "checkIns", "reviewAny");
  return runAction(request, {
    [REPLY_INTENT]: async (form) => {
      const { memberName } = await replyToCheckIn(staff, params.memberId, params.checkInId, form);
      return redirectWithToast(`/coach/members/${encodeURIComponent(params.memberId)}/check-ins/${encodeURIComponent(params.checkInId)}`, {
        type: "success",
        title: "Reply sent",
        description: `${memberName} will be e-mailed. The check-in is marked reviewed.`,
      });
    },
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Check-in" failure="Failed to load the check-in. Please reload the page." />;
}

export default function StaffCheckIn({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckInReview review={loaderData.review} result={actionData} />;
}
