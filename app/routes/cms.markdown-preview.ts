import type { Route } from "./+types/cms.markdown-preview";
import { permittedOrRefusal } from "~/auth/session.server";
import { runAction } from "~/lib/action.server";
import { AppError } from "~/lib/app-error";
import { renderPreview } from "~/modules/articles/articles.server";
import { onlyPost } from "~/lib/only-post.server";

const MAX_BODY_BYTES = 512 * 1024;

/** Without a loader, React Router answers a GET with a 400 and logs it as a server error. */
export function loader() {
  return onlyPost();
}

/** POST {content} → {html}: the editor's preview, rendered exactly as the article page renders it. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return onlyPost();
  const actor = await permittedOrRefusal(request, "articles", "create");
  if (actor instanceof Response) return actor;
  return runAction(
    request,
    async (body) => {
      if (typeof body.content !== "string") throw new AppError(400, "Send the Markdown as content.");
      return Response.json({ html: renderPreview(actor, body.content) }, { headers: { "Cache-Control": "no-store" } });
    },
    { maxBytes: MAX_BODY_BYTES },
  );
}
