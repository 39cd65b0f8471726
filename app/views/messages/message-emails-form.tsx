import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";

export const MESSAGE_EMAILS_INTENT = "message-emails";

/** Settings: e-mails about messages still unread after 10 minutes, on or off (a checkbox and Save). */
export function MessageEmailsForm({ on }: { on: boolean }) {
  const fetcher = useFetcher();
  return (
    <section aria-labelledby="message-emails-title" className="mt-12 border-t border-zinc-200 pt-8">
      <h3 id="message-emails-title" className="mb-2 text-xl font-bold uppercase">
        Message E-mails
      </h3>
      <fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value={MESSAGE_EMAILS_INTENT} />
        <div className="flex items-start gap-3">
          <input id="message-emails" type="checkbox" name="messageEmails" value="on" defaultChecked={on} className="mt-1 size-5" />
          <label htmlFor="message-emails" className="text-zinc-800">
            E-mail me about messages still unread after 10 minutes (at most one e-mail an hour per conversation)
          </label>
        </div>
        <Button type="submit" variant="secondary" busy={fetcher.state !== "idle"} busyText="Saving...">
          Save
        </Button>
      </fetcher.Form>
    </section>
  );
}
