import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { DeleteDialog } from "~/components/ui/delete-dialog";
import { Pagination } from "~/components/ui/pagination";
import { formatLongDate, formatShortDate } from "~/lib/dates";
import { poseLabels } from "~/modules/progress-photos/progress-photos.schema";
import type { PhotoTimeline, ProgressPhotoView } from "~/modules/progress-photos/progress-photos.server";
import { PhotoPicture } from "./photo-picture";

interface TimelineProps {
  timeline: PhotoTimeline;
  /** The member's own timeline has Delete buttons; the staff's is read-only. */
  canDelete: boolean;
  /** Where a photo's check-in is read (the member's or the staff's page of it). */
  checkInHref: (checkInId: string) => string;
  /** A refused delete's message (the photo was already gone). */
  error?: string | null;
}

/** The photos by date, newest first, a page of dates at a time. */
export function PhotoTimelineList({ timeline, canDelete, checkInHref, error }: TimelineProps) {
  const id = useId();
  const location = useLocation();
  const [deleting, setDeleting] = useState<ProgressPhotoView | null>(null);
  const pageHref = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(page));
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-5 rounded-xl border border-zinc-200 p-5 sm:p-6">
      <h3 id={`${id}-title`} className="text-xl font-bold uppercase">
        Timeline
      </h3>
      {error ? (
        <p role="alert" className="rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-sm font-semibold text-brand-strong">
          {error}
        </p>
      ) : null}
      {timeline.days.length === 0 ? (
        <p className="text-zinc-700">No progress photos yet.</p>
      ) : (
        <ol className="space-y-8">
          {timeline.days.map((day) => (
            <li key={day.date} aria-labelledby={`${id}-${day.date}`}>
              <h4 id={`${id}-${day.date}`} className="mb-3 font-semibold">
                {formatLongDate(day.date)}
              </h4>
              <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
                {day.photos.map((photo) => (
                  <li key={photo.id}>
                    <figure className="space-y-2">
                      <PhotoPicture image={photo.image} sizes="(min-width: 1024px) 15vw, (min-width: 640px) 30vw, 45vw" className="aspect-[3/4] w-full rounded-lg bg-zinc-100" />
                      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
                        <span className="font-medium">{poseLabels[photo.pose]}</span>
                        {photo.checkInId ? (
                          <Link to={checkInHref(photo.checkInId)} className="underline underline-offset-2">
                            Check-in
                          </Link>
                        ) : null}
                      </figcaption>
                      {canDelete ? (
                        <button
                          type="button"
                          onClick={() => setDeleting(photo)}
                          aria-label={`Delete ${poseLabels[photo.pose].toLowerCase()} photo, ${formatShortDate(photo.takenOn)}`}
                          className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-zinc-900 hover:bg-zinc-100"
                        >
                          <Trash2 className="size-4" aria-hidden="true" /> Delete
                        </button>
                      ) : null}
                    </figure>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={timeline.page} pageCount={timeline.pageCount} href={pageHref} label="Timeline pages" />
      {canDelete ? (
        <DeleteDialog
          open={deleting !== null}
          onClose={() => setDeleting(null)}
          thing="photo"
          name={deleting ? `${poseLabels[deleting.pose]}, ${formatShortDate(deleting.takenOn)}` : ""}
          fields={deleting ? { id: deleting.id } : {}}
        />
      ) : null}
    </section>
  );
}
