import type { ReactNode } from "react";

/** The closing call to action of a page. */
export function CtaBand({ title, text, children }: { title: string; text?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="bg-brand text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="space-y-2">
          <p className="font-display text-3xl font-bold uppercase sm:text-4xl">{title}</p>
          {text ? <div className="max-w-2xl text-lg text-red-50">{text}</div> : null}
        </div>
        <div className="flex flex-wrap gap-4">{children}</div>
      </div>
    </section>
  );
}
