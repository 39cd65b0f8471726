/**
 * The staff payments list (/coach/payments) and its CSV for the accountant (decision 0142).
 * A payment's date is its charge date: the day a direct debit is collected, the day a
 * manual payment was received. Newest first; payments the provider has not dated yet (a
 * first payment waiting for its charge date) come before every dated one.
 */
import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { billingPayment, billingReceipt } from "~/db/schema/billing";
import { addMonths } from "./periods";
import { moneyInputValue } from "./money";
import { formatReceiptNumber } from "./receipt-number";
import { ERASED_PAYER } from "./receipt-pdf.server";
import { paymentMethodLabels, paymentStatusLabels, type StaffPaymentsQuery } from "./staff-payments.schema";
import { csvCell } from "~/modules/progress/progress-csv.server";
import { todayForSite } from "~/modules/settings/settings.server";
import { getBillingSettings } from "./billing-settings.server";
import { paymentFigures } from "./staff-payments-figures.server";

type Actor = Pick<SessionUser, "id" | "role">;

export const STAFF_PAYMENTS_PAGE_SIZE = 50;
/** Rows the CSV reads per query: its memory stays one page, however many payments there are. */
export const CSV_PAGE_SIZE = 2000;

/** The filters as dates: a month is its first and last day. */
export function dateRangeOf(query: Pick<StaffPaymentsQuery, "month" | "from" | "to">): { from?: string; to?: string } {
  if (query.month) {
    const first = `${query.month}-01`;
    const next = addMonths(first, 1);
    const [y, m] = next.split("-").map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
    return { from: first, to: last };
  }
  return { from: query.from, to: query.to };
}

/** `%` and `_` typed in the search are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The filters as a condition. A search is resolved to its members' ids first: a list of
 * ids reads billing_payments_member_idx, where a subquery made PostgreSQL scan every payment.
 */
async function whereOf(query: StaffPaymentsQuery): Promise<SQL | undefined> {
  const { from, to } = dateRangeOf(query);
  const conditions: Array<SQL | undefined> = [
    query.status ? eq(billingPayment.status, query.status) : undefined,
    query.method ? eq(billingPayment.method, query.method) : undefined,
    from ? gte(billingPayment.chargeDate, from) : undefined,
    to ? lte(billingPayment.chargeDate, to) : undefined,
  ];
  if (query.q) {
    const pattern = likePattern(query.q);
    const members = await getDb()
      .select({ id: user.id })
      .from(user)
      .where(or(ilike(user.name, pattern), ilike(user.email, pattern)));
    conditions.push(members.length ? inArray(billingPayment.memberId, members.map((m) => m.id)) : sql`false`);
  }
  return and(...conditions);
}

/** Newest first; the order the index `billing_payments_charge_idx` reads backwards. */
const newestFirst = [sql`${billingPayment.chargeDate} desc nulls first`, desc(billingPayment.createdAt), desc(billingPayment.id)];

const rowColumns = {
  id: billingPayment.id,
  chargeDate: billingPayment.chargeDate,
  createdAt: sql<string>`${billingPayment.createdAt}::text`,
  memberId: billingPayment.memberId,
  memberName: user.name,
  memberEmail: user.email,
  description: billingPayment.description,
  amountMinor: billingPayment.amountMinor,
  refundedMinor: billingPayment.refundedMinor,
  currency: billingPayment.currency,
  method: billingPayment.method,
  status: billingPayment.status,
  receiptId: billingReceipt.id,
  receiptNumber: billingReceipt.number,
  vatMinor: billingReceipt.vatMinor,
};

function rowsQuery(where: SQL | undefined) {
  return getDb()
    .select(rowColumns)
    .from(billingPayment)
    .leftJoin(user, eq(user.id, billingPayment.memberId))
    .leftJoin(billingReceipt, eq(billingReceipt.paymentId, billingPayment.id))
    .where(where)
    .orderBy(...newestFirst);
}

type Row = Awaited<ReturnType<typeof rowsQuery>>[number];

function toListRow(r: Row) {
  return {
    id: r.id,
    date: r.chargeDate,
    member: r.memberId ? { id: r.memberId, name: r.memberName || r.memberEmail || "" } : null,
    description: r.description,
    amountMinor: r.amountMinor,
    refundedMinor: r.refundedMinor,
    currency: r.currency,
    method: r.method,
    status: r.status,
    receipt: r.receiptId ? { id: r.receiptId, number: r.receiptNumber! } : null,
  };
}
export type StaffPaymentRow = ReturnType<typeof toListRow>;

