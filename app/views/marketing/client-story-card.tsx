import { Check, Star } from "lucide-react";
import { Picture } from "~/components/ui/picture";
import { siteImage } from "~/modules/marketing/images";
import type { ClientStory } from "~/modules/marketing/transformations";

/** Stars shown as one image with a spoken rating, e.g. 'Rated 5 out of 5'. */
export function StarRating({ rating, outOf = 5 }: { rating: number; outOf?: number }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of ${outOf}`} className="flex gap-0.5">
      {Array.from({ length: outOf }, (_, index) => (
        <Star key={index} className={index < rating ? "size-5 fill-amber-400 text-amber-500" : "size-5 text-zinc-300"} aria-hidden="true" />
      ))}
    </div>
  );
}

/** One client's story: who, which programme, before/after, results and their words. */
export function ClientStoryCard({ story }: { story: ClientStory }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white text-zinc-900 shadow-sm">
      <Picture image={siteImage(story.image)} sizes="(min-width: 1280px) 400px, (min-width: 1024px) 50vw, 100vw" className="aspect-[3/2]" />
      <div className="flex flex-1 flex-col gap-4 p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h3 className="text-2xl font-bold uppercase">{story.name}</h3>
            <p className="text-sm text-zinc-600">
              Age {story.age} · {story.program}
            </p>
          </div>
          <StarRating rating={story.rating} />
        </div>
        <ul aria-label="Results" className="space-y-2">
          {story.results.map((result) => (
            <li key={result} className="flex gap-2">
              <Check className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden="true" />
              <span className="font-semibold">{result}</span>
            </li>
          ))}
        </ul>
        <blockquote className="mt-auto border-l-4 border-brand pl-4 text-zinc-700 italic">
          <p>&ldquo;{story.testimonial}&rdquo;</p>
        </blockquote>
      </div>
    </article>
  );
}
