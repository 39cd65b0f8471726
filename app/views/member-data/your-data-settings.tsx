import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { ActionData } from "~/lib/action.server";
import { EXPORT_INTENT, REQUEST_DELETION_INTENT, WITHDRAW_DELETION_INTENT } from "~/modules/member-data/member-data.schema";

export interface YourDataView {
  /** An export is being prepared: the button waits. */
  building: boolean;
  /** When the last link was e-mailed, in the site's time zone. */
  lastReady: string | null;
  /** Members may ask for their account to be deleted; staff accounts are not erased this way. */
  canRequestDeletion: boolean;
  /** The open deletion request's date, or null. */
  deletionRequested: string | null;
}

/** A refusal of this form's intent, shown as a toast under the form's own title. */
function useRefusalToast(fetcher: ReturnType<typeof useFetcher<ActionData>>, intent: string, title: string) {
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.ok === false && answer.intent === intent && answer.error) toast.error(title, { description: answer.error });
  }, [fetcher.state, answer, intent, title]);
}

/** Settings: 'Download my data' and 'Delete my account'. */
export function YourDataSettings({ view, email }: { view: YourDataView; email: string }) {
  const exporting = useFetcher<ActionData>();
  const deletion = useFetcher<ActionData>();
  useRefusalToast(exporting, EXPORT_INTENT, "Could not prepare your data");
  useRefusalToast(deletion, REQUEST_DELETION_INTENT, "Could not send your request");
  useRefusalToast(deletion, WITHDRAW_DELETION_INTENT, "Could not withdraw your request");
  const preparing = view.building || exporting.state !== "idle";
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <section aria-labelledby="your-data-title" className="mt-12 border-t border-zinc-200 pt-8">
        <h3 id="your-data-title" className="mb-2 text-xl font-bold uppercase">
          Your Data
        </h3>
        <p className="mb-4 text-zinc-700">
          One ZIP file with everything we hold about you: profile, progress entries, goals, programs, workouts and sets, check-ins, messages, sessions and photos, as
          JSON and as spreadsheets (CSV). We prepare it in the background and e-mail a link to {email}. The link works once, for 24 hours, and only when you are signed in.
        </p>
        <exporting.Form method="post" action="/members/settings">
          <input type="hidden" name="intent" value={EXPORT_INTENT} />
          <Button type="submit" variant="secondary" busy={preparing} busyText="Preparing your data...">
            Download my data
          </Button>
        </exporting.Form>
        <p role="status" className="mt-3 text-sm text-zinc-700">
          {view.building ? `We are preparing your data and will e-mail the link to ${email} when it is ready.` : view.lastReady ? `The last link was e-mailed on ${view.lastReady}.` : ""}
        </p>
      </section>

      {view.canRequestDeletion ? (
        <section aria-labelledby="delete-account-title" className="mt-12 border-t border-zinc-200 pt-8">
          <h3 id="delete-account-title" className="mb-2 text-xl font-bold uppercase">
            Delete My Account
          </h3>
          {view.deletionRequested ? (
            <>
              <p role="status" className="mb-4 text-zinc-700">
                You asked to delete your account on {view.deletionRequested}. The coach will settle anything open in your coaching contract with you, then erase your account
                and everything in it. Changed your mind? Withdraw the request.
              </p>
              <deletion.Form method="post" action="/members/settings">
                <input type="hidden" name="intent" value={WITHDRAW_DELETION_INTENT} />
                <Button type="submit" variant="secondary" busy={deletion.state !== "idle"} busyText="Withdrawing...">
                  Withdraw my request
                </Button>
              </deletion.Form>
            </>
          ) : (
            <>
              <p className="mb-4 text-zinc-700">
                Your request goes to the administrator, since a coaching contract may need settling first. Once they erase your account, every record and photo of yours is
                deleted for good. Download your data first if you want to keep it.
              </p>
              <Button onClick={() => setConfirming(true)} busy={deletion.state !== "idle"} busyText="Sending...">
                Delete my account
              </Button>
              {/* Are you sure? Cancel comes first and has the focus; Escape closes it too. */}
              <ConfirmDialog
                open={confirming}
                onClose={() => setConfirming(false)}
                title="Delete your account?"
                text="Your request goes to the administrator. Once they erase your account, every record and photo of yours is deleted for good and cannot be brought back."
              >
                <deletion.Form method="post" action="/members/settings" className="flex flex-wrap justify-end gap-3" onSubmit={() => setConfirming(false)}>
                  <input type="hidden" name="intent" value={REQUEST_DELETION_INTENT} />
                  <Button variant="secondary" onClick={() => setConfirming(false)}>
                    Cancel
                  </Button>
                  <Button type="submit">Send my request</Button>
                </deletion.Form>
              </ConfirmDialog>
            </>
          )}
        </section>
      ) : null}
    </>
  );
}
