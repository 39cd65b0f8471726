import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { NotFound } from "~/components/not-found";

/**
 * The one error screen (decision 0029): every route's error boundary renders it, the
 * root's with no arguments. It picks the screen by status: 404 the spec's page (or the
 * route's own not-found words), 401 a way back through sign-in, 403 the Unauthorized
 * page's words, anything else the route's failure message with a way to try again.
 */
export interface ErrorScreenProps {
  error: unknown;
  /** The screen's heading, kept so the person still knows where they are ("Articles"). */
  heading?: string;
  /** The spec's load-failure message for this screen ("Error: Failed to fetch articles"). */
  failure?: string;
  /** A route's own not-found screen (an article that is gone), instead of the site's 404. */
  notFound?: React.ReactNode;
}

function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  return 500;
}

/** The message an AppError or a thrown data() carried; a server bug's details never reach the browser. */
function messageOf(error: unknown): string | null {
  if (isRouteErrorResponse(error)) {
    const body: unknown = error.data;
    return body && typeof body === "object" && "message" in body && typeof body.message === "string" ? body.message : null;
  }
  if (error instanceof Error && error.message && error.message !== "Unexpected Server Error") return error.message;
  return null;
}

/** The heading an AppError carried (its title: "Access Required"), if any. */
function titleOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const body: unknown = error.data;
  return body && typeof body === "object" && "title" in body && typeof body.title === "string" ? body.title : null;
}

export function ErrorScreen({ error, heading, failure, notFound }: ErrorScreenProps) {
  const status = statusOf(error);
  const location = useLocation();
  if (status === 404) return notFound ?? <NotFound />;
  if (status === 401 || status === 403) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
        <h1 className="text-4xl font-bold uppercase">{status === 401 ? (titleOf(error) ?? "Sign in") : "Unauthorized"}</h1>
        <p className="text-zinc-700">{messageOf(error) ?? "Your account does not have access to that page."}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {status === 401 ? (
            // Signing in comes back to the page that asked for it.
            <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`} className={buttonClass("primary")}>
              Sign In
            </Link>
          ) : null}
          <Link to="/" className={buttonClass(status === 401 ? "secondary" : "primary")}>
            Return to Home
          </Link>
        </div>
      </section>
    );
  }
  if (heading && failure) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-bold uppercase">{heading}</h1>
        <p role="alert" className="mt-6 text-brand-strong">
          {failure}
        </p>
      </div>
    );
  }
  const message = messageOf(error) ?? "An unexpected error occurred";
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-4xl font-bold uppercase">Something went wrong</h1>
      <p className="text-zinc-700">{message}</p>
      <button type="button" className={buttonClass("primary")} onClick={() => window.location.reload()}>
        Reload Page
      </button>
    </section>
  );
}
