import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/cms.content-list";
import { userContext } from "~/auth/user-context";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { pageNumber } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { addContent, loadContentList, removeContent } from "~/modules/library/content-manager.server";
import { contentTabOfPath, contentTabPath } from "~/modules/library/library-types";
import { ContentList } from "~/views/library/content-manager";

/**
 * One content manager tab: /cms/articles, /cms/videos, /cms/meal-plans and /cms/schedules
 * are this module, registered once each (the tab is the URL's last segment). The layout
 * (cms.tsx) has checked the person already.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Content Management", matches) }, { name: "robots", content: "noindex" }];

/** The article body can be long; everything else is short. */
const MAX_BODY_BYTES = 256 * 1024;

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return loadContentList(context.get(userContext), contentTabOfPath(url.pathname), url);
}

export function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const tab = contentTabOfPath(new URL(request.url).pathname);
  return runAction(
    request,
    {
      create: async (form) => {
        await addContent(actor, tab, form);
        return redirectWithToast(contentTabPath(tab), { type: "success", title: "Content added successfully" });
      },
      delete: async (form) => {
        const back = contentTabPath(tab, pageNumber.parse(form.page));
        const removed = await removeContent(actor, tab, typeof form.id === "string" ? form.id.slice(0, 100) : "");
        if (!removed) return redirectWithToast(back, { type: "error", title: "Error", description: "This content no longer exists." });
        return redirectWithToast(back, { type: "success", title: "Content deleted successfully" });
      },
    },
    { maxBytes: MAX_BODY_BYTES },
  );
}

/** Opening or closing a dialog through the URL (no-JS links) needs no new data. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) return defaultShouldRevalidate;
  const withoutDialogs = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("add");
    params.delete("delete");
    return params.toString();
  };
  return withoutDialogs(currentUrl) === withoutDialogs(nextUrl) ? false : defaultShouldRevalidate;
}

export default function ContentManagerTab({ loaderData }: Route.ComponentProps) {
  return <ContentList key={loaderData.tab} data={loaderData} />;
}
