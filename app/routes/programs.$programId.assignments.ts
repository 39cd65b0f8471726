import type { Route } from "./+types/programs.$programId.assignments";
import { permittedOrRefusal } from "~/auth/session.server";
import { assignmentProgress } from "~/modules/programs/program-assignment.server";

/** At most this many assignments followed at once (the builder follows those under way). */
const MAX_IDS = 10;
/** Ids as the app makes them (UUIDs; seeded programs have readable ones): anything else is no id of ours. */
const ID = /^[\w-]{1,100}$/;

/**
 * GET ?ids=a,b → {assignments}: how far each of these assignments of the program is
 * (copies made, still under way). The builder asks while copies are being made.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await permittedOrRefusal(request, "programs", "assign");
  if (actor instanceof Response) return actor;
  const ids = (new URL(request.url).searchParams.get("ids") ?? "").split(",").filter(Boolean);
  if (ids.length > MAX_IDS) return Response.json({ error: `Ask for at most ${MAX_IDS} assignments.` }, { status: 400 });
  if (!ID.test(params.programId) || !ids.every((id) => ID.test(id))) return Response.json({ error: "Ask for assignments by their ids." }, { status: 400 });
  const assignments = await assignmentProgress(actor, params.programId, ids);
  return Response.json({ assignments }, { headers: { "Cache-Control": "no-store" } });
}
