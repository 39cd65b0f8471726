import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { ActionData } from "~/lib/action.server";
import type { PhotoTimeline } from "~/modules/progress-photos/progress-photos.server";
import { PhotoCompare } from "./photo-compare";
import { PhotoTimelineList } from "./photo-timeline";
import { PhotoUploadForm } from "./photo-upload-form";

export const coachMemberPath = (memberId: string) => `/coach/members/${encodeURIComponent(memberId)}`;

interface ScreenProps {
  timeline: PhotoTimeline;
  /** The member's own screen: today's date for the upload form. Absent on the staff's read-only view. */
  today?: string;
  result?: ActionData;
  /** The staff's links between a member's screens, under the heading. */
  staffNav?: React.ReactNode;
}

/**
 * Progress photos: for the member, the upload form, the comparison and the timeline with
 * Delete; for the staff (timeline.member set), the comparison and the timeline only.
 */
export function ProgressPhotosScreen({ timeline, today, result, staffNav }: ScreenProps) {
  const member = timeline.member;
  const deleteError = result?.ok === false && result.intent === "delete" ? result.error : null;
  const Heading = member ? "h1" : "h2";
  return (
    <section aria-labelledby="photos-title" className="space-y-8">
      <div className="space-y-2">
        {member ? null : (
          <Link to="/members/progress" className="inline-flex min-h-11 items-center gap-1.5 font-semibold underline-offset-2 hover:underline">
            <ArrowLeft className="size-4" aria-hidden="true" /> Progress
          </Link>
        )}
        <Heading id="photos-title" className="text-2xl font-bold uppercase">
          {member ? `Progress Photos: ${member.name || member.email}` : "Progress Photos"}
        </Heading>
        {member && staffNav ? staffNav : null}
      </div>
      {!member && today ? (
        <div className="rounded-xl border border-zinc-200 p-5 sm:p-6">
          <PhotoUploadForm today={today} result={result} />
        </div>
      ) : null}
      <PhotoCompare timeline={timeline} />
      <PhotoTimelineList
        timeline={timeline}
        canDelete={!member}
        error={deleteError}
        checkInHref={(checkInId) => (member ? `${coachMemberPath(member.id)}/check-ins/${encodeURIComponent(checkInId)}` : `/members/check-ins/${encodeURIComponent(checkInId)}`)}
      />
    </section>
  );
}
