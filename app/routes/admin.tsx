import { Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { requireAdmin } from "~/auth/session.server";
import { userContext } from "~/auth/user-context";
import { AdminNav } from "~/components/admin-nav";
import { ErrorScreen } from "~/components/error-screen";
import { countDeletionRequests } from "~/modules/member-data/deletion-requests.server";

/**
 * The admin area's frame: administrators only (visitors to /login, other roles to
 * /members), checked once here for every admin screen's loader and action, also for a
 * screen's own .data request.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    context.set(userContext, await requireAdmin(request));
  },
];

/** The menu's count of members waiting for their account to be deleted. */
export async function loader({ context }: Route.LoaderArgs) {
  return { deletionRequests: await countDeletionRequests(context.get(userContext)) };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <AdminNav deletionRequests={loaderData.deletionRequests} />
      <Outlet />
    </div>
  );
}
