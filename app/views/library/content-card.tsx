import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Picture } from "~/components/ui/picture";
import type { ContentCardData } from "~/modules/library/library-types";

function Badge({ children, tone }: { children: ReactNode; tone: "brand" | "zinc" | "green" }) {
  const tones = { brand: "bg-brand text-white", zinc: "bg-zinc-200 text-zinc-900", green: "bg-green-100 text-green-900" };
  return <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

/** A card with its image, facts and actions; `deleteControl` is the button (or no-JS link) that asks first. */
export function ContentCard({ card, deleteControl }: { card: ContentCardData; deleteControl: ReactNode }) {
  const headingId = `card-${card.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm">
      <div className="aspect-video bg-zinc-100">
        {card.image ? <Picture image={card.image} sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" className="h-full" decorative /> : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="zinc">{card.category}</Badge>
          {card.status ? <Badge tone={card.status === "Published" ? "green" : "zinc"}>{card.status}</Badge> : null}
          {card.membersOnly ? (
            <Badge tone="brand">
              <Lock className="size-3" aria-hidden="true" /> Members Only
            </Badge>
          ) : null}
        </div>
        <h3 id={headingId} className="text-lg font-bold">
          {card.title}
        </h3>
        <p className="line-clamp-3 text-sm text-zinc-700">{card.description}</p>
        {card.facts.length > 0 ? (
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-700">
            {card.facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        ) : null}
        <p className="mt-auto text-sm text-zinc-600">
          <time dateTime={card.dateTime}>{card.date}</time>
        </p>
        <div className="flex flex-wrap gap-2">
          {card.editHref ? (
            <Link to={card.editHref} className={buttonClass("secondary", "min-h-9 px-3 py-1.5")} aria-label={`Edit ${card.title}`}>
              Edit
            </Link>
          ) : null}
          {deleteControl}
        </div>
      </div>
    </article>
  );
}
