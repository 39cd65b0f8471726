import { Check } from "lucide-react";
import { cn } from "~/components/ui/cn";
import type { Feature } from "~/modules/marketing/services-content";

const columns = {
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
};

/** Cards with an icon, a title (h3) and a short text: benefits, features, pillars. */
export function FeatureGrid({ items, cols = 4, tone = "light" }: { items: Feature[]; cols?: 3 | 4; tone?: "light" | "muted" }) {
  return (
    <ul className={cn("grid gap-6", columns[cols])}>
      {items.map(({ title, text, icon: Icon }) => (
        <li key={title} className={cn("rounded-2xl border border-zinc-200 p-6", tone === "muted" ? "bg-white" : "bg-zinc-50")}>
          <Icon className="size-8 text-brand" aria-hidden="true" />
          <h3 className="mt-4 text-xl font-bold uppercase">{title}</h3>
          <p className="mt-2 text-zinc-700">{text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A list with a check mark before each item. */
export function CheckList({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={cn("grid gap-4", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-lg">
          <span aria-hidden="true" className="mt-1 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand text-white">
            <Check className="size-4" strokeWidth={3} />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
