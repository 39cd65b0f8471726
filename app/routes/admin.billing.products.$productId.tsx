import type { Route } from "./+types/admin.billing.products.$productId";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { productFormValues } from "~/modules/billing/product-form.schema";
import { getProductForAdmin, updateProduct } from "~/modules/billing/products.server";
import { AdminProductForm } from "~/views/billing/admin-product-form";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [{ title: pageTitle(`${loaderData?.product.name ?? "Product"} · Billing`, matches) }, { name: "robots", content: "noindex" }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { product, templates, currency } = await getProductForAdmin(context.get(userContext), params.productId);
  return { product, values: productFormValues(product), templates, currency };
}

export function action({ request, context, params }: Route.ActionArgs) {
  return runAction(request, {
    "save-product": async (form) => {
      const { name } = await updateProduct(context.get(userContext), params.productId, form);
      return redirectWithToast("/admin/billing", { type: "success", title: "Product saved", description: `${name}: new purchases get the new terms; members who bought it keep theirs.` });
    },
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Product" failure="Failed to load the product. Please reload the page." />;
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, values, templates, currency } = loaderData;
  if (product.archived) return <p className="text-zinc-700">{product.name} is archived: restore it on the billing page to edit it.</p>;
  return <AdminProductForm heading={`Edit ${product.name}`} values={values} templates={templates} currency={currency} editing result={actionData} />;
}
