import type { Route } from "./+types/programs.exercise-choices";
import { permittedOrRefusal } from "~/auth/session.server";
import { parseSearchParams } from "~/lib/search-params";
import { exerciseChoicesQuery } from "~/modules/programs/programs.schema";
import { listExerciseOptions } from "~/modules/programs/program-read.server";

/**
 * GET ?q=… → {choices, more}: the block form's picker as the coach types (the
 * library's search, best match first, capped), for staff who may build programs.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await permittedOrRefusal(request, "programs", "write");
  if (actor instanceof Response) return actor;
  const query = parseSearchParams(request, exerciseChoicesQuery);
  const options = await listExerciseOptions(actor, query.q);
  return Response.json(options, { headers: { "Cache-Control": "private, no-store" } });
}
