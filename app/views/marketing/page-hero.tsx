import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";
import { Picture } from "~/components/ui/picture";
import type { SiteImage } from "~/modules/marketing/images";

interface PageHeroProps {
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  image?: SiteImage;
}

/** The dark band that opens every public page; its title is the page's h1. */
export function PageHero({ eyebrow, title, intro, actions, image }: PageHeroProps) {
  return (
    <section className="relative overflow-hidden bg-zinc-950 text-white">
      <div className={cn("mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24", image && "lg:grid-cols-2")}>
        <div className={cn("space-y-6", !image && "max-w-3xl")}>
          {eyebrow ? <p className="font-display text-sm font-semibold uppercase tracking-[0.3em] text-brand-bright">{eyebrow}</p> : null}
          <h1 className="text-4xl font-bold uppercase leading-tight sm:text-6xl">{title}</h1>
          {intro ? <div className="max-w-xl text-lg text-zinc-300">{intro}</div> : null}
          {actions ? <div className="flex flex-wrap gap-4 pt-2">{actions}</div> : null}
        </div>
        {image ? (
          <div className="overflow-hidden rounded-2xl shadow-2xl shadow-black/50">
            <Picture image={image} priority sizes="(min-width: 1024px) 50vw, 100vw" />
          </div>
        ) : null}
      </div>
    </section>
  );
}
