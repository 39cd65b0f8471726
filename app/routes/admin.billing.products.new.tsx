import type { Route } from "./+types/admin.billing.products.new";
import { userContext } from "~/auth/user-context";
import { ErrorScreen } from "~/components/error-screen";
import { runAction } from "~/lib/action.server";
import { pageTitle } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { createProduct, listProductFormChoices } from "~/modules/billing/products.server";
import { AdminProductForm, type ProductFormValues } from "~/views/billing/admin-product-form";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Add a product · Billing", matches) }, { name: "robots", content: "noindex" }];

/** A new product starts as a weekly subscription shown nowhere. */
const blank: ProductFormValues = {
  name: "",
  kind: "subscription",
  price: "",
  description: "",
  features: "",
  popular: "",
  note: "",
  page: "none",
  period: "week",
  intervalCount: "2",
  termWeeks: "4",
  instalments: "1",
  credits: "10",
  creditKind: "class",
  creditValidDays: "90",
  classAccess: "none",
  classesPerWeek: "2",
  sessionsPerWeek: "0",
  programTemplateId: "",
};

export async function loader({ context }: Route.LoaderArgs) {
  return listProductFormChoices(context.get(userContext));
}

export function action({ request, context }: Route.ActionArgs) {
  return runAction(request, {
    "save-product": async (form) => {
      const { name } = await createProduct(context.get(userContext), form);
      return redirectWithToast("/admin/billing", { type: "success", title: "Product added", description: `${name} is on sale.` });
    },
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} heading="Add a product" failure="Failed to load the product form. Please reload the page." />;
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminProductForm heading="Add a product" values={blank} templates={loaderData.templates} currency={loaderData.currency} editing={false} result={actionData} />;
}
