import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/auth-callback";
import { getSessionUser } from "~/auth/session.server";
import { signedInHome } from "~/auth/user";
import { getEnv } from "~/lib/env.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { parseSearchParams, redirectPath } from "~/lib/search-params";

const callbackQuery = z.object({ next: redirectPath });

/** Where e-mailed links land once they have signed the visitor in: on to the page asked for or the person's home, or back to sign-in. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) return redirect("/login");
  return redirect(safeRedirect(parseSearchParams(request, callbackQuery).next, getEnv().BASE_URL, signedInHome(user.role)));
}
