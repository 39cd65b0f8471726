import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import type { ActionData } from "~/lib/action.server";
import { formatShortDate, formatUsDate } from "~/lib/dates";
import { formatMoney, moneyInputValue } from "~/modules/billing/money";
import type { MemberBilling } from "~/modules/billing/staff-payments-member.server";
import { paymentMethodLabels, paymentStatusLabels } from "~/modules/billing/staff-payments.schema";
import type { StaffPaymentRow } from "~/modules/billing/staff-payments.server";
import { StaffMemberNav } from "~/views/workouts/staff-member-nav";
import { PaymentsTable } from "./staff-payments";

export const RECORD_PAYMENT_INTENT = "record-payment";
export const REFUND_INTENT = "refund-payment";
export const CANCEL_PLAN_INTENT = "cancel-plan";

const fieldClass = "mt-1 block w-full rounded-md border border-zinc-400 bg-white px-3 py-2.5 text-base text-zinc-900";
const labelClass = "block text-sm font-semibold";
const linkClass = "font-semibold text-brand-strong underline underline-offset-2";
const planStatusLabels = { pending: "Waiting for its first payment", active: "Active", past_due: "Past due", paused: "Paused (unpaid)", ended: "Ended" } as const;

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-xl font-bold uppercase">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

function Problem({ result, intent }: { result: ActionData | undefined; intent: string }) {
  if (!result || result.ok || result.intent !== intent) return null;
  const messages = [result.error, ...Object.values(result.fieldErrors)].filter(Boolean);
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      {messages.join(" · ")}
    </div>
  );
}

function RecordPayment({ data, result }: { data: MemberBilling; result: ActionData | undefined }) {
  const next = data.plan?.nextPeriod;
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value={RECORD_PAYMENT_INTENT} />
      <input type="hidden" name="key" value={data.formKey} />
      <fieldset className="sm:col-span-2">
        <legend className={labelClass}>What it pays for</legend>
        {next ? (
          <label className="mt-2 flex items-center gap-2">
            <input type="radio" name="for" value="plan" defaultChecked /> {data.plan!.name}: {formatShortDate(next.start)} to {formatShortDate(next.end)} ({formatMoney(next.amountMinor, data.currency)})
          </label>
        ) : null}
        <label className="mt-2 flex items-center gap-2">
          <input type="radio" name="for" value="other" defaultChecked={!next} /> Something else (describe it below)
        </label>
      </fieldset>
      <div>
        <label htmlFor="payment-amount" className={labelClass}>
          Amount ({data.currency})
        </label>
        <input id="payment-amount" name="amount" inputMode="decimal" required defaultValue={next ? moneyInputValue(next.amountMinor) : ""} className={fieldClass} />
      </div>
      <div>
        <label htmlFor="payment-method" className={labelClass}>
          Paid by
        </label>
        <select id="payment-method" name="method" defaultValue="cash" className={fieldClass}>
          <option value="cash">{paymentMethodLabels.cash}</option>
          <option value="bank_transfer">{paymentMethodLabels.bank_transfer}</option>
          <option value="other">{paymentMethodLabels.other}</option>
        </select>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="payment-description" className={labelClass}>
          Description
        </label>
        <input id="payment-description" name="description" maxLength={200} className={fieldClass} aria-describedby="payment-description-hint" />
        <p id="payment-description-hint" className="mt-1 text-xs text-zinc-700">
          Needed for something else; a plan's payment is described by its dates.
        </p>
      </div>
      <Problem result={result} intent={RECORD_PAYMENT_INTENT} />
      <div className="sm:col-span-2">
        <Button type="submit">Record payment</Button>
      </div>
    </Form>
  );
}

function RefundForm({ row, formKey }: { row: StaffPaymentRow; formKey: string }) {
  const left = row.amountMinor - row.refundedMinor;
  if (!["confirmed", "paid_out"].includes(row.status) || left <= 0) return null;
  const id = `refund-${row.id}`;
  return (
    <details>
      <summary className="cursor-pointer font-semibold text-brand-strong underline underline-offset-2">Refund</summary>
      <Form method="post" className="mt-2 space-y-2" noValidate>
        <input type="hidden" name="intent" value={REFUND_INTENT} />
        <input type="hidden" name="key" value={formKey} />
        <input type="hidden" name="paymentId" value={row.id} />
        <label htmlFor={`${id}-amount`} className={labelClass}>
          Refund amount
        </label>
        <input id={`${id}-amount`} name="amount" inputMode="decimal" defaultValue={moneyInputValue(left)} className={fieldClass} />
        <label htmlFor={`${id}-reason`} className={labelClass}>
          Reason
        </label>
        <input id={`${id}-reason`} name="reason" maxLength={200} className={fieldClass} />
        <p className="text-sm text-zinc-700">Refunding a pack in full also takes back its credits.</p>
        <Button type="submit" variant="secondary">
          Refund {formatMoney(left, row.currency)} or less
        </Button>
      </Form>
    </details>
  );
}

