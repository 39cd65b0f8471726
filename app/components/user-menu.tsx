import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, UserRound } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { can } from "~/auth/permissions";
import { displayName, type SessionUser } from "~/auth/user";
import { CountBadge, type MenuCounts } from "./menu-counts";

const item = "flex w-full cursor-pointer items-center rounded px-3 py-2 text-sm text-zinc-900 outline-none data-[highlighted]:bg-zinc-100";

/** The signed-in user's menu: 'My Account', 'Needs attention' with its count (staff), their dashboard, deletion requests while some wait (administrators), the staff schedule, Programs and Messages with the unread count (trainers, admins), Settings, Log out. */
export function UserMenu({ user, counts }: { user: SessionUser; counts: MenuCounts }) {
  const fetcher = useFetcher();
  const isAdmin = can(user.role, "adminArea", "view");
  const schedulesSessions = can(user.role, "trainingSessions", "listAll");
  const writesPrograms = can(user.role, "programs", "view");
  const coaches = can(user.role, "coaching", "view");
  const readsConversations = can(user.role, "conversations", "readAny");
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex min-h-11 items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-white hover:bg-white/10">
        <UserRound className="size-4" aria-hidden="true" />
        <span>{displayName(user)}</span>
        <CountBadge count={counts.attention} />
        <ChevronDown className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-52 rounded-lg border border-zinc-200 bg-white p-1 shadow-xl">
          <DropdownMenu.Label className="px-3 py-2 text-xs font-semibold uppercase tracking-wide text-zinc-600">My Account</DropdownMenu.Label>
          {coaches ? (
            <DropdownMenu.Item asChild className={item}>
              <Link to="/coach">
                Needs attention
                <CountBadge count={counts.attention} label="members" />
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item asChild className={item}>
            {isAdmin ? <Link to="/admin">Admin Dashboard</Link> : <Link to="/members">Member Dashboard</Link>}
          </DropdownMenu.Item>
          {counts.deletionRequests ? (
            <DropdownMenu.Item asChild className={item}>
              <Link to="/admin/deletion-requests">
                Deletion requests
                <CountBadge count={counts.deletionRequests} label="waiting" />
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {schedulesSessions ? (
            <DropdownMenu.Item asChild className={item}>
              <Link to="/schedule">Training Schedule</Link>
            </DropdownMenu.Item>
          ) : null}
          {writesPrograms ? (
            <DropdownMenu.Item asChild className={item}>
              <Link to="/programs">Programs</Link>
            </DropdownMenu.Item>
          ) : null}
          {readsConversations ? (
            <DropdownMenu.Item asChild className={item}>
              <Link to="/coach/messages">
                Messages
                <CountBadge count={counts.messages} label="unread" />
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item asChild className={item}>
            <Link to="/members/settings">Settings</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200" />
          <DropdownMenu.Item className={item} onSelect={() => fetcher.submit(null, { method: "post", action: "/logout" })}>
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
