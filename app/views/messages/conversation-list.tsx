import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { formatUnread, type ConversationListItem } from "~/modules/messages/messages.schema";

/** Every member's conversation for staff, unread first, with the last message and a link to each. */
export function ConversationList({ conversations, page, hasNext }: { conversations: ConversationListItem[]; page: number; hasNext: boolean }) {
  return (
    <div className="space-y-4">
      {conversations.length === 0 ? <p className="text-zinc-700">{page === 1 ? "No conversations yet." : "No more conversations."}</p> : null}
      <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white">
        {conversations.map((c) => (
          <li key={c.memberId} className="p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <Link to={`/coach/members/${encodeURIComponent(c.memberId)}/messages`} className="font-semibold text-brand-strong underline underline-offset-2">
                {c.memberName}
              </Link>
              <span className="flex gap-2 text-sm">
                {c.unread > 0 ? <span className="rounded-full bg-zinc-900 px-2 py-0.5 font-semibold text-white">{formatUnread(c.unread)} unread</span> : null}
                {c.awaitingTeam ? <span className="rounded-full border border-zinc-400 px-2 py-0.5 text-zinc-800">Unanswered</span> : null}
              </span>
            </div>
            {c.lastMessage ? (
              <p className="mt-1 line-clamp-2 text-sm text-zinc-700">
                <span className="font-medium">{c.lastMessage.fromMember ? c.memberName : "Team"}:</span> {c.lastMessage.body} <span className="text-zinc-600">· {c.lastMessage.sentAtLabel}</span>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {page > 1 || hasNext ? (
        <nav aria-label="Conversation pages" className="flex items-center justify-between gap-4">
          {page > 1 ? (
            <Link to={`/coach/messages?page=${page - 1}`} className={buttonClass("secondary")}>
              Previous
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-zinc-700">Page {page}</p>
          {hasNext ? (
            <Link to={`/coach/messages?page=${page + 1}`} className={buttonClass("secondary")}>
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
