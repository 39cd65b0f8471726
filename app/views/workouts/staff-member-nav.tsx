import { NavLink } from "react-router";
import { cn } from "~/components/ui/cn";

/** Between a member's two staff screens: their progress and their training. */
export function StaffMemberNav({ memberId }: { memberId: string }) {
  const base = `/members/${encodeURIComponent(memberId)}`;
  const link = ({ isActive }: { isActive: boolean }) =>
    cn("inline-flex min-h-11 items-center rounded-md px-4 font-semibold", isActive ? "bg-zinc-900 text-white" : "text-zinc-900 underline-offset-2 hover:underline");
  return (
    <nav aria-label="Member sections" className="mt-4 flex flex-wrap gap-2">
      <NavLink to={`${base}/progress`} className={link} end>
        Progress
      </NavLink>
      <NavLink to={`${base}/training`} className={link} end>
        Training
      </NavLink>
    </nav>
  );
}
