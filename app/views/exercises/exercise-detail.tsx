import { ArrowLeft, ExternalLink, PencilLine } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Picture } from "~/components/ui/picture";
import type { ExerciseDetail } from "~/modules/exercises/exercises.server";
import { ExerciseFacts, OriginBadge } from "./exercise-facts";

/** One exercise: what it trains, its coaching cues and its demo. */
export function ExerciseDetailView({ exercise }: { exercise: ExerciseDetail }) {
  return (
    <article aria-labelledby="exercise-name" className="mt-8 max-w-3xl space-y-6">
      <Link to="/programs/exercises" className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-zinc-800 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to exercises
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="exercise-name" className="text-2xl font-bold uppercase">
          {exercise.name}
        </h2>
        <OriginBadge builtIn={exercise.builtIn} />
        {exercise.canChange ? (
          <Link to={`/programs/exercises/${encodeURIComponent(exercise.id)}/edit`} className={buttonClass("secondary", "ml-auto")}>
            <PencilLine className="size-4" aria-hidden="true" /> Edit Exercise
          </Link>
        ) : null}
      </div>
      {exercise.createdByName ? <p className="text-sm text-zinc-700">Added by {exercise.createdByName}</p> : null}
      <ExerciseFacts exercise={exercise} />

      <section aria-labelledby="exercise-cues" className="space-y-2">
        <h3 id="exercise-cues" className="text-lg font-semibold">
          Coaching cues
        </h3>
        {exercise.cues.length > 0 ? (
          <ul className="list-disc space-y-1 pl-5 text-zinc-800">
            {exercise.cues.map((cue) => (
              <li key={cue}>{cue}</li>
            ))}
          </ul>
        ) : (
          <p className="text-zinc-700">No cues yet.</p>
        )}
      </section>

      {exercise.demoImage || exercise.videoUrl ? (
        <section aria-labelledby="exercise-demo" className="space-y-3">
          <h3 id="exercise-demo" className="text-lg font-semibold">
            Demo
          </h3>
          {exercise.demoImage ? (
            <div className="max-w-md overflow-hidden rounded-lg border border-zinc-200">
              <Picture image={{ ...exercise.demoImage, alt: `${exercise.name} demonstration` }} sizes="(min-width: 28rem) 28rem, 100vw" />
            </div>
          ) : null}
          {exercise.videoUrl ? (
            <a href={exercise.videoUrl} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-strong underline-offset-4 hover:underline">
              Watch the demo video <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
        </section>
      ) : null}
    </article>
  );
}
