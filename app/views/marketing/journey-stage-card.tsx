import { Picture } from "~/components/ui/picture";
import { siteImage } from "~/modules/marketing/images";
import type { JourneyStage } from "~/modules/marketing/story";

/** One stage of the coach's journey: a stacked card on phones, a carousel slide from 768 px. */
export function JourneyStageCard({ stage, sizes }: { stage: JourneyStage; sizes: string }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm">
      <Picture image={siteImage(stage.image)} sizes={sizes} className="aspect-[3/2]" />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <p className="font-display text-sm font-semibold uppercase tracking-[0.2em] text-brand">{stage.year}</p>
        <h3 className="text-2xl font-bold uppercase">{stage.title}</h3>
        <p className="text-zinc-700">{stage.description}</p>
      </div>
    </article>
  );
}
