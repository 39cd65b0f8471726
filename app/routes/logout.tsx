import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "~/auth/sign-in.server";
import { runAction } from "~/lib/action.server";
import { redirectWithToast } from "~/lib/toast.server";

export function loader() {
  return redirect("/");
}

/** Ends this session only ('Sign out of all other devices' lives in settings). */
export async function action({ request }: Route.ActionArgs) {
  return runAction(request, async (form) => {
    const result = await signOut(request);
    if (!result.ok) return redirectWithToast("/", { type: "error", title: "Failed to sign out. Please try again." });
    const toast =
      form.from === "admin"
        ? { type: "success" as const, title: "Signed out successfully", description: "You have been logged out." }
        : { type: "success" as const, title: "Signed out", description: "You have been successfully signed out." };
    return redirectWithToast("/", toast, result.headers);
  });
}
