import { Download, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { formatShortDate } from "~/lib/dates";
import { formatMoney } from "~/modules/billing/money";
import { formatReceiptNumber } from "~/modules/billing/receipt-number";
import { paymentMethodLabels, paymentStatusLabels, paymentsQueryString, type PaymentMethodName, type PaymentStatusName } from "~/modules/billing/staff-payments.schema";
import type { StaffPaymentRow, StaffPayments } from "~/modules/billing/staff-payments.server";

export const PAYMENTS_PATH = "/coach/payments";
const fieldClass = "block w-full rounded-md border border-zinc-400 bg-white px-3 py-2.5 text-base text-zinc-900";
const labelClass = "block text-sm font-medium text-zinc-800";
const linkClass = "font-semibold text-brand-strong underline underline-offset-2";

export const receiptPath = (id: string) => `/members/billing/receipts/${encodeURIComponent(id)}`;

function Figure({ term, value, note }: { term: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-zinc-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-semibold text-zinc-700">{term}</dt>
      <dd className="mt-1 text-3xl font-bold">{value}</dd>
      {note ? <dd className="mt-1 text-sm text-zinc-700">{note}</dd> : null}
    </div>
  );
}

/** The amount, and what of it was refunded. */
export function amountText(row: Pick<StaffPaymentRow, "amountMinor" | "refundedMinor" | "currency">): string {
  const amount = formatMoney(row.amountMinor, row.currency);
  return row.refundedMinor > 0 ? `${amount} (${formatMoney(row.refundedMinor, row.currency)} refunded)` : amount;
}

function Filters({ query }: { query: StaffPayments["query"] }) {
  return (
    <Form method="get" action={PAYMENTS_PATH} role="search" aria-label="Payments" className="grid gap-4 rounded-lg border border-zinc-200 bg-zinc-50 p-4 sm:grid-cols-2 lg:grid-cols-3">
      <div className="space-y-1.5">
        <label htmlFor="payments-q" className={labelClass}>
          Member name or e-mail
        </label>
        <input id="payments-q" type="search" name="q" defaultValue={query.q} maxLength={100} autoComplete="off" className={fieldClass} />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="payments-status" className={labelClass}>
          Status
        </label>
        <select id="payments-status" name="status" defaultValue={query.status ?? ""} className={fieldClass}>
          <option value="">Any status</option>
          {(Object.keys(paymentStatusLabels) as PaymentStatusName[]).map((s) => (
            <option key={s} value={s}>
              {paymentStatusLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="payments-method" className={labelClass}>
          Method
        </label>
        <select id="payments-method" name="method" defaultValue={query.method ?? ""} className={fieldClass}>
          <option value="">Any method</option>
          {(Object.keys(paymentMethodLabels) as PaymentMethodName[]).map((m) => (
            <option key={m} value={m}>
              {paymentMethodLabels[m]}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="payments-month" className={labelClass}>
          Month
        </label>
        <input id="payments-month" type="month" name="month" defaultValue={query.month ?? ""} className={fieldClass} aria-describedby="payments-month-hint" />
        <p id="payments-month-hint" className="text-xs text-zinc-700">
          A month wins over the dates.
        </p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="payments-from" className={labelClass}>
          From
        </label>
        <input id="payments-from" type="date" name="from" defaultValue={query.from ?? ""} className={fieldClass} />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="payments-to" className={labelClass}>
          To
        </label>
        <input id="payments-to" type="date" name="to" defaultValue={query.to ?? ""} className={fieldClass} />
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-3">
        <button type="submit" className={buttonClass("secondary")}>
          <Search className="size-4" aria-hidden="true" /> Show payments
        </button>
        <Link to={PAYMENTS_PATH} className={linkClass}>
          Clear filters
        </Link>
      </div>
    </Form>
  );
}

/** One table of payments; `memberLinks` off on a member's own billing page. */
export function PaymentsTable({ rows, caption, memberLinks = true, actions }: { rows: StaffPaymentRow[]; caption: string; memberLinks?: boolean; actions?: (row: StaffPaymentRow) => React.ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-zinc-200">
            {["Date", ...(memberLinks ? ["Member"] : []), "Description", "Amount", "Status", "Receipt", ...(actions ? ["Actions"] : [])].map((h) => (
              <th key={h} scope="col" className="py-2 pr-4">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-zinc-100 align-top">
              <td className="py-2 pr-4 whitespace-nowrap">{row.date ? formatShortDate(row.date) : "Not dated yet"}</td>
              {memberLinks ? (
                <td className="py-2 pr-4">
                  {row.member ? (
                    <Link to={`/coach/members/${encodeURIComponent(row.member.id)}/billing`} className={linkClass}>
                      {row.member.name}
                    </Link>
                  ) : (
                    "Erased member"
                  )}
                </td>
              ) : null}
              <td className="py-2 pr-4">{row.description}</td>
              <td className="py-2 pr-4">
                {amountText(row)}
                <span className="block text-xs text-zinc-700">{paymentMethodLabels[row.method]}</span>
              </td>
              <td className="py-2 pr-4">{paymentStatusLabels[row.status]}</td>
              <td className="py-2 pr-4">
                {row.receipt ? (
                  <a href={receiptPath(row.receipt.id)} className={linkClass}>
                    {formatReceiptNumber(row.receipt.number)}
                    <span className="sr-only"> (PDF)</span>
                  </a>
                ) : (
                  "None"
                )}
              </td>
              {actions ? <td className="py-2">{actions(row)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Staff's payments: what is running and owed, then every payment, filtered, with the CSV for the accountant. */
export function StaffPaymentsView({ data }: { data: StaffPayments }) {
  const { figures, currency, query } = data;
  const filters = paymentsQueryString({ ...query, page: 1 });
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold uppercase sm:text-4xl">Payments</h1>
        <Link to="/coach" className={linkClass}>
          Needs attention
        </Link>
      </div>
      <section aria-labelledby="figures-heading">
        <h2 id="figures-heading" className="sr-only">
          This month
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Figure term="Active subscriptions" value={String(figures.activeSubscriptions)} />
          <Figure term="Expected this month" value={formatMoney(figures.expectedThisMonthMinor, currency)} note="Pending payments and subscription periods still to charge" />
          <Figure term="Failed payments" value={String(figures.failed.count)} note={`${formatMoney(figures.failed.amountMinor, currency)} not made good`} />
        </dl>
      </section>
      <section aria-labelledby="payments-heading" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="payments-heading" className="text-xl font-bold uppercase">
            Every payment
          </h2>
          <a href={`${PAYMENTS_PATH}.csv${filters}`} className={buttonClass("secondary")} download>
            <Download className="size-4" aria-hidden="true" /> Download CSV
          </a>
        </div>
        <Filters query={query} />
        <p role="status" className="text-sm font-medium text-zinc-700">
          {data.total === 0 ? "No payments match." : data.total === 1 ? "1 payment" : `${data.total.toLocaleString("en-GB")} payments`}
        </p>
        {data.rows.length > 0 ? <PaymentsTable rows={data.rows} caption="Payments, newest first" /> : null}
        <Pagination page={data.page} pageCount={data.pageCount} href={(page) => `${PAYMENTS_PATH}${paymentsQueryString({ ...query, page })}`} label="Pages of payments" />
      </section>
    </div>
  );
}
