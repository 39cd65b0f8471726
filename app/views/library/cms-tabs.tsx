import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { CONTENT_TABS, type ContentTab } from "~/modules/library/library-types";

/** The content manager's sections: the spec's four content tabs, then nutrition documents. */
const SECTIONS = [
  ...CONTENT_TABS.map((t) => ({ value: t.value as ContentTab | "nutrition-documents", label: t.label as string, href: `/cms?tab=${t.value}` })),
  { value: "nutrition-documents" as const, label: "Nutrition Documents", href: "/cms/nutrition-documents" },
];

export function CmsTabs({ current }: { current: ContentTab | "nutrition-documents" }) {
  return (
    <nav aria-label="Content types" className="mt-8 border-b border-zinc-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {SECTIONS.map((t) => {
          const active = t.value === current;
          return (
            <li key={t.value}>
              <Link
                to={t.href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center border-b-2 px-4 py-2 text-sm font-semibold",
                  active ? "border-brand text-brand-strong" : "border-transparent text-zinc-700 hover:border-zinc-300 hover:text-zinc-900",
                )}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
