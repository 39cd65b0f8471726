import { z } from "zod";
import type { Route } from "./+types/coach";
import { requirePermission } from "~/auth/session.server";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { pageNumber, parseSearchParams } from "~/lib/search-params";
import { loadCoachHome } from "~/modules/coaching/coach-home.server";
import { CoachHomeView } from "~/views/coaching/coach-home";
import { attentionIntentHandlers, attentionRefusalTitles } from "./coach.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Needs attention", matches) }, { name: "robots", content: "noindex" }];

const coachQuery = z.object({ page: pageNumber });

/** The staff's home: every member who needs the coach, most urgent first; check-ins to review; this week's sessions. */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "coaching", "view");
  return { home: await loadCoachHome(staff, parseSearchParams(request, coachQuery)) };
}

/** Dismiss or snooze one reason of one member. */
export async function action({ request }: Route.ActionArgs) {
  const staff = await requirePermission(request, "coaching", "dismissAttention");
  const { page } = parseSearchParams(request, coachQuery);
  const back = page > 1 ? `/coach?page=${page}` : "/coach";
  return runAction(request, attentionIntentHandlers(staff, back), { refusedTo: { to: back, titles: attentionRefusalTitles } });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Needs attention" failure="Failed to load who needs attention. Please reload the page." />;
}

export default function CoachHome({ loaderData }: Route.ComponentProps) {
  return <CoachHomeView home={loaderData.home} />;
}
