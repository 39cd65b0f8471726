import { NavLink } from "react-router";
import { cn } from "~/components/ui/cn";
import { CONTENT_TABS, contentTabPath } from "~/modules/library/library-types";

/** The content manager's sections: the spec's four content tabs, then nutrition documents. */
const SECTIONS = [...CONTENT_TABS.map((t) => ({ label: t.label as string, href: contentTabPath(t.value) })), { label: "Nutrition Documents", href: "/cms/nutrition-documents" }];

/** Links to each section's own URL; the current one carries aria-current="page". */
export function CmsTabs() {
  return (
    <nav aria-label="Content types" className="mt-8 border-b border-zinc-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {SECTIONS.map((t) => (
          <li key={t.href}>
            <NavLink
              to={t.href}
              className={({ isActive }) =>
                cn(
                  "inline-flex min-h-11 items-center border-b-2 px-4 py-2 text-sm font-semibold",
                  isActive ? "border-brand text-brand-strong" : "border-transparent text-zinc-700 hover:border-zinc-300 hover:text-zinc-900",
                )
              }
            >
              {t.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
