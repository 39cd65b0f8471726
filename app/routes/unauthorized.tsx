import { data, Link } from "react-router";
import type { Route } from "./+types/unauthorized";
import { buttonClass } from "~/components/ui/button";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Unauthorized", matches) }, { name: "robots", content: "noindex" }];

export function loader() {
  return data(null, { status: 403 });
}

export default function Unauthorized() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-4xl font-bold uppercase">Unauthorized</h1>
      <p className="text-zinc-700">Your account does not have access to that page.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/members" className={buttonClass("primary")}>
          Member Dashboard
        </Link>
        <Link to="/" className={buttonClass("secondary")}>
          Return to Home
        </Link>
      </div>
    </section>
  );
}
