import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { MAX_LIVE_PRODUCTS, productPageLabels, productPages } from "~/modules/billing/product-form.schema";
import { inclusionsLabel, kindLabel, periodLabel, priceLabel } from "~/modules/billing/product-labels";
import type { AdminProduct } from "~/modules/billing/products.server";
import { ConfirmButton } from "~/views/classes/class-parts";

function MoveButton({ product, direction, disabled }: { product: AdminProduct; direction: "up" | "down"; disabled: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="move-product" />
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="direction" value={direction} />
      <Button type="submit" variant="secondary" disabled={disabled} aria-label={`Move ${product.name} ${direction}`}>
        {direction === "up" ? "Up" : "Down"}
      </Button>
    </Form>
  );
}

function ProductSummary({ product, currency }: { product: AdminProduct; currency: string }) {
  const includes = product.kind === "pack" ? "" : inclusionsLabel(product);
  return (
    <div className="min-w-48 flex-1">
      <p className="font-semibold">
        {product.name}
        {product.popular ? <span className="ml-2 rounded-full bg-zinc-900 px-2 py-0.5 text-xs font-bold uppercase text-white">Popular</span> : null}
      </p>
      <p className="text-sm text-zinc-700">
        {priceLabel(product.priceMinor, currency)} {periodLabel(product)} · {kindLabel(product)}
        {includes ? ` · ${includes}` : ""}
        {product.programTemplateId ? " · with a program" : ""}
      </p>
    </div>
  );
}

/** The products on sale, grouped by the page that shows them (in its order), and the archived ones. */
export function AdminProducts({ products, currency }: { products: AdminProduct[]; currency: string }) {
  const live = products.filter((p) => !p.archived);
  const archived = products.filter((p) => p.archived);
  return (
    <section aria-labelledby="products-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="products-heading" className="text-2xl font-bold uppercase">
          Products
        </h2>
        <Link to="/admin/billing/products/new" className={buttonClass("primary")}>
          Add a product
        </Link>
      </div>
      <p className="mt-1 text-sm text-zinc-700">
        What members buy, at most {MAX_LIVE_PRODUCTS} on sale. A change applies to purchases from then on: members keep the price and terms they bought at. A product is archived, never deleted.
      </p>
      {productPages.map((page) => {
        const onPage = live.filter((p) => p.page === page);
        if (onPage.length === 0) return null;
        return (
          <section key={page} aria-labelledby={`products-${page}`} className="mt-6">
            <h3 id={`products-${page}`} className="text-lg font-bold uppercase">
              {productPageLabels[page]}
            </h3>
            <ul className="mt-2 divide-y divide-zinc-200 rounded-lg border border-zinc-200">
              {onPage.map((p, i) => (
                <li key={p.id} className="flex flex-wrap items-center gap-4 p-4">
                  <ProductSummary product={p} currency={currency} />
                  <div className="flex flex-wrap gap-2">
                    <MoveButton product={p} direction="up" disabled={i === 0} />
                    <MoveButton product={p} direction="down" disabled={i === onPage.length - 1} />
                    <Link to={`/admin/billing/products/${encodeURIComponent(p.id)}`} className={buttonClass("secondary")} aria-label={`Edit ${p.name}`}>
                      Edit
                    </Link>
                    <ConfirmButton
                      label="Archive"
                      name={`Archive ${p.name}`}
                      title={`Archive ${p.name}?`}
                      text="It leaves its page and can no longer be bought. Members who bought it keep their package; you can restore it later."
                      intent="archive-product"
                      fields={{ productId: p.id }}
                      confirm="Archive"
                    />
                  </div>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {live.length === 0 ? <p className="mt-6 text-zinc-700">No products on sale.</p> : null}
      {archived.length > 0 ? (
        <section aria-labelledby="products-archived" className="mt-6">
          <h3 id="products-archived" className="text-lg font-bold uppercase">
            Archived
          </h3>
          <ul className="mt-2 divide-y divide-zinc-200 rounded-lg border border-zinc-200">
            {archived.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-4 p-4">
                <ProductSummary product={p} currency={currency} />
                <Form method="post">
                  <input type="hidden" name="intent" value="restore-product" />
                  <input type="hidden" name="productId" value={p.id} />
                  <Button type="submit" variant="secondary" aria-label={`Restore ${p.name}`}>
                    Restore
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
