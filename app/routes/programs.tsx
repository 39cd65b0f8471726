import { Outlet } from "react-router";
import type { Route } from "./+types/programs";
import { requirePermission } from "~/auth/session.server";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { ProgramsNav } from "~/views/programs/programs-nav";

/**
 * The staff Programs area's frame (programs, templates, the exercise library): trainers
 * and administrators only, checked once here for every section's loader and action
 * (also a section's own .data request).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    context.set(userContext, await requirePermission(request, "programs", "view"));
  },
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Programs" failure="Failed to load programs. Please reload the page." />;
}

export default function ProgramsLayout() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Programs</h1>
      <ProgramsNav />
      <Outlet />
    </div>
  );
}
