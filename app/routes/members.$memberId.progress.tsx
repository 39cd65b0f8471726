import type { Route } from "./+types/members.$memberId.progress";
import { requirePermission } from "~/auth/session.server";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams } from "~/lib/search-params";
import { getMemberProgressForStaff } from "~/modules/progress/progress-overview.server";
import { ProgressSection } from "~/views/progress/progress-section";
import { StaffMemberNav } from "~/views/workouts/staff-member-nav";
import { progressQuery } from "~/modules/progress/progress.schema";

export const meta: Route.MetaFunction = ({ data: d, matches }) => [{ title: pageTitle(d ? `Progress: ${d.member.name || d.member.email}` : "Progress", matches) }, { name: "robots", content: "noindex" }];

/** A member's progress, read-only, for trainers and administrators. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "memberProgress", "viewAny");
  return getMemberProgressForStaff(staff, params.memberId, parseSearchParams(request, progressQuery));
}

export default function MemberProgress({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <div className="mb-6">
        <StaffMemberNav memberId={loaderData.member.id} />
      </div>
      <ProgressSection overview={loaderData.overview} readOnly title={`Progress: ${loaderData.member.name || loaderData.member.email}`} />
    </div>
  );
}
