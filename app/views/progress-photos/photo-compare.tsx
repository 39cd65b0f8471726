import { useId, useState } from "react";
import { Form, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { formatShortDate } from "~/lib/dates";
import { poseLabels } from "~/modules/progress-photos/progress-photos.schema";
import type { PhotoComparison, PhotoTimeline, ProgressPhotoView } from "~/modules/progress-photos/progress-photos.server";
import { PhotoPicture } from "./photo-picture";

/**
 * Two dates side by side, pose by pose. On a phone a pose with a photo on both dates is
 * one picture with a slider: the earlier photo on the left of the line, the later one on
 * the right (a range input, so keyboards and screen readers move it too).
 */
export function PhotoCompare({ timeline }: { timeline: PhotoTimeline }) {
  const id = useId();
  const { dates, comparison, page } = timeline;
  // A new address is a new comparison: the pickers show what it compares (dates picked the other way round are put in order).
  const { search } = useLocation();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-5 rounded-xl border border-zinc-200 p-5 sm:p-6">
      <h3 id={`${id}-title`} className="text-xl font-bold uppercase">
        Compare
      </h3>
      {comparison === null ? (
        <p className="text-zinc-700">Photos from two different dates are needed to compare.</p>
      ) : (
        <>
          <Form key={search} method="get" className="flex flex-wrap items-end gap-3" preventScrollReset>
            {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
            {(["before", "after"] as const).map((side) => (
              <div key={side} className="w-44">
                <SelectField label={side === "before" ? "Before" : "After"} name={side} defaultValue={comparison[side]}>
                  {dates.map((date) => (
                    <option key={date} value={date}>
                      {formatShortDate(date)}
                    </option>
                  ))}
                </SelectField>
              </div>
            ))}
            <button type="submit" className={buttonClass("secondary")}>
              Compare
            </button>
          </Form>
          <div className="grid gap-8 lg:grid-cols-2">
            {comparison.poses.map((pair) => (
              <ComparedPose key={pair.pose} comparison={comparison} pair={pair} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

type Pair = PhotoComparison["poses"][number];

function ComparedPose({ comparison, pair }: { comparison: PhotoComparison; pair: Pair }) {
  const both = pair.before !== null && pair.after !== null;
  return (
    <figure className="space-y-3">
      <figcaption className="font-semibold">{poseLabels[pair.pose]}</figcaption>
      <div className={both ? "hidden grid-cols-2 gap-3 sm:grid" : "grid grid-cols-2 gap-3"}>
        <Slot label="Before" date={comparison.before} photo={pair.before} pose={pair.pose} />
        <Slot label="After" date={comparison.after} photo={pair.after} pose={pair.pose} />
      </div>
      {both ? <Slider before={pair.before!} after={pair.after!} /> : null}
    </figure>
  );
}

function Slot({ label, date, photo, pose }: { label: string; date: string; photo: ProgressPhotoView | null; pose: Pair["pose"] }) {
  return (
    <div className="space-y-1">
      <p className="text-sm text-zinc-700">
        {label}: {formatShortDate(date)}
      </p>
      {photo ? (
        <PhotoPicture image={photo.image} sizes="(min-width: 1024px) 20vw, (min-width: 640px) 45vw, 50vw" className="aspect-[3/4] w-full rounded-lg bg-zinc-100" />
      ) : (
        <p className="flex aspect-[3/4] items-center justify-center rounded-lg bg-zinc-100 p-3 text-center text-sm text-zinc-700">No {poseLabels[pose].toLowerCase()} photo</p>
      )}
    </div>
  );
}

/** The phone's comparison: the later photo over the earlier one, cut at the slider's value. */
function Slider({ before, after }: { before: ProgressPhotoView; after: ProgressPhotoView }) {
  const id = useId();
  const [split, setSplit] = useState(50);
  const beforeDate = formatShortDate(before.takenOn);
  const afterDate = formatShortDate(after.takenOn);
  return (
    <div className="space-y-2 sm:hidden" data-testid="photo-slider">
      <div className="flex flex-wrap justify-between gap-x-4 text-sm text-zinc-700">
        <span>Before: {beforeDate}</span>
        <span>After: {afterDate}</span>
      </div>
      <div className="relative aspect-[3/4] overflow-hidden rounded-lg bg-zinc-100">
        <PhotoPicture image={before.image} sizes="100vw" className="absolute inset-0 size-full" />
        <div className="absolute inset-0" style={{ clipPath: `inset(0 0 0 ${split}%)` }} data-testid="photo-slider-after">
          <PhotoPicture image={after.image} sizes="100vw" className="absolute inset-0 size-full" />
        </div>
        <div aria-hidden="true" className="absolute inset-y-0 w-0.5 bg-white shadow" style={{ left: `${split}%` }} />
      </div>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800">
        Slide between {beforeDate} and {afterDate}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={split}
        onChange={(event) => setSplit(Number(event.currentTarget.value))}
        aria-valuetext={`${split}% ${beforeDate}, ${100 - split}% ${afterDate}`}
        className="block min-h-11 w-full accent-zinc-900"
      />
    </div>
  );
}