/** A member's plan, payments and credits for staff; administrators also record, refund and cancel. */
export function StaffMemberBillingView({ data, result }: { data: MemberBilling; result: ActionData | undefined }) {
  const { member, plan } = data;
  const base = `/coach/members/${encodeURIComponent(member.id)}/billing`;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-12 sm:px-6">
      <div>
        <p className="text-sm">
          <Link to="/coach/payments" className={linkClass}>
            Payments
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-bold uppercase sm:text-4xl">{member.name}: billing</h1>
        <p className="text-zinc-700">{member.email}</p>
        <StaffMemberNav memberId={member.id} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="plan-heading" title="Plan">
          {plan ? (
            <dl className="grid gap-3 sm:grid-cols-2">
              <div>
                <dt className="text-sm font-semibold text-zinc-700">Package</dt>
                <dd>
                  {plan.name} · {formatMoney(plan.priceMinor, plan.currency)}
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-zinc-700">Status</dt>
                <dd>{planStatusLabels[plan.status]}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-zinc-700">Paid through</dt>
                <dd>{plan.paidThrough ? formatShortDate(plan.paidThrough) : "Nothing paid yet"}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-zinc-700">Paid by</dt>
                <dd>{plan.method === "manual" ? "Cash or transfer (recorded by staff)" : "Direct debit"}</dd>
              </div>
              {plan.endsOn ? (
                <div className="sm:col-span-2">
                  <dt className="text-sm font-semibold text-zinc-700">Cancelled</dt>
                  <dd>Ends after {formatShortDate(plan.endsOn)}</dd>
                </div>
              ) : null}
            </dl>
          ) : (
            <p className="text-zinc-700">No package at the moment.</p>
          )}
          {plan && data.can.cancel ? (
            <Form method="post" className="space-y-3 border-t border-zinc-200 pt-4">
              <input type="hidden" name="intent" value={CANCEL_PLAN_INTENT} />
              <fieldset>
                <legend className={labelClass}>Cancel the plan</legend>
                <label className="mt-2 flex items-center gap-2">
                  <input type="radio" name="when" value="period_end" defaultChecked /> At the end of the paid period
                </label>
                <label className="mt-2 flex items-center gap-2">
                  <input type="radio" name="when" value="now" /> Now
                </label>
              </fieldset>
              <Problem result={result} intent={CANCEL_PLAN_INTENT} />
              <Button type="submit" variant="secondary">
                Cancel plan
              </Button>
            </Form>
          ) : null}
        </Card>
        <Card id="credits-heading" title="Credits">
          {data.credits.length === 0 ? (
            <p className="text-zinc-700">No credits.</p>
          ) : (
            <ul className="divide-y divide-zinc-200">
              {data.credits.map((c) => (
                <li key={c.id} className="py-2">
                  {c.name}: {c.left} of {c.total} {c.kind === "class" ? "class" : "session"} credits left · expire {formatUsDate(c.expiresAt, data.timeZone)}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      {data.can.record ? (
        <Card id="record-heading" title="Record a payment">
          <RecordPayment data={data} result={result} />
        </Card>
      ) : null}
      <Card id="payments-heading" title="Payments">
        <Problem result={result} intent={REFUND_INTENT} />
        {data.payments.rows.length === 0 ? (
          <p className="text-zinc-700">No payments yet.</p>
        ) : (
          <PaymentsTable
            rows={data.payments.rows}
            caption={`${member.name}'s payments, newest first (${paymentStatusLabels.confirmed.toLowerCase()} ones have receipts)`}
            memberLinks={false}
            actions={data.can.refund ? (row) => <RefundForm row={row} formKey={data.formKey} /> : undefined}
          />
        )}
        <Pagination page={data.payments.page} pageCount={data.payments.pageCount} href={(page) => `${base}?page=${page}`} label="Pages of payments" />
      </Card>
    </div>
  );
}
