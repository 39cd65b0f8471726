import { NavLink } from "react-router";
import { cn } from "~/components/ui/cn";

const SECTIONS = [
  { label: "Programs", href: "/programs", end: true },
  { label: "Templates", href: "/programs/templates", end: false },
  { label: "Exercises", href: "/programs/exercises", end: false },
];

/** The staff Programs area's sections; the current one carries aria-current="page". */
export function ProgramsNav() {
  return (
    <nav aria-label="Programs sections" className="mt-8 border-b border-zinc-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {SECTIONS.map((s) => (
          <li key={s.href}>
            <NavLink
              to={s.href}
              end={s.end}
              className={({ isActive }) =>
                cn(
                  "inline-flex min-h-11 items-center border-b-2 px-4 py-2 text-sm font-semibold",
                  isActive ? "border-brand text-brand-strong" : "border-transparent text-zinc-700 hover:border-zinc-300 hover:text-zinc-900",
                )
              }
            >
              {s.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
