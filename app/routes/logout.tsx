import { readFormData } from "~/lib/request-body.server";
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut, type AuthResult } from "~/auth/sign-in.server";
import { getLogger } from "~/lib/logger.server";
import { redirectWithToast } from "~/lib/toast.server";

export function loader() {
  return redirect("/");
}

/** Ends this session only ('Sign out of all other devices' lives in settings). */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  let result: AuthResult;
  try {
    result = await signOut(request);
  } catch (error) {
    // The server could not end the session (the database gone away, say): the spec's failure toast, not a 500 page.
    getLogger().error({ err: error }, "sign-out failed unexpectedly");
    result = { ok: false, status: 503, message: "Please try again later." };
  }
  if (!result.ok) {
    return redirectWithToast("/", { type: "error", title: "Failed to sign out. Please try again." });
  }
  const toast =
    form.get("from") === "admin"
      ? { type: "success" as const, title: "Signed out successfully", description: "You have been logged out." }
      : { type: "success" as const, title: "Signed out", description: "You have been successfully signed out." };
  return redirectWithToast("/", toast, result.headers);
}
