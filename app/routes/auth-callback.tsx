import { redirect } from "react-router";
import type { Route } from "./+types/auth-callback";
import { getSessionUser } from "~/auth/session.server";
import { safeRedirectTo } from "~/auth/user";

/** Where e-mailed links land once they have signed the visitor in: on to the member area, or back to sign-in. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) return redirect("/login");
  return redirect(safeRedirectTo(new URL(request.url).searchParams.get("next")));
}
