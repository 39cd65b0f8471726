import type { Route } from "./+types/programs.member-choices";
import { permittedOrRefusal } from "~/auth/session.server";
import { parseSearchParams } from "~/lib/search-params";
import { memberChoicesQuery } from "~/modules/programs/programs.schema";
import { listAssignableMembers } from "~/modules/programs/program-read.server";

/**
 * GET ?q=… → {choices, more}: the members a program can be assigned to whose name or
 * address contains the search (capped), for staff who may assign; the assign form asks as
 * the coach types.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await permittedOrRefusal(request, "programs", "assign");
  if (actor instanceof Response) return actor;
  const query = parseSearchParams(request, memberChoicesQuery);
  const options = await listAssignableMembers(actor, query.q);
  return Response.json(options, { headers: { "Cache-Control": "private, no-store" } });
}
