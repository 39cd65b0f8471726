import type { Route } from "./+types/members.progress[.]csv";
import { requireUser } from "~/auth/session.server";
import { todayIn } from "~/lib/time-zone";
import { exportProgressCsv } from "~/modules/progress/progress-csv.server";
import { getSiteSettings } from "~/modules/settings/settings.server";

/** 'Export CSV': the signed-in member's own progress data as a download. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [csv, { timeZone }] = await Promise.all([exportProgressCsv(user), getSiteSettings()]);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="progress-${todayIn(timeZone)}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
