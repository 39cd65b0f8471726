import { Outlet } from "react-router";
import type { Route } from "./+types/classes";
import { requirePermission } from "~/auth/session.server";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { ClassesNav } from "~/views/classes/class-parts";

/**
 * The staff Classes area's frame (upcoming classes, timetable, class types, rosters):
 * trainers and administrators only, checked once here for every section's loader and
 * action; the services check each write again (class types are the administrators').
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    context.set(userContext, await requirePermission(request, "groupClasses", "view"));
  },
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Classes" failure="Failed to load classes. Please reload the page." />;
}

export default function ClassesLayout() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Classes</h1>
      <ClassesNav />
      <Outlet />
    </div>
  );
}
