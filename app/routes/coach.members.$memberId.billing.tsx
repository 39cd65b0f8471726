import { z } from "zod";
import type { Route } from "./+types/coach.members.$memberId.billing";
import { requirePermission } from "~/auth/session.server";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { pageNumber, parseSearchParams } from "~/lib/search-params";
import { redirectWithToast } from "~/lib/toast.server";
import { recordManualPayment } from "~/modules/billing/manual-payments.server";
import { refundPayment } from "~/modules/billing/refunds.server";
import { cancelMemberPlan } from "~/modules/billing/staff-payments-cancel.server";
import { loadMemberBilling } from "~/modules/billing/staff-payments-member.server";
import { CANCEL_PLAN_INTENT, RECORD_PAYMENT_INTENT, REFUND_INTENT, StaffMemberBillingView } from "~/views/billing/staff-member-billing";

export const meta: Route.MetaFunction = ({ data: d, matches }) => [{ title: pageTitle(d ? `Billing: ${d.member.name}` : "Billing", matches) }, { name: "robots", content: "noindex" }];

const query = z.object({ page: pageNumber });

/** A member's plan, payments and credits for staff (trainers see; administrators act). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "billing", "viewAny");
  return loadMemberBilling(staff, params.memberId, parseSearchParams(request, query).page);
}

/** Administrators: record a manual payment, refund a payment, cancel the plan (each intent's own permission: a trainer gets 403). */
export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requirePermission(request, "billing", "viewAny");
  const back = `/coach/members/${encodeURIComponent(params.memberId)}/billing`;
  return runAction(request, {
    [RECORD_PAYMENT_INTENT]: async (form) => {
      const paid = await recordManualPayment(staff, params.memberId, form);
      return redirectWithToast(back, { type: "success", title: "Payment recorded", description: `${paid.amountText} from ${paid.memberName}; the receipt is on its way.` });
    },
    [REFUND_INTENT]: async (form) => {
      const refund = await refundPayment(staff, form);
      const made = refund.status === "pending" ? `${refund.amountText} asked of GoCardless; it shows as paid once GoCardless pays it.` : `${refund.amountText} marked refunded.`;
      const description = refund.creditsTakenBack ? `${made} The pack's credits were taken back.` : made;
      return redirectWithToast(back, { type: "success", title: "Refund made", description });
    },
    [CANCEL_PLAN_INTENT]: async (form) => {
      const done = await cancelMemberPlan(staff, params.memberId, form);
      const when = done.endsOn ? `ends after ${done.endsOn}` : "has ended";
      if (!done.providerCancelled) {
        return redirectWithToast(back, { type: "error", title: "Plan cancelled here only", description: `${done.planName} ${when}, but GoCardless did not cancel its subscription: cancel it in GoCardless.` });
      }
      return redirectWithToast(back, { type: "success", title: "Plan cancelled", description: `${done.memberName}'s ${done.planName} ${when}.` });
    },
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Billing" failure="Failed to load the member's billing. Please reload the page." />;
}

export default function CoachMemberBilling({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffMemberBillingView data={loaderData} result={actionData} />;
}
