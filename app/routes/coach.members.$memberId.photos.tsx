import type { Route } from "./+types/coach.members.$memberId.photos";
import { requirePermission } from "~/auth/session.server";
import { ErrorScreen } from "~/components/error-screen";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams } from "~/lib/search-params";
import { photoTimelineQuery } from "~/modules/progress-photos/progress-photos.schema";
import { listMemberPhotosForStaff } from "~/modules/progress-photos/progress-photos.server";
import { ProgressPhotosScreen } from "~/views/progress-photos/progress-photos-screen";
import { StaffMemberNav } from "~/views/workouts/staff-member-nav";

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  { title: pageTitle(d?.timeline.member ? `Photos: ${d.timeline.member.name || d.timeline.member.email}` : "Progress Photos", matches) },
  { name: "robots", content: "noindex" },
];

/** A member's progress photos for trainers and administrators: the timeline and the comparison, read-only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "progressPhotos", "viewAny");
  return { timeline: await listMemberPhotosForStaff(staff, params.memberId, parseSearchParams(request, photoTimelineQuery)) };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Progress Photos" failure="Failed to load the member's progress photos. Please reload the page." />;
}

export default function CoachMemberPhotos({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <ProgressPhotosScreen timeline={loaderData.timeline} staffNav={<StaffMemberNav memberId={loaderData.timeline.member!.id} />} />
    </div>
  );
}
