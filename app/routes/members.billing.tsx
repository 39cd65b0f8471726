import { z } from "zod";
import type { Route } from "./+types/members.billing";
import { memberOf, signedInUser } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { pageNumber, parseSearchParams, reference } from "~/lib/search-params";
import { checkoutReturnState } from "~/modules/billing/checkout.server";
import { getOwnBilling } from "~/modules/billing/member-billing.server";
import { MemberBilling } from "~/views/billing/member-billing";
import { billingIntentHandlers } from "./members.billing.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Billing", matches) }, { name: "robots", content: "noindex" }];

/** ?page= the payments' page; ?product= an invitation's package; ?checkout= the return from the provider's page. */
const query = z.object({ page: pageNumber, product: reference(100), checkout: reference(100) });

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = memberOf(context);
  const q = parseSearchParams(request, query);
  const billing = await getOwnBilling(member, q);
  const returned = q.checkout ? await checkoutReturnState(member, q.checkout) : null;
  return { ...billing, returned };
}

export function action({ request, context }: Route.ActionArgs) {
  return runAction(request, billingIntentHandlers(signedInUser(context)));
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Billing" failure="Failed to load your billing. Please reload the page." />;
}

export default function MemberBillingRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <MemberBilling billing={loaderData} result={actionData} />;
}
