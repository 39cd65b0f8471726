import type { Route } from "./+types/coach.members.$memberId.messages.events";
import { permittedOrRefusal } from "~/auth/session.server";
import { answerResource } from "~/lib/resource.server";
import { messageEventStream } from "./members.messages.events.server";

/**
 * GET /coach/members/:memberId/messages/events: a member's conversation as server-sent
 * events for staff (and for that member; another member's is 'Conversation not found').
 * Visitors get a 401.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await permittedOrRefusal(request, "memberArea", "view");
  if (user instanceof Response) return user;
  return answerResource(() => messageEventStream(request, user, params.memberId), { "Cache-Control": "private, no-store" });
}
