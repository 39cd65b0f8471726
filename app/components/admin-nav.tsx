import { Form, NavLink } from "react-router";
import { cn } from "~/components/ui/cn";
import { CountBadge } from "./menu-counts";

const links = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/users", label: "Users", end: false },
  { to: "/cms/articles", label: "Content", end: false },
  { to: "/programs", label: "Programs", end: false },
  { to: "/classes", label: "Classes", end: false },
  { to: "/admin/billing", label: "Billing", end: false },
  { to: "/admin/activity", label: "Activity", end: false },
  { to: "/admin/deletion-requests", label: "Deletion requests", end: false },
  { to: "/admin/settings", label: "Settings", end: false },
  { to: "/", label: "View Site", end: true },
];

/**
 * The admin area's navigation (spec: Dashboard, Users, Content, View Site, Sign out; Programs
 * since issue 18; Classes since issue 31; deletion requests with how many wait since issue 29).
 */
export function AdminNav({ deletionRequests }: { deletionRequests: number }) {
  return (
    <nav aria-label="Admin" className="mb-8 flex flex-wrap items-center gap-2 border-b border-zinc-200 pb-4">
      {links.map((l) => (
        <NavLink
          key={l.to}
          to={l.to}
          end={l.end}
          className={({ isActive }) => cn("inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold hover:bg-zinc-100", isActive ? "bg-zinc-900 text-white hover:bg-zinc-800" : "text-zinc-800")}
        >
          {l.label}
          {l.to === "/admin/deletion-requests" ? <CountBadge count={deletionRequests} label="waiting" /> : null}
        </NavLink>
      ))}
      <Form method="post" action="/logout" className="ml-auto">
        <input type="hidden" name="from" value="admin" />
        <button type="submit" className="rounded-md px-3 py-2 text-sm font-semibold text-brand hover:bg-zinc-100">
          Sign out
        </button>
      </Form>
    </nav>
  );
}
