/**
 * The staff payments list's filters, read from the address (every field has a fallback, so
 * a bad value reads as absent), and the words the list and the CSV use. Safe in the browser.
 */
import { z } from "zod";
import { isPlainDate } from "~/lib/time-zone";
import { pageNumber, searchText, valueWhere } from "~/lib/search-params";

export const paymentStatusLabels = {
  pending: "Pending",
  confirmed: "Confirmed",
  paid_out: "Paid out",
  failed: "Failed",
  cancelled: "Cancelled",
  charged_back: "Charged back",
  refunded: "Refunded",
} as const;
export type PaymentStatusName = keyof typeof paymentStatusLabels;

export const paymentMethodLabels = { direct_debit: "Direct debit", cash: "Cash", bank_transfer: "Bank transfer", other: "Other" } as const;
export type PaymentMethodName = keyof typeof paymentMethodLabels;

const statuses = Object.keys(paymentStatusLabels) as [PaymentStatusName, ...PaymentStatusName[]];
const methods = Object.keys(paymentMethodLabels) as [PaymentMethodName, ...PaymentMethodName[]];

const isMonth = (v: string) => /^\d{4}-(?:0[1-9]|1[0-2])$/.test(v);

/** `?status=&method=&month=YYYY-MM&from=&to=&q=&page=`; a month wins over a date range. */
export const staffPaymentsQuery = z.object({
  status: z.enum(statuses).optional().catch(undefined),
  method: z.enum(methods).optional().catch(undefined),
  month: valueWhere(isMonth),
  from: valueWhere(isPlainDate),
  to: valueWhere(isPlainDate),
  q: searchText(100),
  page: pageNumber,
});
export type StaffPaymentsQuery = z.output<typeof staffPaymentsQuery>;

/** The same filters as an address query (page left out unless past the first). */
export function paymentsQueryString(query: Partial<StaffPaymentsQuery>): string {
  const params = new URLSearchParams();
  for (const key of ["status", "method", "month", "from", "to", "q"] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
