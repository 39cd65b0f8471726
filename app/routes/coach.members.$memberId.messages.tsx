import { Link, redirect } from "react-router";
import type { Route } from "./+types/coach.members.$memberId.messages";
import { can } from "~/auth/permissions";
import { requirePermission, requireUser } from "~/auth/session.server";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { AppError } from "~/lib/app-error";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams } from "~/lib/search-params";
import { openConversation, postMessage } from "~/modules/messages/messages.server";
import { CONVERSATION_NOT_FOUND, conversationQuery, MESSAGE_FORM_MAX_BYTES, memberMessagesPath, SEND_MESSAGE_INTENT, staffMessagesPath } from "~/modules/messages/messages.schema";
import { Conversation } from "~/views/messages/conversation";

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  { title: pageTitle(d ? `Messages: ${d.conversation.member.name}` : "Messages", matches) },
  { name: "robots", content: "noindex" },
];

/**
 * Staff only; a member finds their own conversation at /members/messages, and another
 * member's is 'Conversation not found' (404) whether it exists or not.
 */
async function requireStaff(request: Request, memberId: string, entity: "readAny" | "writeAny") {
  const user = await requireUser(request);
  if (!can(user.role, "conversations", entity)) {
    if (memberId === user.id) throw redirect(memberMessagesPath);
    throw new AppError(404, CONVERSATION_NOT_FOUND);
  }
  return requirePermission(request, "conversations", entity);
}

/** One member's conversation for trainers and administrators, marked read up to the newest message shown. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, params.memberId, "readAny");
  const { before } = parseSearchParams(request, conversationQuery);
  return { conversation: await openConversation(staff, params.memberId, { before }), earlier: before !== undefined };
}

/** The team's reply to the member. */
export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, params.memberId, "writeAny");
  return runAction(request, {
    [SEND_MESSAGE_INTENT]: async (form) => {
      await postMessage(staff, params.memberId, form);
      return redirect(staffMessagesPath(params.memberId));
    },
  }, { maxBytes: MESSAGE_FORM_MAX_BYTES });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Messages" failure="Failed to load the conversation. Please reload the page." />;
}

export default function StaffConversation({ loaderData, actionData, params }: Route.ComponentProps) {
  const { conversation, earlier } = loaderData;
  const path = staffMessagesPath(params.memberId);
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/coach/messages" className="font-semibold text-brand-strong underline underline-offset-2">
          All conversations
        </Link>
        <span aria-hidden="true"> · </span>
        <Link to={`/coach/members/${encodeURIComponent(params.memberId)}`} className="font-semibold text-brand-strong underline underline-offset-2">
          {conversation.member.name}
        </Link>
      </nav>
      <h1 className="text-3xl font-bold uppercase">Messages: {conversation.member.name}</h1>
      <Conversation page={conversation} viewer="staff" path={path} streamUrl={earlier ? null : `${path}/events`} result={actionData} />
    </div>
  );
}
