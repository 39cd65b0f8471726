import { RefreshCw } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { ActionData } from "~/lib/action.server";

export const CALENDAR_FEED_INTENT = "calendar-feed";

export interface CalendarFeedView {
  /** What the feed holds: the member's own training, or every member's sessions (staff). */
  scope: "member" | "staff";
  /** When the working link was made (site time zone), or null when there is none. */
  createdOn: string | null;
}

/** The answer to 'make the link': the address, shown this once. */
export type CalendarFeedActionData = ActionData<{ url?: string }>;

const ACTION = "/members/settings";

function MakeLinkForm({ label, busy }: { label: string; busy: boolean }) {
  return (
    <Form method="post" action={ACTION}>
      <input type="hidden" name="intent" value={CALENDAR_FEED_INTENT} />
      <Button type="submit" busy={busy} busyText="Making your link...">
        {label}
      </Button>
    </Form>
  );
}

/** 'Make a new link?': the old address stops working, so the person confirms first. Cancel has the focus. */
function RegenerateDialog({ open, onClose, busy }: { open: boolean; onClose: () => void; busy: boolean }) {
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Make a new calendar link?"
      text="Your current link stops working at once: calendars subscribed to it stop updating until you subscribe them to the new link."
    >
      <Form method="post" action={ACTION} className="flex flex-wrap justify-end gap-3" onSubmit={onClose}>
        <input type="hidden" name="intent" value={CALENDAR_FEED_INTENT} />
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={busy} busyText="Making your link...">
          <RefreshCw className="size-4" aria-hidden="true" /> Make a new link
        </Button>
      </Form>
    </ConfirmDialog>
  );
}

/** The new address with Copy, the Apple Calendar (webcal://) link and how to subscribe in each app. */
function NewLink({ url }: { url: string }) {
  const box = useRef<HTMLDivElement>(null);
  const field = useId();
  useEffect(() => box.current?.focus(), [url]);
  const webcal = url.replace(/^https?:/, "webcal:");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied");
    } catch {
      (document.getElementById(field) as HTMLInputElement | null)?.select();
      toast.error("Could not copy the link", { description: "It is selected: copy it with your keyboard or menu." });
    }
  };
  return (
    <div ref={box} tabIndex={-1} role="status" className="mb-4 space-y-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4 outline-none">
      <p className="font-bold">Your calendar link is ready. Copy it now: it is shown only this once.</p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <TextField id={field} label="Calendar link" value={url} readOnly onFocus={(e) => e.currentTarget.select()} className="font-mono text-sm" />
        </div>
        <Button variant="secondary" onClick={copy}>
          Copy
        </Button>
      </div>
      <ul className="list-disc space-y-2 pl-5 text-sm text-zinc-800">
        <li>
          <strong>Google Calendar</strong> (on a computer): next to Other calendars choose +, then From URL; paste the link and choose Add calendar. It shows on your phone too.
        </li>
        <li>
          <strong>Apple Calendar</strong>:{" "}
          <a href={webcal} className="font-semibold text-brand-strong underline underline-offset-2">
            Open in Apple Calendar
          </a>
          , or on a Mac choose File, New Calendar Subscription and paste the link; on an iPhone, Settings, Calendar, Accounts, Add Account, Other, Add Subscribed Calendar.
        </li>
        <li>
          <strong>Outlook</strong>: Add calendar, Subscribe from web; paste the link and choose Import.
        </li>
      </ul>
      <p className="text-sm text-zinc-800">Calendar apps read the link again every few hours (Google Calendar up to a day): changes and cancellations show up then.</p>
    </div>
  );
}

/** Settings: the person's private calendar feed (decision 0090). */
export function CalendarFeedSettings({ view, result }: { view: CalendarFeedView; result?: CalendarFeedActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === CALENDAR_FEED_INTENT;
  const [confirming, setConfirming] = useState(false);
  const mine = result?.intent === CALENDAR_FEED_INTENT ? result : undefined;
  const url = mine?.ok ? mine.url : undefined;
  const refusal = mine?.ok === false ? mine.error : null;
  useEffect(() => {
    if (url) toast.success("Calendar link ready", { description: "Any earlier link no longer works." });
  }, [url]);
  useEffect(() => {
    if (refusal) toast.error("Could not make your calendar link", { description: refusal });
  }, [refusal]);
  return (
    <section id="calendar-feed" aria-labelledby="calendar-feed-title" className="mt-12 border-t border-zinc-200 pt-8">
      <h3 id="calendar-feed-title" className="mb-2 text-xl font-bold uppercase">
        Calendar Feed
      </h3>
      <p className="mb-4 text-zinc-700">
        {view.scope === "staff"
          ? "Every member's training sessions in your own calendar app (Google Calendar, Apple Calendar, Outlook), through a private link. Moved and cancelled sessions show as such."
          : "Your training sessions and the workouts your program plans, in your own calendar app (Google Calendar, Apple Calendar, Outlook), through a private link. Moved and cancelled sessions show as such."}{" "}
        Anyone with the link can read the calendar: keep it to yourself.
      </p>
      {url ? <NewLink url={url} /> : null}
      {view.createdOn === null ? (
        <MakeLinkForm label="Make my calendar link" busy={busy} />
      ) : (
        <>
          {url ? null : (
            <p className="mb-4 text-zinc-700">
              Your calendar link was made on {view.createdOn}. It is shown only when it is made. Lost it, or shared it by mistake? Make a new one: the old one stops working at once.
            </p>
          )}
          <Button variant="secondary" onClick={() => setConfirming(true)} busy={busy} busyText="Making your link...">
            <RefreshCw className="size-4" aria-hidden="true" /> Make a new link
          </Button>
          <RegenerateDialog open={confirming} onClose={() => setConfirming(false)} busy={busy} />
        </>
      )}
    </section>
  );
}
