import { Link } from "react-router";
import type { Route } from "./+types/signup";
import { ONBOARDING_NOTE } from "~/components/onboarding-note";
import { buttonClass } from "~/components/ui/button";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Become a Member", matches) }, { name: "robots", content: "noindex" }];

/** Self sign-up is off (on the server too): new members are onboarded by the coach. */
export default function Signup() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-start gap-6 px-4 py-24">
      <h1 className="text-4xl font-bold uppercase">Become a Member</h1>
      <p className="text-lg text-zinc-700">{ONBOARDING_NOTE}</p>
      <div className="flex flex-wrap gap-3">
        <Link to="/contact" className={buttonClass("primary")}>
          Contact us
        </Link>
        <Link to="/login" className={buttonClass("secondary")}>
          Member Login
        </Link>
      </div>
    </section>
  );
}
