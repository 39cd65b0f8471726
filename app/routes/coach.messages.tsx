import type { Route } from "./+types/coach.messages";
import { requirePermission } from "~/auth/session.server";
import { ErrorScreen } from "~/components/error-screen";
import { pageTitle } from "~/lib/meta";
import { pageNumber, parseSearchParams } from "~/lib/search-params";
import { listConversationsForStaff } from "~/modules/messages/messages.server";
import { ConversationList } from "~/views/messages/conversation-list";
import { z } from "zod";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Messages", matches) }, { name: "robots", content: "noindex" }];

const query = z.object({ page: pageNumber });

/** Every member's conversation for trainers and administrators: unread first, then the most recent. */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "conversations", "readAny");
  return listConversationsForStaff(staff, { page: parseSearchParams(request, query).page });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Messages" failure="Failed to load the conversations. Please reload the page." />;
}

export default function StaffMessages({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold uppercase">Messages</h1>
      <ConversationList {...loaderData} />
    </div>
  );
}
