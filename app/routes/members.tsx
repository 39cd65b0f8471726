import { Outlet, redirect, useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { CountBadge } from "~/components/menu-counts";
import type { Route } from "./+types/members";
import { accessRequired, lookUpUser, memberOf } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { AreaLink, isCurrentPage, useRoutedArea } from "~/components/routed-area";
import { cn } from "~/components/ui/cn";
import { pageTitle } from "~/lib/meta";
import { ACCOUNT_HEADER } from "~/lib/offline-contract";
import { InstallApp, useMemberServiceWorker } from "~/views/members/member-app";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Member Area", matches) }, { name: "robots", content: "noindex" }];

/** The spec's Member Menu, in its order; each screen is a child route with its own URL. */
const menu = [
  { to: "/members", label: "Dashboard" },
  { to: "/members/workouts", label: "Workouts" },
  { to: "/members/nutrition", label: "Nutrition" },
  { to: "/members/progress", label: "Progress" },
  { to: "/members/check-ins", label: "Check-ins" },
  { to: "/members/community", label: "Community" },
  { to: "/members/schedule", label: "Training Schedule" },
  { to: "/members/messages", label: "Messages" },
  { to: "/members/billing", label: "Billing" },
  { to: "/members/settings", label: "Settings" },
] as const;

/** The screens' old addresses (/members?tab=schedule&month=…) and where they live now. */
const movedTabs: Record<string, string> = {
  dashboard: "/members",
  nutrition: "/members/nutrition",
  progress: "/members/progress",
  community: "/members/community",
  schedule: "/members/schedule",
  settings: "/members/settings",
};

/** /members?tab=X&… → 301 to X's own URL with the other parameters (an unknown tab was the dashboard). */
function movedTabRedirect(url: URL): Response | null {
  const path = url.pathname.replace(/\.data$/, "").replace(/\/$/, "");
  const tab = url.searchParams.get("tab");
  if (path !== "/members" || tab === null) return null;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete("tab");
  const query = rest.toString();
  return redirect(`${Object.hasOwn(movedTabs, tab) ? movedTabs[tab] : "/members"}${query ? `?${query}` : ""}`, 301);
}

/**
 * Every member screen is for a signed-in person; the session is looked up once here,
 * before each child's loader and action. A signed-out visitor's page is the 401 'Access
 * Required' screen: the error screen with a Sign In link back here (an error a middleware
 * throws is shown by the root's boundary, as no loader below it has run). A signed-out
 * save goes on to its screen's action, which answers it: a 401 that keeps the typed
 * form, or /login (decision 0023).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const reading = request.method === "GET" || request.method === "HEAD";
    const moved = reading ? movedTabRedirect(new URL(request.url)) : null;
    if (moved) throw moved;
    const user = await lookUpUser(request, context);
    if (!user && reading) throw accessRequired();
    const response = await next();
    // Whose page this is: the service worker keeps member pages per account (decision 0092).
    if (user && response instanceof Response && response.status === 200) response.headers.set(ACCOUNT_HEADER, user.id);
    return response;
  },
];

export function loader({ context }: Route.LoaderArgs) {
  const user = memberOf(context);
  return { name: user.name || user.email };
}

function MenuLink({ to, label, pathname, unreadMessages }: { to: string; label: string; pathname: string; unreadMessages: number | null }) {
  const isActive = isCurrentPage(pathname, to, to !== "/members/workouts" && to !== "/members/check-ins");
  return (
    <AreaLink href={to} className={cn("block rounded-md px-3 py-2 text-sm font-semibold", isActive ? "bg-zinc-900 text-white" : "text-zinc-800 hover:bg-zinc-100")} aria-current={isActive ? "page" : undefined}>
      {/* On the conversation itself the count is stale (read as it opened): no badge there. */}
      {to === "/members/messages" ? (
        <span className="flex items-center gap-2">
          {label}
          <CountBadge count={isActive ? null : unreadMessages} label="unread" />
        </span>
      ) : (
        label
      )}
    </AreaLink>
  );
}

function MemberFrame({ name, children }: { name: string; children: React.ReactNode }) {
  useMemberServiceWorker();
  const unreadMessages = useRouteLoaderData<typeof rootLoader>("root")?.counts.messages ?? null;
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Welcome back, {name}</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[14rem_1fr]">
        {/* Its links are plain ones under one router handler (decision 0183). */}
        <nav aria-labelledby="member-menu-title" className="self-start rounded-xl border border-zinc-200 p-4" {...useRoutedArea()}>
          <h2 id="member-menu-title" className="mb-3 text-sm font-semibold uppercase tracking-widest text-zinc-600">
            Member Menu
          </h2>
          <ul className="flex flex-wrap gap-2 lg:flex-col">
            {menu.map((item) => (
              <li key={item.to}>
                {/* The current screen carries aria-current="page": the dashboard only on /members itself, Workouts on a workout too, Check-ins on a check-in too. */}
                <MenuLink to={item.to} label={item.label} pathname={pathname} unreadMessages={unreadMessages} />
              </li>
            ))}
          </ul>
          <div className="mt-3">
            <InstallApp />
          </div>
        </nav>
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}

export default function MembersLayout({ loaderData }: Route.ComponentProps) {
  return (
    <MemberFrame name={loaderData.name}>
      <Outlet />
    </MemberFrame>
  );
}

/** A screen that failed keeps the welcome line and the Member Menu around the error, so the member can go elsewhere. */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  if (!loaderData) return <ErrorScreen error={error} />;
  return (
    <MemberFrame name={loaderData.name}>
      <ErrorScreen error={error} />
    </MemberFrame>
  );
}

