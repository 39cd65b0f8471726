import { Menu, X } from "lucide-react";
import { lazy, useEffect, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { can } from "~/auth/permissions";
import { displayName, type SessionUser } from "~/auth/user";
import { CountBadge, noMenuCounts, type MenuCounts } from "./menu-counts";
import { AreaLink, isCurrentPage, useRoutedArea } from "./routed-area";
import { OnDemand } from "./on-demand";
import { preloadSignInForm, SignInDialog } from "./sign-in-dialog";
import { mainNav, mobileNav } from "./site-nav";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

// Only signed-in visitors need the menu library.
const UserMenu = lazy(() => import("./user-menu").then((m) => ({ default: m.UserMenu })));

const SCROLLED_AFTER_PX = 50;

/**
 * Past 50 px the bar turns translucent with a shadow and shrinks from 80 to 64 px. The bar is
 * fixed, out of the document flow, and a spacer of its full height holds its place: the page
 * below never moves when it shrinks. (A sticky bar that shrank moved the page up 16 px; Chromium's
 * scroll anchoring then pulled the scroll position back under 50 px, the bar grew again, and
 * the header flickered without end between about 51 and 66 px of scroll.)
 */
function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLLED_AFTER_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return scrolled;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "whitespace-nowrap rounded-md px-3 py-2 text-sm font-semibold uppercase tracking-wide transition-colors lg:px-2 xl:px-3",
    isActive ? "text-brand-bright" : "text-zinc-100 hover:text-white",
  );

// Room for the whole bar on one line from 1024 px up: a little less padding until 1280 px.
const headerButton = "whitespace-nowrap lg:px-4 xl:px-5";

/**
 * The site's bar. `menus={false}` on a screen that runs on its own script instead of React
 * (the workout, decision 0109): its links stay, the menus that need React (the user menu,
 * the phone's menu) are left out.
 */
