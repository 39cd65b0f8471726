import { redirect } from "react-router";
import type { Route } from "./+types/members.messages";
import { can } from "~/auth/permissions";
import { actingUser, memberOf } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { parseSearchParams } from "~/lib/search-params";
import { openConversation, postMessage } from "~/modules/messages/messages.server";
import { conversationQuery, MESSAGE_FORM_MAX_BYTES, memberMessagesPath, SEND_MESSAGE_INTENT } from "~/modules/messages/messages.schema";
import { Conversation } from "~/views/messages/conversation";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Messages", matches) }, { name: "robots", content: "noindex" }];

/** The member's conversation with the coaching team (staff read every member's at /coach/messages). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = memberOf(context);
  if (can(user.role, "conversations", "readAny")) throw redirect("/coach/messages");
  const { before } = parseSearchParams(request, conversationQuery);
  return { conversation: await openConversation(user, user.id, { before }), earlier: before !== undefined };
}

/** A message to the coaching team; back to the conversation. */
export function action({ request, context }: Route.ActionArgs) {
  return runAction(request, {
    [SEND_MESSAGE_INTENT]: async (form) => {
      const user = actingUser(context, request);
      await postMessage(user, user.id, form);
      return redirect(memberMessagesPath);
    },
  }, { maxBytes: MESSAGE_FORM_MAX_BYTES });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Messages" failure="Failed to load your messages. Please reload the page." />;
}

export default function MemberMessages({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="messages-title" className="space-y-4">
      <h2 id="messages-title" className="text-2xl font-bold uppercase">
        Messages
      </h2>
      <p className="text-zinc-700">Your conversation with the coaching team.</p>
      <Conversation page={loaderData.conversation} viewer="member" path={memberMessagesPath} streamUrl={loaderData.earlier ? null : "/members/messages/events"} result={actionData} />
    </section>
  );
}
