import { useId, type ReactNode } from "react";
import { cn } from "~/components/ui/cn";

interface SectionProps {
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: "light" | "muted" | "dark";
  id?: string;
  className?: string;
}

const tones = {
  light: "bg-white text-zinc-900",
  muted: "bg-zinc-100 text-zinc-900",
  dark: "bg-zinc-950 text-white",
};

/** A page section labelled by its own h2. */
export function Section({ title, eyebrow, intro, children, tone = "light", id, className }: SectionProps) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={cn(tones[tone], "scroll-mt-24", className)}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="mb-10 max-w-3xl space-y-3">
          {eyebrow ? (
            <p className={cn("font-display text-sm font-semibold uppercase tracking-[0.3em]", tone === "dark" ? "text-brand-bright" : "text-brand")}>{eyebrow}</p>
          ) : null}
          <h2 id={headingId} className="text-3xl font-bold uppercase sm:text-4xl">
            {title}
          </h2>
          {intro ? <div className={cn("text-lg", tone === "dark" ? "text-zinc-300" : "text-zinc-700")}>{intro}</div> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
