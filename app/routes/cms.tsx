import type { Route } from "./+types/cms";
import { requirePermission } from "~/auth/session.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Content Management") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "contentManager", "view");
  return null;
}

export default function ContentManager() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Content Management</h1>
    </div>
  );
}