/** One page of the payments the filters select, and how many there are. */
export async function listStaffPayments(actor: Actor, query: StaffPaymentsQuery) {
  ensureCan(actor, "billing", "viewAny");
  return pageOfPayments(await whereOf(query), query.page);
}

/** One page (50) of the payments `where` selects, newest first: the staff list's and one member's. */
export async function pageOfPayments(where: SQL | undefined, asked: number) {
  const pageRows = (page: number) =>
    rowsQuery(where)
      .limit(STAFF_PAYMENTS_PAGE_SIZE)
      .offset((page - 1) * STAFF_PAYMENTS_PAGE_SIZE);
  // The count and the asked page side by side; a page past the last (rare) is read again as the last.
  const [[{ total } = { total: 0 }], asRead] = await Promise.all([getDb().select({ total: count() }).from(billingPayment).where(where), pageRows(asked)]);
  const pageCount = Math.max(1, Math.ceil(total / STAFF_PAYMENTS_PAGE_SIZE));
  const page = Math.min(asked, pageCount);
  const rows = page === asked ? asRead : await pageRows(page);
  return { rows: rows.map(toListRow), total, page, pageCount };
}

/** The staff payments page: the figures, then the page of payments the filters select. */
export async function loadStaffPayments(actor: Actor, query: StaffPaymentsQuery) {
  ensureCan(actor, "billing", "viewAny");
  // The figures wait for the site's day; the list does not wait for them.
  const figuresOfToday = async () => {
    const [today, { currency }] = await Promise.all([todayForSite(), getBillingSettings()]);
    return { currency, figures: await paymentFigures(actor, today) };
  };
  const [{ figures, currency }, list] = await Promise.all([figuresOfToday(), listStaffPayments(actor, query)]);
  return { figures, currency, query, ...list };
}
export type StaffPayments = Awaited<ReturnType<typeof loadStaffPayments>>;

/** The columns an accountant asked for, in order. */
export const CSV_COLUMNS = ["Date", "Receipt number", "Member", "E-mail", "Description", "Amount", "Refunded", "Currency", "Method", "Status", "VAT"];

function csvLine(r: Row): string {
  const member = r.memberId ? r.memberName || r.memberEmail : ERASED_PAYER;
  return [
    r.chargeDate,
    r.receiptNumber === null ? null : formatReceiptNumber(r.receiptNumber),
    member,
    r.memberId ? r.memberEmail : null,
    r.description,
    moneyInputValue(r.amountMinor),
    moneyInputValue(r.refundedMinor),
    r.currency,
    paymentMethodLabels[r.method],
    paymentStatusLabels[r.status],
    r.vatMinor === null ? null : moneyInputValue(r.vatMinor),
  ]
    .map(csvCell)
    .join(",");
}

/** After the last row of a page, in the list's order (keyset: each page is one range of billing_payments_charge_idx, however deep). */
function after(last: Row): SQL {
  const { chargeDate, createdAt, id } = billingPayment;
  if (last.chargeDate !== null) return sql`(${chargeDate}, ${createdAt}, ${id}) < (${last.chargeDate}::date, ${last.createdAt}::timestamptz, ${last.id})`;
  return or(isNotNull(chargeDate), and(isNull(chargeDate), sql`(${createdAt}, ${id}) < (${last.createdAt}::timestamptz, ${last.id})`))!;
}

/**
 * Every payment the filters select as CSV text, in chunks of CSV_PAGE_SIZE rows (the route
 * streams them): amounts as decimals ('35.00'), cells safe from spreadsheet formulas.
 */
export async function* staffPaymentsCsv(actor: Actor, query: StaffPaymentsQuery): AsyncGenerator<string> {
  ensureCan(actor, "billing", "viewAny");
  const where = await whereOf(query);
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  let last: Row | undefined;
  for (;;) {
    const rows = await rowsQuery(last ? and(where, after(last)) : where).limit(CSV_PAGE_SIZE);
    if (rows.length === 0) return;
    yield rows.map((r) => `${csvLine(r)}\r\n`).join("");
    if (rows.length < CSV_PAGE_SIZE) return;
    last = rows[rows.length - 1];
  }
}
