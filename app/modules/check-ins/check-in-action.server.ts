/**
 * The check-in form's answer, for this week's check-in (/members/check-ins) and an earlier
 * one's edit (/members/check-ins/:id) alike: signed out, a 401 that keeps what was typed
 * (decision 0023); saved, the check-in's page with a toast.
 */
import type { SessionUser } from "~/auth/session.server";
import { runAction } from "~/lib/action.server";
import { AppError } from "~/lib/app-error";
import { redirectWithToast } from "~/lib/toast.server";
import { CHECK_IN_FORM_MAX_BYTES, SAVE_CHECK_IN_INTENT, SIGN_IN_TO_SEND } from "./check-ins.schema";
import { saveCheckIn } from "./check-ins.server";

const options = { maxBytes: CHECK_IN_FORM_MAX_BYTES, tooLarge: "The photos are larger than 10 MB each. Please choose smaller ones." };

/** Saves the member's check-in: a new one for this week, or `checkInId` edited. */
export function answerCheckInForm(request: Request, user: SessionUser | null, checkInId?: string) {
  if (!user) {
    return runAction(
      request,
      async () => {
        throw new AppError(401, SIGN_IN_TO_SEND, { title: "Authentication required" });
      },
      options,
    );
  }
  return runAction(
    request,
    {
      [SAVE_CHECK_IN_INTENT]: async (form) => {
        const { id, created } = await saveCheckIn(user, form, checkInId);
        return redirectWithToast(`/members/check-ins/${encodeURIComponent(id)}`, {
          type: "success",
          title: created ? "Check-in sent" : "Check-in updated",
          description: created ? "Your coach will read it and reply." : "Your coach sees the changes.",
        });
      },
    },
    options,
  );
}
