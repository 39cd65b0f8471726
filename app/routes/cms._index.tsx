import { redirect } from "react-router";
import type { Route } from "./+types/cms._index";
import { contentTabPath, toContentTab } from "~/modules/library/library-types";

/**
 * The content manager's old address, /cms?tab=X: a permanent redirect to /cms/X (the
 * articles without a tab), keeping the other query parameters (page, add, delete).
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab");
  url.searchParams.delete("tab");
  const target = tab === "nutrition-documents" ? "/cms/nutrition-documents" : contentTabPath(toContentTab(tab));
  const query = url.searchParams.toString();
  return redirect(query ? `${target}?${query}` : target, 301);
}
