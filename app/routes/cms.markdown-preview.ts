import type { Route } from "./+types/cms.markdown-preview";
import { can } from "~/auth/permissions";
import { getSessionUser } from "~/auth/session.server";
import { mustEnrolTwoFactor, TWO_FACTOR_FIRST } from "~/auth/two-factor-sign-in.server";
import { runAction } from "~/lib/action.server";
import { AppError } from "~/lib/app-error";
import { renderPreview } from "~/modules/articles/articles.server";

const MAX_BODY_BYTES = 512 * 1024;

const onlyPost = () => Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });

/** Without a loader, React Router answers a GET with a 400 and logs it as a server error. */
export function loader() {
  return onlyPost();
}

/** POST {content} → {html}: the editor's preview, rendered exactly as the article page renders it. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return onlyPost();
  const actor = await getSessionUser(request);
  if (!actor) return Response.json({ error: "Please sign in." }, { status: 401 });
  if (!can(actor.role, "articles", "create")) return Response.json({ error: "You do not have permission to do that." }, { status: 403 });
  if (await mustEnrolTwoFactor(actor)) return Response.json({ error: TWO_FACTOR_FIRST }, { status: 403 });
  return runAction(
    request,
    async (body) => {
      if (typeof body.content !== "string") throw new AppError(400, "Send the Markdown as content.");
      return Response.json({ html: renderPreview(actor, body.content) }, { headers: { "Cache-Control": "no-store" } });
    },
    { maxBytes: MAX_BODY_BYTES },
  );
}