export function SiteHeader({ user, businessName, counts = noMenuCounts, menus = true }: { user: SessionUser | null; businessName: string; counts?: MenuCounts; menus?: boolean }) {
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signInOpen, setSignInOpen] = useState(false);
  const location = useLocation();
  const routedArea = useRoutedArea();
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // The menu closes on every navigation, to the same address too (a link to this page, 'Log out' on the home page):
  // each has a new location key.
  useEffect(() => setMenuOpen(false), [location.key]);

  useEffect(() => {
    if (!menuOpen) return;
    panel.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const openSignIn = () => {
    setMenuOpen(false);
    setSignInOpen(true);
  };

  return (
    <>
      <div className="h-20 shrink-0" aria-hidden="true" />
      <header
        data-scrolled={scrolled ? "true" : "false"}
        className={cn(
          "fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-300",
          scrolled ? "h-16 bg-zinc-950/95 shadow-lg shadow-black/30 backdrop-blur" : "h-20 bg-zinc-950",
        )}
      >
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-zinc-900"
        >
          Skip to content
        </a>
        {/* The bar's links are plain ones under one router handler (decision 0183); the menus keep their own. */}
        <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6" {...routedArea}>
          <AreaLink href="/" className="min-w-0 truncate font-display text-2xl font-bold uppercase tracking-wider text-white">
            {businessName}
          </AreaLink>
          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {mainNav.map((link) => {
                const isActive = isCurrentPage(location.pathname, link.to, link.to === "/");
                return (
                  <li key={link.to}>
                    <AreaLink href={link.to} className={navLinkClass({ isActive })} aria-current={isActive ? "page" : undefined}>
                      {link.label}
                    </AreaLink>
                  </li>
                );
              })}
            </ul>
          </nav>
          {menus ? (
            <div className="hidden items-center gap-2 lg:flex">
              {user ? (
                <OnDemand
                  fallback={
                    <span className="inline-flex min-h-11 items-center gap-2 px-3 py-2 text-sm font-semibold text-white">
                      {displayName(user)}
                      <CountBadge count={counts.attention} />
                    </span>
                  }
                >
                  <UserMenu user={user} counts={counts} />
                </OnDemand>
              ) : (
                <>
                  <button
                    type="button"
                    onClick={openSignIn}
                    onPointerEnter={preloadSignInForm}
                    onFocus={preloadSignInForm}
                    className={buttonClass("inverse", headerButton)}
                  >
                    Member Login
                  </button>
                  <AreaLink href="/contact" className={buttonClass("primary", headerButton)}>
                    Get Started
                  </AreaLink>
                </>
              )}
            </div>
          ) : null}
          {menus ? (
            <button
              ref={menuButton}
              type="button"
              className="inline-flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10 lg:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <Menu className="size-6" aria-hidden="true" />
              <span className="sr-only">Open menu</span>
            </button>
          ) : null}
        </div>
      </header>

      {/* Outside the header: its backdrop blur would make it the box a fixed menu is placed in. */}
      {menuOpen ? (
        <div className="fixed inset-0 z-50 lg:hidden">
          <div data-testid="mobile-menu-backdrop" className="absolute inset-0 bg-black/60" aria-hidden="true" onClick={() => setMenuOpen(false)} />
          <div
            ref={panel}
            id="mobile-menu"
            role="dialog"
            aria-modal="true"
            aria-label="Menu"
            className="absolute inset-y-0 right-0 flex w-80 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-zinc-950 p-6 shadow-2xl"
          >
            <div className="flex items-center justify-between">
              <span className="font-display text-xl font-bold uppercase tracking-wider text-white">{businessName}</span>
              <button
                type="button"
                className="inline-flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10"
                onClick={() => {
                  setMenuOpen(false);
                  menuButton.current?.focus();
                }}
              >
                <X className="size-6" aria-hidden="true" />
                <span className="sr-only">Close menu</span>
              </button>
            </div>
            <nav aria-label="Mobile">
              <ul className="flex flex-col gap-1">
                {mobileNav.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.to === "/"} className={(state) => cn(navLinkClass(state), "block py-3 text-base")}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-auto flex flex-col gap-3 border-t border-white/15 pt-6">
              {user ? (
                <>
                  {can(user.role, "coaching", "view") ? (
                    <Link to="/coach" className={buttonClass("inverse")}>
                      Needs attention
                      <CountBadge count={counts.attention} label="members" />
                    </Link>
                  ) : null}
                  {counts.deletionRequests ? (
                    <Link to="/admin/deletion-requests" className={buttonClass("inverse")}>
                      Deletion requests
                      <CountBadge count={counts.deletionRequests} label="waiting" />
                    </Link>
                  ) : null}
                  {can(user.role, "adminArea", "view") ? (
                    <Link to="/admin" className={buttonClass("inverse")}>
                      Admin Dashboard
                    </Link>
                  ) : (
                    <Link to="/members" className={buttonClass("inverse")}>
                      Member Dashboard
                    </Link>
                  )}
                  {can(user.role, "conversations", "readAny") ? (
                    <Link to="/coach/messages" className={buttonClass("inverse")}>
                      Messages
                      <CountBadge count={counts.messages} label="unread" />
                    </Link>
                  ) : null}
                  <Link to="/members/settings" className={buttonClass("inverse")}>
                    Settings
                  </Link>
                  <Form method="post" action="/logout" onSubmit={() => setMenuOpen(false)}>
                    <button type="submit" className={buttonClass("primary", "w-full")}>
                      Log out
                    </button>
                  </Form>
                </>
              ) : (
                <>
                  <button type="button" onClick={openSignIn} className={buttonClass("inverse")}>
                    Member Login
                  </button>
                  <Link to="/contact" className={buttonClass("primary")}>
                    Get Started
                  </Link>
                </>
              )}
            </div>
          </div>
        </div>
      ) : null}
      {user ? null : <SignInDialog open={signInOpen} onClose={() => setSignInOpen(false)} />}
    </>
  );
}
