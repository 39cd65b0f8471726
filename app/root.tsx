import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData, type UIMatch } from "react-router";
import { lazy, useEffect } from "react";
import type { Route } from "./+types/root";
import { can } from "~/auth/permissions";
import { getSessionUser } from "~/auth/session.server";
import type { MenuCounts } from "~/components/menu-counts";
import { useNonce } from "~/components/nonce";
import { OnDemand, useRootHydrated } from "~/components/on-demand";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/toaster";
import { heardOwnChanges } from "~/lib/change-notices.server";
import { getEnv } from "~/lib/env.server";
import { readToast } from "~/lib/toast.server";
import { defaultSiteSettings } from "~/modules/settings/settings-defaults";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { countNeedsAttention, forgetAttentionAfterWrite } from "~/modules/coaching/attention.server";
import { keptUnreadCount } from "~/modules/messages/unread-count.server";
import { countDeletionRequests } from "~/modules/member-data/deletion-requests.server";
import { ErrorScreen } from "~/components/error-screen";
import { forgetMemberData } from "~/lib/offline-contract";
import "./app.css";

/**
 * A signed-out page in a browser the member app was installed in (its service worker
 * controls the page): the member's kept pages and queued sets are deleted, however the
 * session ended (sign-out, expiry, another device) (decision 0092).
 */
function useForgetMemberDataSignedOut(signedOut: boolean) {
  useEffect(() => {
    if (signedOut && navigator.serviceWorker?.controller) void forgetMemberData();
  }, [signedOut]);
}

/**
 * The address of the page's own script when its route runs on one instead of React
 * (decision 0109; app/lib/page-script.server.ts): its handle says so and its loader names it.
 */
function ownScriptOf(matches: UIMatch[]): string | null {
  for (const match of matches) {
    const data = match.data as { script?: unknown } | undefined;
    if ((match.handle as { ownScript?: boolean } | undefined)?.ownScript && typeof data?.script === "string") return data.script;
  }
  return null;
}

/**
 * Set before any script loads: zod's forms (in the browser) never try `new Function` for
 * their faster parsers. Under this CSP that try is refused, and the refusal is reported as a
 * violation (DevTools' issues, Lighthouse's best practices) even though zod catches it.
 */
const ZOD_WITHOUT_EVAL = "globalThis.__zod_globalConfig={jitless:true}";

// Only signed-in users with an incomplete profile need the wizard.
const ProfileWizardDialog = lazy(() => import("~/views/users/profile-wizard").then((m) => ({ default: m.ProfileWizardDialog })));

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon-180.png", sizes: "180x180" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/**
 * A write answers once this process has heard the database's notices of what it changed
 * (decision 0145): the page the writer opens next never shows a read kept from before.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    try {
      return await next();
    } finally {
      if (request.method !== "GET" && request.method !== "HEAD") {
        await heardOwnChanges();
        await forgetAttentionAfterWrite(await getSessionUser(request));
      }
    }
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [user, settings, { toast, clear }] = await Promise.all([getSessionUser(request), getSiteSettings(), readToast(request)]);
  const { businessName, phone, email, address, instagramUrl, facebookUrl, youtubeUrl, tiktokUrl } = settings;
  // Members who need the coach (staff), unread messages (the member's Member Menu, the staff's user menu) and deletion requests (administrators), read side by side.
  const [attention, messages, deletionRequests] = await Promise.all([
    user && can(user.role, "coaching", "view") ? countNeedsAttention(user) : null,
    user ? keptUnreadCount(user) : null,
    user && can(user.role, "memberData", "listDeletionRequests") ? countDeletionRequests(user) : null,
  ]);
  const counts: MenuCounts = { attention, messages, deletionRequests };
  return data(
    { user, toast, counts, origin: getEnv().BASE_URL, settings: { businessName, phone, email, address, instagramUrl, facebookUrl, youtubeUrl, tiktokUrl } },
    { headers: clear ? { "set-cookie": clear } : undefined },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const ownScript = ownScriptOf(useMatches());
  const user = root?.user ?? null;
  const settings = root?.settings ?? defaultSiteSettings;
  // Signed-in users with an incomplete profile meet the blocking wizard everywhere but its own page.
  const showWizard = user && !user.profileComplete && location.pathname !== "/profile-setup" && !ownScript;
  // Marks the page live once React has attached its event handlers here and in the parts
  // loaded on demand. Browser tests wait for the mark before they click (a click before it
  // falls on a dead button).
  useRootHydrated();
  useForgetMemberDataSignedOut(user === null && root !== undefined);
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#09090b" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_WITHOUT_EVAL }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <SiteHeader user={user} businessName={settings.businessName} counts={root?.counts} menus={!ownScript} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter settings={settings} />
        {showWizard ? (
          <OnDemand fallback={null}>
            <ProfileWizardDialog initialName={user.name} />
          </OnDemand>
        ) : null}
        <Toaster serverToast={root?.toast ?? null} />
        {ownScript ? (
          <script type="module" src={ownScript} nonce={nonce} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}
