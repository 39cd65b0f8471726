import type { Route } from "./+types/coach.members.$memberId";
import { requirePermission } from "~/auth/session.server";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { getMemberClassAttendance } from "~/modules/classes/roster.server";
import { getMemberOverview, setGoalWeight } from "~/modules/coaching/member-overview.server";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { GOAL_WEIGHT_INTENT, MemberOverviewView } from "~/views/coaching/member-overview";
import { attentionIntentHandlers, attentionRefusalTitles } from "./coach.server";

export const meta: Route.MetaFunction = ({ data: d, matches }) => [{ title: pageTitle(d ? d.overview.member.name : "Member", matches) }, { name: "robots", content: "noindex" }];

/** One member for staff: profile and goals, program and compliance, workouts, check-ins, photos, progress, the conversation, and what needs attention. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "coaching", "view");
  const [overview, { timeZone }, classes] = await Promise.all([getMemberOverview(staff, params.memberId), getSiteSettings(), getMemberClassAttendance(staff, params.memberId)]);
  return { overview, timeZone, classes };
}

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requirePermission(request, "coaching", "view");
  const back = `/coach/members/${encodeURIComponent(params.memberId)}`;
  return runAction(
    request,
    {
      ...attentionIntentHandlers(staff, back),
      [GOAL_WEIGHT_INTENT]: async (form) => {
        const { memberName, goalWeight } = await setGoalWeight(staff, params.memberId, form);
        return redirectWithToast(back, { type: "success", title: "Goal weight saved", description: goalWeight === null ? `${memberName} has no goal weight.` : `${memberName}: ${goalWeight} ${staff.weightUnit}.` });
      },
    },
    { refusedTo: { to: back, titles: attentionRefusalTitles } },
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Member" failure="Failed to load the member. Please reload the page." />;
}

export default function CoachMember({ loaderData, actionData }: Route.ComponentProps) {
  return <MemberOverviewView overview={loaderData.overview} timeZone={loaderData.timeZone} result={actionData} classes={loaderData.classes} />;
}
