import { NavLink } from "react-router";
import { cn } from "./cn";

export interface SectionTab {
  label: string;
  href: string;
  /** Current only on exactly this address (an area's index), not on the addresses below it. */
  end?: boolean;
}

/** An area's sections as underlined tabs, each its own URL; the current one carries aria-current="page". */
export function SectionTabs({ label, tabs }: { label: string; tabs: readonly SectionTab[] }) {
  return (
    <nav aria-label={label} className="mt-8 border-b border-zinc-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((t) => (
          <li key={t.href}>
            <NavLink
              to={t.href}
              end={t.end}
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
