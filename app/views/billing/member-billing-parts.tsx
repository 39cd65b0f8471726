import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { buttonClass } from "~/components/ui/button-class";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Pagination } from "~/components/ui/pagination";
import { BUY_INTENT, CANCEL_INTENT } from "~/modules/billing/member-billing";
import type { OwnBilling } from "~/modules/billing/member-billing.server";

type Product = OwnBilling["packages"][number];

/** 'Choose X' / 'Buy X': one form per product; the accessible name starts with the visible label and names the product. */
export function BuyButton({ productId, label, name, variant = "primary" }: { productId: string; label: string; name: string; variant?: "primary" | "secondary" }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === BUY_INTENT && navigation.formData.get("productId") === productId;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={BUY_INTENT} />
      <input type="hidden" name="productId" value={productId} />
      <Button type="submit" variant={variant} busy={busy} busyText="Please wait..." aria-label={`${label} ${name}`}>
        {label}
      </Button>
    </Form>
  );
}

/** 'Cancel' with its confirm dialog stating when it ends; Cancel-the-dialog has the focus first. */
export function CancelPlan({ planId, name, ends }: { planId: string; name: string; ends: string | null }) {
  const [open, setOpen] = useState(false);
  const busy = useNavigation().formData?.get("intent") === CANCEL_INTENT;
  const text = ends
    ? `${name} stays as it is until ${ends}, the end of the period you have paid for. Nothing more will be charged after that.`
    : `${name} has not been paid for yet: it ends now, and nothing will be charged.`;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={`Cancel ${name}`}>
        Cancel
      </Button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title={`Cancel ${name}?`} text={text}>
        <Form method="post" className="flex flex-wrap justify-end gap-3" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value={CANCEL_INTENT} />
          <input type="hidden" name="planId" value={planId} />
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Keep {name}
          </Button>
          <Button type="submit" busy={busy} busyText="Cancelling...">
            Yes, cancel {name}
          </Button>
        </Form>
      </ConfirmDialog>
    </>
  );
}

function ProductCard({ product, action }: { product: Product; action: "Choose" | "Buy" | null }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h5 className="text-lg font-bold">{product.name}</h5>
        {product.popular ? <span className="rounded-full bg-zinc-900 px-2.5 py-0.5 text-xs font-semibold text-white">Most Popular</span> : null}
      </div>
      <p>
        <span className="text-2xl font-bold">{product.price}</span> <span className="text-zinc-700">{product.period}</span>
      </p>
      {product.description ? <p className="text-zinc-700">{product.description}</p> : null}
      {product.features.length ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700">
          {product.features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      ) : null}
      {product.note ? <p className="text-sm text-zinc-600">{product.note}</p> : null}
      {action ? (
        <div className="mt-auto">
          <BuyButton productId={product.id} label={action} name={product.name} />
        </div>
      ) : null}
    </li>
  );
}

/** The live products, grouped: packages (subscriptions and terms), then packs. */
export function ProductList({ billing }: { billing: OwnBilling }) {
  const canChoose = billing.package === null;
  return (
    <section aria-labelledby="billing-products-title" className="space-y-6">
      <h3 id="billing-products-title" className="text-xl font-bold">
        Packages and packs
      </h3>
      {billing.packages.length ? (
        <section aria-labelledby="billing-packages-title" className="space-y-3">
          <h4 id="billing-packages-title" className="font-semibold uppercase tracking-wide text-zinc-700">
            Packages
          </h4>
          {canChoose ? null : (
            <p className="text-sm text-zinc-700">
              {billing.package?.status === "pending"
                ? "Your package is waiting for its first payment. To choose another, cancel it first."
                : "You have a package. To change it, cancel it: you can choose another once it ends."}
            </p>
          )}
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {billing.packages.map((p) => (
              <ProductCard key={p.id} product={p} action={canChoose ? "Choose" : null} />
            ))}
          </ul>
        </section>
      ) : null}
      {billing.packs.length ? (
        <section aria-labelledby="billing-packs-title" className="space-y-3">
          <h4 id="billing-packs-title" className="font-semibold uppercase tracking-wide text-zinc-700">
            Packs
          </h4>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {billing.packs.map((p) => (
              <ProductCard key={p.id} product={p} action="Buy" />
            ))}
          </ul>
        </section>
      ) : null}
      {!billing.packages.length && !billing.packs.length ? <p className="text-zinc-700">Nothing is on offer at the moment.</p> : null}
    </section>
  );
}

/** Every payment, newest first, one page at a time, with its receipt when there is one. */
export function PaymentList({ payments }: { payments: OwnBilling["payments"] }) {
  return (
    <section aria-labelledby="billing-payments-title" className="space-y-3">
      <h3 id="billing-payments-title" className="text-xl font-bold">
        Payments
      </h3>
      {payments.items.length === 0 ? (
        <p className="text-zinc-700">No payments yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200">
          {payments.items.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
              <div className="min-w-0">
                <p className="font-semibold">{p.description}</p>
                <p className="text-sm text-zinc-700">{p.date}</p>
              </div>
              <p className="flex flex-wrap items-center gap-3">
                <span className="font-semibold">{p.amount}</span>
                <span className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs font-semibold text-zinc-800">{p.status}</span>
                {p.receiptId ? (
                  <Link
                    to={`/members/billing/receipts/${encodeURIComponent(p.receiptId)}`}
                    reloadDocument
                    className={buttonClass("ghost", "min-h-9 px-3 py-1.5 text-brand underline")}
                    aria-label={`Receipt for ${p.description}, ${p.date}`}
                  >
                    Receipt
                  </Link>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={payments.page} pageCount={payments.pageCount} href={(n) => `/members/billing?page=${n}`} label="Payment pages" />
    </section>
  );
}

/** Credits left per pack, with their expiry; a pack waiting for payment shows as waiting. */
export function CreditList({ credits }: { credits: OwnBilling["credits"] }) {
  if (!credits.length) return null;
  return (
    <section aria-labelledby="billing-credits-title" className="space-y-3">
      <h3 id="billing-credits-title" className="text-xl font-bold">
        Your credits
      </h3>
      <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200">
        {credits.map((c) => (
          <li key={c.id} className="flex flex-wrap justify-between gap-2 px-4 py-3">
            <p>
              <span className="font-semibold">{c.name}</span> <span className="text-zinc-700">· {c.kind}</span>
            </p>
            <p className="text-sm text-zinc-700">{c.pending ? `${c.total} credits, waiting for payment` : `${c.left} of ${c.total} left · expire ${c.expires}`}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
