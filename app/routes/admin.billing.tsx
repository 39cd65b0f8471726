import { useNavigation } from "react-router";
import type { Route } from "./+types/admin.billing";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction, type ActionFailure } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { describeDirectDebit, readBillingSettingsForAdmin, setBillingSettings } from "~/modules/billing/billing-settings.server";
import { archiveProduct, listProductsForAdmin, moveProduct, restoreProduct } from "~/modules/billing/products.server";
import { AdminBillingSettings, DirectDebitPanel } from "~/views/billing/admin-billing-settings";
import { AdminProducts } from "~/views/billing/admin-products";
import { useRefusalToast } from "~/views/classes/class-parts";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Billing", matches) }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const actor = context.get(userContext);
  const [{ products, currency }, settings] = await Promise.all([listProductsForAdmin(actor), readBillingSettingsForAdmin(actor)]);
  return { products, currency, settings, directDebit: describeDirectDebit(actor) };
}

const BACK = "/admin/billing";
const productId = (form: Record<string, unknown>) => (typeof form.productId === "string" ? form.productId : "");

export function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  return runAction(
    request,
    {
      "move-product": async (form) => {
        await moveProduct(actor, form);
        return redirectWithToast(BACK, { type: "success", title: "Order saved" });
      },
      "archive-product": async (form) => {
        const { name } = await archiveProduct(actor, productId(form));
        return redirectWithToast(BACK, { type: "success", title: "Product archived", description: `${name} is no longer on sale. Members who bought it keep their package.` });
      },
      "restore-product": async (form) => {
        const { name } = await restoreProduct(actor, productId(form));
        return redirectWithToast(BACK, { type: "success", title: "Product restored", description: `${name} is on sale again, at the end of its page.` });
      },
      "billing-settings": async (form) => {
        await setBillingSettings(actor, form);
        return redirectWithToast(BACK, { type: "success", title: "Settings saved", description: "Billing follows the new settings." });
      },
    },
    { refusedTo: { to: BACK, titles: { "move-product": "Failed to move product", "archive-product": "Failed to archive product", "restore-product": "Failed to restore product" } } },
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Billing" failure="Failed to load billing. Please reload the page." />;
}

export default function AdminBilling({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "billing-settings";
  const refused = actionData && !actionData.ok && actionData.intent === "billing-settings" ? (actionData as ActionFailure) : undefined;
  useRefusalToast(refused, "Failed to save settings");
  return (
    <>
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Billing</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_20rem]">
        <AdminProducts products={loaderData.products} currency={loaderData.currency} />
        <aside className="space-y-8">
          <DirectDebitPanel status={loaderData.directDebit} />
          <AdminBillingSettings settings={loaderData.settings} refused={refused} busy={busy} />
        </aside>
      </div>
    </>
  );
}
