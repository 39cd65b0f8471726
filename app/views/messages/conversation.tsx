import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { FormError, TextAreaField, TextField } from "~/components/ui/field";
import { useBrowserCheck } from "~/components/ui/use-browser-check";
import { Picture } from "~/components/ui/picture";
import type { ActionData } from "~/lib/action.server";
import { fieldErrors } from "~/lib/form";
import { chosenFile, MESSAGE_MAX, MESSAGE_REQUIRED, messageSchema, SEND_MESSAGE_INTENT, type ConversationPage, type MessageView } from "~/modules/messages/messages.schema";
import { mergeMessages, useMessageStream } from "./use-message-stream";

/**
 * One member's conversation with the coaching team, for the member or for staff: the
 * messages oldest first with the newest at the bottom, above the form. On the latest page
 * new messages appear as they are sent (the event stream); 'Earlier messages' pages back.
 */
export function Conversation({
  page,
  viewer,
  path,
  streamUrl,
  result,
}: {
  page: ConversationPage;
  /** Whose screen: the member's own, or staff reading a member's. */
  viewer: "member" | "staff";
  /** This page's address (the form posts here; 'Earlier messages' adds ?before=). */
  path: string;
  /** The conversation's event stream; null on an earlier page. */
  streamUrl: string | null;
  result: ActionData | undefined;
}) {
  const live = useMessageStream(streamUrl, page.lastSeq);
  const messages = mergeMessages(page.messages, live);
  const bottom = useRef<HTMLDivElement>(null);
  const count = messages.length;
  const newest = messages.at(-1)?.seq;
  const first = useRef(true);
  useEffect(() => {
    // A new message scrolls into view only when the reader is at the bottom already, not on the first draw.
    if (first.current) {
      first.current = false;
      return;
    }
    const end = bottom.current;
    if (!end) return;
    const { bottom: y } = end.getBoundingClientRect();
    if (y < window.innerHeight + 400) end.scrollIntoView({ block: "end" });
  }, [newest]);
  return (
    <div className="space-y-4">
      {page.earlierBefore !== null ? (
        <p>
          <Link to={`${path}?before=${page.earlierBefore}`} className="font-semibold text-brand-strong underline underline-offset-2">
            Earlier messages
          </Link>
        </p>
      ) : null}
      {streamUrl === null ? (
        <p>
          <Link to={path} className="font-semibold text-brand-strong underline underline-offset-2">
            Latest messages
          </Link>
        </p>
      ) : null}
      {count === 0 ? (
        <p className="text-zinc-700">{viewer === "member" ? "No messages yet. Write to your coach below." : "No messages yet."}</p>
      ) : null}
      {/* The log around the list, not on it: role="log" on the <ol> took its list semantics away from its items. */}
      <div role="log" aria-label="Messages">
        <ol className="space-y-3">
          {messages.map((m) => (
            <MessageItem key={m.seq} message={m} viewer={viewer} memberName={page.member.name} />
          ))}
        </ol>
      </div>
      <div ref={bottom} />
      {streamUrl !== null ? <SendForm path={path} viewer={viewer} memberName={page.member.name} result={result} /> : null}
    </div>
  );
}

function MessageItem({ message, viewer, memberName }: { message: MessageView; viewer: "member" | "staff"; memberName: string }) {
  const mine = (viewer === "member") === message.fromMember;
  const who = message.fromMember ? (viewer === "member" ? "You" : memberName) : (message.authorName ?? "Coach");
  return (
    <li className={cn("flex", mine ? "justify-end" : "justify-start")} data-seq={message.seq}>
      <article className={cn("max-w-[85%] rounded-2xl px-4 py-3 sm:max-w-[70%]", mine ? "bg-zinc-900 text-white" : "border border-zinc-200 bg-white text-zinc-900")}>
        <header className={cn("flex flex-wrap gap-x-2 text-xs", mine ? "text-zinc-300" : "text-zinc-600")}>
          <span className="font-semibold">{who}</span>
          <time dateTime={message.sentAt}>{message.sentAtLabel}</time>
        </header>
        {message.image ? (
          <a href={message.image.src} className="mt-2 block overflow-hidden rounded-lg">
            <Picture image={message.image} sizes="(min-width: 640px) 24rem, 80vw" className="max-h-80 object-contain" />
          </a>
        ) : null}
        {message.body ? <p className="mt-1 whitespace-pre-wrap break-words">{message.body}</p> : null}
      </article>
    </li>
  );
}

/** The message box: checked in the browser with the server's schema, sent with a fetcher; emptied once sent. */
function SendForm({ path, viewer, memberName, result }: { path: string; viewer: "member" | "staff"; memberName: string; result: ActionData | undefined }) {
  const fetcher = useFetcher<ActionData>();
  const form = useRef<HTMLFormElement>(null);
  const check = useBrowserCheck<"body">((data) => {
    const parsed = messageSchema.safeParse({ body: data.get("body") });
    if (!parsed.success) return fieldErrors<"body">(parsed.error);
    // An image alone is a message too.
    return parsed.data.body || chosenFile(data.get("image")) ? {} : { body: MESSAGE_REQUIRED };
  });
  const answer = fetcher.data ?? (result && !result.ok && result.intent === SEND_MESSAGE_INTENT ? result : undefined);
  const failure = answer && !answer.ok ? answer : undefined;
  const busy = fetcher.state !== "idle";
  const wasBusy = useRef(false);
  useEffect(() => {
    // Sent (the answer was the redirect back here): empty the box for the next message.
    if (wasBusy.current && !busy && !(fetcher.data && !fetcher.data.ok)) form.current?.reset();
    wasBusy.current = busy;
  }, [busy, fetcher.data]);
  const echoed = failure?.values.body;
  const bodyError = check.problems?.body ?? failure?.fieldErrors.body;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={path}
      encType="multipart/form-data"
      noValidate
      className="space-y-3 rounded-xl border border-zinc-200 bg-white p-4"
      aria-label={viewer === "member" ? "Message your coach" : `Message ${memberName}`}
      onSubmit={check.onSubmit}
    >
      <input type="hidden" name="intent" value={SEND_MESSAGE_INTENT} />
      <FormError message={failure?.error} />
      <TextAreaField
        label="Message"
        name="body"
        rows={3}
        maxLength={MESSAGE_MAX}
        required
        defaultValue={typeof echoed === "string" ? echoed : ""}
        error={bodyError}
        hint={viewer === "member" ? "Your coach is e-mailed if it is still unread after 10 minutes." : "The member is e-mailed if it is still unread after 10 minutes."}
      />
      <TextField label="Image (optional)" name="image" type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" error={failure?.fieldErrors.image} hint="JPEG, PNG, WebP, AVIF or GIF, up to 10 MB." />
      <Button type="submit" busy={busy} busyText="Sending...">
        Send
      </Button>
    </fetcher.Form>
  );
}
