import { z } from "zod";
import type { Route } from "./+types/coach.members.$memberId.check-ins";
import { requirePermission } from "~/auth/session.server";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { weekdayNames } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { pageNumber, parseSearchParams } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { listMemberCheckInsForStaff, setMemberCheckInDay } from "~/modules/check-ins/check-in-review.server";
import { SET_CHECK_IN_DAY_INTENT, StaffCheckIns } from "~/views/check-ins/staff-check-ins";

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  { title: pageTitle(d ? `Check-ins: ${d.member.name || d.member.email}` : "Check-ins", matches) },
  { name: "robots", content: "noindex" },
];

const query = z.object({ page: pageNumber });

/** A member's check-ins for trainers and administrators, and their check-in day. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "checkIns", "reviewAny");
  return listMemberCheckInsForStaff(staff, params.memberId, parseSearchParams(request, query));
}

/** Setting the member's check-in day. */
export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requirePermission(request, "coaching", "setCheckInDay");
  return runAction(request, {
    [SET_CHECK_IN_DAY_INTENT]: async (form) => {
      const { checkInDay, memberName } = await setMemberCheckInDay(staff, params.memberId, form);
      return redirectWithToast(`/coach/members/${encodeURIComponent(params.memberId)}/check-ins`, {
        type: "success",
        title: "Check-in day saved",
        description: `${memberName} checks in on ${weekdayNames[checkInDay]}.`,
      });
    },
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Check-ins" failure="Failed to load the member's check-ins. Please reload the page." />;
}

export default function StaffMemberCheckIns({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffCheckIns data={loaderData} result={actionData} />;
}
