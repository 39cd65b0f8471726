import { SectionTabs } from "~/components/ui/section-tabs";

const SECTIONS = [
  { label: "Programs", href: "/programs", end: true },
  { label: "Templates", href: "/programs/templates" },
  { label: "Exercises", href: "/programs/exercises" },
];

/** The staff Programs area's sections. */
export function ProgramsNav() {
  return <SectionTabs label="Programs sections" tabs={SECTIONS} />;
}
