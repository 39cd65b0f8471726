import type { Route } from "./+types/members.progress[.]csv";
import { requireUser } from "~/auth/session.server";
import { progressCsvResponse } from "~/modules/progress/progress.server";

/** 'Export CSV': the signed-in member's own progress data as a download. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return progressCsvResponse(user);
}
