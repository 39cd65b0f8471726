/**
 * The check-in form's answer, for this week's check-in (/members/check-ins) and an earlier
 * one's edit (/members/check-ins/:checkInId) alike (decision 0128): signed out, a 401 that
 * keeps what was typed (decision 0023); saved, the check-in's page with a toast.
 */
import type { SessionUser } from "~/auth/session.server";
import type { ActionOptions } from "~/lib/action.server";
import { AppError } from "~/lib/app-error";
import type { FormBody } from "~/lib/request-body.server";
import { redirectWithToast } from "~/lib/toast.server";
import { CHECK_IN_FORM_MAX_BYTES, SAVE_CHECK_IN_INTENT, SIGN_IN_TO_SEND } from "~/modules/check-ins/check-ins.schema";
import { saveCheckIn } from "~/modules/check-ins/check-ins.server";

/** The form carries photos: its body may be larger than a plain form's. */
export const checkInFormLimits: ActionOptions = { maxBytes: CHECK_IN_FORM_MAX_BYTES, tooLarge: "The photos are larger than 10 MB each. Please choose smaller ones." };

async function signInToSend(): Promise<never> {
  throw new AppError(401, SIGN_IN_TO_SEND, { title: "Authentication required" });
}

/** Saves the member's check-in: a new one for this week, or `checkInId` edited. Signed out, every post is the 401. */
export function checkInIntentHandlers(user: SessionUser | null, checkInId?: string) {
  if (!user) return signInToSend;
  return {
    [SAVE_CHECK_IN_INTENT]: async (form: FormBody) => {
      const { id, created } = await saveCheckIn(user, form, checkInId);
      return redirectWithToast(`/members/check-ins/${encodeURIComponent(id)}`, {
        type: "success",
        title: created ? "Check-in sent" : "Check-in updated",
        description: created ? "Your coach will read it and reply." : "Your coach sees the changes.",
      });
    },
  };
}
