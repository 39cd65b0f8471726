import type { Route } from "./+types/coach.payments";
import { requirePermission } from "~/auth/session.server";
import { ErrorScreen } from "~/components/error-screen";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams } from "~/lib/search-params";
import { staffPaymentsQuery } from "~/modules/billing/staff-payments.schema";
import { loadStaffPayments } from "~/modules/billing/staff-payments.server";
import { StaffPaymentsView } from "~/views/billing/staff-payments";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Payments", matches) }, { name: "robots", content: "noindex" }];

/** Staff's payments (trainers and administrators): this month's figures and every payment, filtered and paged. */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "billing", "viewAny");
  return loadStaffPayments(staff, parseSearchParams(request, staffPaymentsQuery));
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Payments" failure="Failed to load the payments. Please reload the page." />;
}

export default function CoachPayments({ loaderData }: Route.ComponentProps) {
  return <StaffPaymentsView data={loaderData} />;
}
