import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** The spec's 404 screen. */
export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <p className="font-display text-7xl font-bold text-brand">404</p>
      <h1 className="text-3xl font-bold uppercase">Oops! Page not found</h1>
      <Link to="/" className={buttonClass("primary")}>
        Return to Home
      </Link>
    </section>
  );
}
