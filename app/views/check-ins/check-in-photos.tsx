import { Picture } from "~/components/ui/picture";
import { poseLabels } from "~/modules/progress-photos/progress-photos.schema";
import type { ProgressPhotoView } from "~/modules/progress-photos/progress-photos.server";



/** A check-in's photos, front, side and back, each with its pose under it. */
export function CheckInPhotos({ photos, label }: { photos: ProgressPhotoView[]; label: string }) {
  if (photos.length === 0) return null;
  return (
    <ul aria-label={label} className="grid grid-cols-3 gap-2">
      {photos.map((p) => (
        <li key={p.id}>
          <figure className="space-y-1">
            <Picture image={p.image} sizes="(min-width: 1024px) 12rem, 30vw" className="aspect-[3/4] rounded-md" />
            <figcaption className="text-center text-sm text-zinc-700">{poseLabels[p.pose]}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
