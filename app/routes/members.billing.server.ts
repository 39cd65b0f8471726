/**
 * The billing page's answers (/members/billing): 'Buy' / 'Choose' starts (or continues)
 * the member's checkout and sends the browser to the provider's hosted page, or back here
 * with a toast; 'Cancel' cancels their package or a pack waiting for payment. Signed out,
 * every post is a 401; a refusal keeps its status and message for the page's alert.
 */
import { redirect } from "react-router";
import type { SessionUser } from "~/auth/session.server";
import { AppError } from "~/lib/app-error";
import type { FormBody } from "~/lib/request-body.server";
import { redirectWithToast } from "~/lib/toast.server";
import { startCheckout } from "~/modules/billing/checkout.server";
import { BUY_INTENT, CANCEL_INTENT } from "~/modules/billing/member-billing";
import { cancelOwnPlan } from "~/modules/billing/plans.server";
import { formatLongDate } from "~/lib/dates";

const PAGE = "/members/billing";

async function signInToPay(): Promise<never> {
  throw new AppError(401, "Please sign in to manage your billing.", { title: "Authentication required" });
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

export function billingIntentHandlers(user: SessionUser | null) {
  if (!user) return signInToPay;
  return {
    [BUY_INTENT]: async (form: FormBody) => {
      const answer = await startCheckout(user, { productId: text(form.productId) ?? "" });
      if (answer.kind === "redirect") return redirect(answer.url);
      if (answer.kind === "collected") {
        return redirectWithToast(PAGE, {
          type: "success",
          title: `${answer.name}: payment requested`,
          description: "We've asked your bank for the first payment by Direct Debit; we'll e-mail your receipt when it is confirmed.",
        });
      }
      return redirectWithToast(PAGE, {
        type: "success",
        title: `${answer.name} chosen`,
        description: "Your coach takes the payment in person; it starts when they record it.",
      });
    },
    [CANCEL_INTENT]: async (form: FormBody) => {
      const done = await cancelOwnPlan(user, { planId: text(form.planId) });
      const stopped = done.chargesStopped ? "" : " We could not reach our Direct Debit provider just now: please press Cancel again later so nothing more is charged.";
      return redirectWithToast(PAGE, {
        type: done.chargesStopped ? "success" : "error",
        title: `${done.name} cancelled`,
        description: (done.endsOn ? `It ends on ${formatLongDate(done.endsOn)}; nothing more will be charged.` : "Nothing has been charged.") + stopped,
      });
    },
  };
}
