import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** The member area for a signed-out visitor (answered with 401): a way in that comes back to the same page. */
export function AccessRequired({ signInHref }: { signInHref: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-4xl font-bold uppercase">Access Required</h1>
      <p className="text-zinc-700">Please sign in to access the member dashboard</p>
      <Link to={signInHref} className={buttonClass("primary")}>
        Sign In
      </Link>
    </section>
  );
}
