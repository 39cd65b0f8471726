import { X } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { useModal } from "./ui/use-modal";

// The form (and its validation library) loads only when someone opens the dialog.
const loadSignInForm = () => import("./sign-in-form");
const SignInForm = lazy(() => loadSignInForm().then((m) => ({ default: m.SignInForm })));

/** Starts fetching the form as soon as a visitor shows interest in signing in. */
export function preloadSignInForm(): void {
  void loadSignInForm();
}

/**
 * 'Member Login' on every page, desktop and mobile: a native modal dialog
 * (focus is kept inside, Escape closes it, focus returns to the opener).
 * `redirectTo`: where a successful sign-in goes (default /members).
 */
export function SignInDialog({ open, onClose, redirectTo }: { open: boolean; onClose: () => void; redirectTo?: string }) {
  const ref = useModal(open);
  const location = useLocation();

  // A successful sign-in navigates away: close with it.
  useEffect(() => {
    onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  return (
    // A click on the backdrop closes it; keyboard users have Escape and the Close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby="sign-in-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-0 text-zinc-900 shadow-2xl"
    >
      <div className="p-6 sm:p-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          <div>
            <h2 id="sign-in-title" className="text-2xl font-bold uppercase">
              Member Login
            </h2>
            <p className="mt-1 text-sm text-zinc-600">Sign in to your member area.</p>
          </div>
          <button type="button" onClick={onClose} className="rounded-md p-2 text-zinc-600 hover:bg-zinc-100" aria-label="Close">
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        {open ? (
          <Suspense fallback={<p role="status">Loading...</p>}>
            <SignInForm idPrefix="dialog" redirectTo={redirectTo} />
          </Suspense>
        ) : null}
      </div>
    </dialog>
  );
}
