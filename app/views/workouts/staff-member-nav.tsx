import { NavLink } from "react-router";
import { cn } from "~/components/ui/cn";

/** Between a member's staff screens: the member's page, their training, progress, check-ins, photos and conversation. */
export function StaffMemberNav({ memberId }: { memberId: string }) {
  const id = encodeURIComponent(memberId);
  const coach = `/coach/members/${id}`;
  const link = ({ isActive }: { isActive: boolean }) =>
    cn("inline-flex min-h-11 items-center rounded-md px-4 font-semibold", isActive ? "bg-zinc-900 text-white" : "text-zinc-900 underline-offset-2 hover:underline");
  const sections = [
    { to: coach, label: "Overview" },
    { to: `/members/${id}/training`, label: "Training" },
    { to: `/members/${id}/progress`, label: "Progress" },
    { to: `${coach}/check-ins`, label: "Check-ins" },
    { to: `${coach}/photos`, label: "Photos" },
    { to: `${coach}/messages`, label: "Messages" },
    { to: `${coach}/billing`, label: "Billing" },
  ];
  return (
    <nav aria-label="Member sections" className="mt-4 flex flex-wrap gap-2">
      {sections.map((s) => (
        <NavLink key={s.to} to={s.to} className={link} end={s.to === coach}>
          {s.label}
        </NavLink>
      ))}
    </nav>
  );
}
