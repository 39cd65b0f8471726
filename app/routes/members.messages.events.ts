import type { Route } from "./+types/members.messages.events";
import { permittedOrRefusal } from "~/auth/session.server";
import { answerResource } from "~/lib/resource.server";
import { messageEventStream } from "./members.messages.events.server";

/**
 * GET /members/messages/events: the signed-in member's conversation as server-sent events
 * (new messages as they are sent; resumes after Last-Event-ID). Visitors get a 401.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await permittedOrRefusal(request, "memberArea", "view");
  if (user instanceof Response) return user;
  return answerResource(() => messageEventStream(request, user, user.id), { "Cache-Control": "private, no-store" });
}
