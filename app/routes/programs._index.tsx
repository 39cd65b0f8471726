import { Link } from "react-router";
import type { Route } from "./+types/programs._index";
import { userContext } from "~/auth/user-context";
import { buttonClass } from "~/components/ui/button";
import { pageTitle } from "~/lib/meta";
import { listPrograms } from "~/modules/programs/program-read.server";
import { ProgramList } from "~/views/programs/program-list";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Programs", matches) }, { name: "robots", content: "noindex" }];

/** The coach's programs and the members' copies. */
export async function loader({ context }: Route.LoaderArgs) {
  const programs = await listPrograms(context.get(userContext));
  return { drafts: programs.filter((p) => p.kind === "program"), copies: programs.filter((p) => p.kind === "copy") };
}

export default function ProgramsIndex({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mt-8 space-y-10">
      <Link to="/programs/new" className={buttonClass("primary")}>
        New program
      </Link>
      <section aria-labelledby="drafts-heading">
        <h2 id="drafts-heading" className="text-xl font-bold">
          Your programs
        </h2>
        <ProgramList programs={loaderData.drafts} empty="No programs yet. Start one, or start from a template." />
      </section>
      <section aria-labelledby="copies-heading">
        <h2 id="copies-heading" className="text-xl font-bold">
          Members' programs
        </h2>
        <ProgramList programs={loaderData.copies} empty="No member has a program yet." />
      </section>
    </div>
  );
}
