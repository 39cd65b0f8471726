import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { preloadSignInForm, SignInDialog } from "./sign-in-dialog";

/** The title of a save's answer when its session has ended (401): the form shows SignInAgain. */
export const SIGN_IN_AGAIN_TITLE = "Authentication required";

/**
 * For a form whose save found the session ended (`answer`, a 401, kept until the next
 * save): the message and a 'Sign In' button that opens the sign-in dialog over the page.
 * Signing in comes back to this same page without reloading it, so the form keeps what
 * was typed; the notice then goes and `onSignedIn` puts focus back (on the Save button).
 * Render it outside the form: the sign-in dialog holds a form of its own.
 */
export function SignInAgain({ answer, title, description, onSignedIn }: { answer: object | null; title: string; description: string; onSignedIn: () => void }) {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [signedInFor, setSignedInFor] = useState<object | null>(null);
  const [seenKey, setSeenKey] = useState(location.key);
  const pending = answer && answer !== signedInFor ? answer : null;

  // Signing in redirects back here: a new location (same URL) while the notice shows.
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    setOpen(false);
    if (pending) setSignedInFor(pending);
  }

  // The sign-in dialog went with the notice (it is rendered only with it), so focus can move back into the form.
  useEffect(() => {
    if (signedInFor) onSignedIn();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedInFor]);

  if (!pending) return null;
  return (
    <>
      <div role="alert" className="mb-5 rounded-md border border-brand/40 bg-red-50 px-3 py-3 text-sm text-brand-strong">
        <p>
          <strong>{title}:</strong> {description}
        </p>
        <Button
          type="button"
          className="mt-3"
          onPointerEnter={preloadSignInForm}
          onClick={() => {
            preloadSignInForm();
            setOpen(true);
          }}
        >
          Sign In
        </Button>
      </div>
      <SignInDialog open={open} onClose={() => setOpen(false)} redirectTo={location.pathname + location.search} />
    </>
  );
}
