import type { ActionData } from "~/lib/action.server";
import type { OwnBilling } from "~/modules/billing/member-billing.server";
import type { ReturnState } from "~/modules/billing/checkout.server";
import { BuyButton, CancelPlan, CreditList, PaymentList, ProductList } from "./member-billing-parts";

type Billing = OwnBilling & { returned: { state: ReturnState; productId: string | null } | null };

const alertClass = "rounded-md border border-brand/40 bg-red-50 px-3 py-2 text-brand-strong";
const noteClass = "rounded-md border border-zinc-300 bg-zinc-50 px-3 py-2 text-zinc-800";

/** The words after the provider's page sent the member back: never 'paid', only what the provider said of the set-up. */
function ReturnNotice({ billing }: { billing: Billing }) {
  const returned = billing.returned;
  if (!returned) return null;
  if (returned.state === "completed" || returned.state === "unknown") {
    return (
      <p role="status" className={noteClass}>
        Your Direct Debit is being set up; we'll e-mail your receipt when the first payment is confirmed.
      </p>
    );
  }
  const waiting = billing.package?.status === "pending" ? billing.package : null;
  return (
    <div role="status" className={`${noteClass} space-y-2`}>
      <p>Setting up your Direct Debit was not finished, so nothing has been charged.</p>
      {waiting && returned.productId ? (
        <div className="flex flex-wrap gap-3">
          <BuyButton productId={returned.productId} label="Try again" name={`to set up Direct Debit for ${waiting.name}`} />
        </div>
      ) : (
        <p>Choose a package or pack below to try again.</p>
      )}
    </div>
  );
}

function CurrentPackage({ current, directDebit }: { current: NonNullable<Billing["package"]>; directDebit: boolean }) {
  return (
    <section aria-labelledby="billing-package-title" className="space-y-3 rounded-xl border border-zinc-200 p-4 sm:p-6">
      <h3 id="billing-package-title" className="text-xl font-bold">
        Your package
      </h3>
      <p className="text-lg">
        <span className="font-bold">{current.name}</span> · {current.price} {current.period}
      </p>
      <p>
        Status: <strong>{current.statusText}</strong>
      </p>
      {current.note ? <p className={current.status === "past_due" || current.status === "paused" ? alertClass : "text-zinc-700"}>{current.note}</p> : null}
      {current.next ? (
        <p>
          Next payment: <strong>{current.next.amount}</strong> on {current.next.date}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {current.canContinue && directDebit && current.productId ? (
          <BuyButton productId={current.productId} label="Continue setting up" name={current.name} />
        ) : null}
        {current.cancelled ? null : <CancelPlan planId={current.id} name={current.name} ends={current.cancelEnds} />}
      </div>
    </section>
  );
}

/** An invitation's package: 'Set up Direct Debit' (or, with direct debit off, choose it for the coach to take in person). */
function Suggested({ product, directDebit }: { product: NonNullable<Billing["suggested"]>; directDebit: boolean }) {
  return (
    <section aria-labelledby="billing-suggested-title" className="space-y-3 rounded-xl border-2 border-brand p-4 sm:p-6">
      <h3 id="billing-suggested-title" className="text-xl font-bold">
        Your coach has chosen {product.name} for you
      </h3>
      <p>
        <span className="font-bold">{product.price}</span> {product.period}
      </p>
      <p className="text-zinc-700">
        {directDebit
          ? "Set up your Direct Debit to start: you enter your bank details on our provider's secure page, and we never see them."
          : "Your coach takes payments in person (cash or bank transfer): choose it and they start it when they record your payment."}
      </p>
      <BuyButton productId={product.id} label={directDebit ? "Set up Direct Debit" : "Choose"} name={`for ${product.name}`} />
    </section>
  );
}

export function MemberBilling({ billing, result }: { billing: Billing; result: ActionData | undefined }) {
  const refused = result && !result.ok ? result : undefined;
  return (
    <section aria-labelledby="billing-title" className="space-y-8">
      <h2 id="billing-title" className="text-2xl font-bold uppercase">
        Billing
      </h2>
      {refused?.error ? (
        <p role="alert" className={alertClass}>
          {refused.title ? <strong>{refused.title}: </strong> : null}
          {refused.error}
        </p>
      ) : null}
      <ReturnNotice billing={billing} />
      {billing.directDebit ? null : (
        <p className={noteClass}>Payments are taken by your coach in person (cash or bank transfer); your package or pack starts when they record the payment.</p>
      )}
      {billing.suggested ? <Suggested product={billing.suggested} directDebit={billing.directDebit} /> : null}
      {billing.package ? <CurrentPackage current={billing.package} directDebit={billing.directDebit} /> : <p className="text-zinc-700">You have no package at the moment.</p>}
      {billing.waitingPacks.length ? (
        <section aria-labelledby="billing-waiting-title" className="space-y-3">
          <h3 id="billing-waiting-title" className="text-xl font-bold">
            Waiting for payment
          </h3>
          <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200">
            {billing.waitingPacks.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <p>
                  <span className="font-semibold">{p.name}</span> · {p.price}
                </p>
                <div className="flex flex-wrap gap-3">
                  {billing.directDebit && p.method === "direct_debit" && p.productId ? <BuyButton productId={p.productId} label="Continue setting up" name={p.name} variant="secondary" /> : null}
                  <CancelPlan planId={p.id} name={p.name} ends={null} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <CreditList credits={billing.credits} />
      <PaymentList payments={billing.payments} />
      <ProductList billing={billing} />
    </section>
  );
}
