/**
 * A member's billing in the catalogue of their data (decision 0143). The export takes all of
 * it (provider ids are references, kept; a hosted page's address is a live link, left out).
 * Erasure keeps what the law makes the coach keep, without the person: receipts (their
 * numbers, amounts and the business's details), payments and refunds (amounts, dates,
 * statuses, descriptions) stay with the member's id, name and e-mail taken off; plans,
 * checkouts, mandates and credits go (the mandates cancelled at the provider too,
 * `liveMandateIds`, decision 0177). Erasure is refused while something can still charge
 * the member or is being collected (`billingStillRunning`): ending a plan is a money decision
 * the coach makes on the billing page, where the provider's subscription is cancelled.
 */
import { and, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { billingCheckout, billingMandate, billingPayment, billingReceipt, billingRefund, creditGrant, creditUse, memberPlan } from "~/db/schema/billing";
import type { Member, PersonalTable } from "./catalogue.server";
import { rowCount } from "./row-count";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const PLAN_STILL_LIVE = "This member's plan is still running. Cancel the plan first (on their billing page), then erase.";
export const PAYMENT_BEING_COLLECTED = "A payment of this member is still being collected. Erase once it is confirmed or has failed (a few working days).";

/** What the report says of the rows erasure keeps: the same words for receipts, payments and refunds. */
export const KEPT_AS_ACCOUNTS = "kept without the person, as accounting records (numbers and amounts)";

const ownPayments = (m: Member) => sql`(select ${billingPayment.id} from ${billingPayment} where ${billingPayment.memberId} = ${m.id})`;

/** Runs an update that takes the person off rows kept, returning how many rows it kept. */
const keep = async (tx: Tx, statement: SQL) => rowCount(await tx.execute(sql`${statement} returning 1`));

/** In erasure order: credits, checkouts, then what is kept (refunds and receipts found through the payments before those lose their member), then plans and mandates. */
export const billingData: PersonalTable[] = [
  { table: creditUse, kind: "Credits used", how: "each credit the member spent on a class place or a 1:1 session (member_id)", rows: (m) => sql`${creditUse.memberId} = ${m.id}` },
  { table: creditGrant, kind: "Credits bought", how: "the credits of the packs the member bought: how many, of which kind, until when (member_id)", rows: (m) => sql`${creditGrant.memberId} = ${m.id}` },
  {
    table: billingCheckout,
    kind: "Direct debit set-ups",
    how: "each time the member started setting up a direct debit on the provider's page (the page's address is left out)",
    rows: (m) => sql`${billingCheckout.memberId} = ${m.id}`,
    omit: ["redirect_url"],
  },
  {
    table: billingRefund,
    kind: "Refunds",
    how: "the refunds of the member's payments",
    rows: (m) => sql`${billingRefund.paymentId} in ${ownPayments(m)}`,
    keeps: KEPT_AS_ACCOUNTS,
    // Amounts, dates and statuses stay with their payment; a reason staff typed may name the person.
    erase: (tx, m) => keep(tx, sql`update ${billingRefund} set reason = '' where ${billingRefund.paymentId} in ${ownPayments(m)}`),
  },
  {
    table: billingReceipt,
    kind: "Receipts",
    how: "the member's receipts: number, amount, the business's details and the payer's name and e-mail as issued",
    rows: (m) => sql`${billingReceipt.memberId} = ${m.id} or ${billingReceipt.paymentId} in ${ownPayments(m)}`,
    keeps: KEPT_AS_ACCOUNTS,
    erase: (tx, m) =>
      keep(tx, sql`update ${billingReceipt} set member_id = null, payer_name = null, payer_email = null where ${billingReceipt.memberId} = ${m.id} or ${billingReceipt.paymentId} in ${ownPayments(m)}`),
  },
  {
    table: billingPayment,
    kind: "Payments",
    how: "every payment of the member: amount, what it paid for, how, its status and dates (member_id)",
    rows: (m) => sql`${billingPayment.memberId} = ${m.id}`,
    keeps: KEPT_AS_ACCOUNTS,
    erase: (tx, m) => keep(tx, sql`update ${billingPayment} set member_id = null where ${billingPayment.memberId} = ${m.id}`),
  },
  { table: memberPlan, kind: "Packages", how: "the packages and packs the member bought, with their terms as bought, status and paid-through date (member_id)", rows: (m) => sql`${memberPlan.memberId} = ${m.id}` },
  { table: billingMandate, kind: "Direct debit mandates", how: "the member's direct debit mandates as the provider last told us (the provider's references and status)", rows: (m) => sql`${billingMandate.memberId} = ${m.id}` },
];

/**
 * Why the member cannot be erased yet, or null: a subscription or term not cancelled (the
 * provider would go on charging someone the site no longer knows), or a direct-debit payment
 * still being collected (its outcome would arrive for no one). Run under the erasure's lock
 * on the member, which every plan change takes too.
 */
export async function billingStillRunning(tx: Tx, memberId: string): Promise<string | null> {
  const [live] = await tx
    .select({ id: memberPlan.id })
    .from(memberPlan)
    .where(and(eq(memberPlan.memberId, memberId), ne(memberPlan.kind, "pack"), ne(memberPlan.status, "ended"), isNull(memberPlan.endsOn)))
    .limit(1);
  if (live) return PLAN_STILL_LIVE;
  const [collecting] = await tx
    .select({ id: billingPayment.id })
    .from(billingPayment)
    .where(and(eq(billingPayment.memberId, memberId), eq(billingPayment.status, "pending"), eq(billingPayment.method, "direct_debit")))
    .limit(1);
  return collecting ? PAYMENT_BEING_COLLECTED : null;
}

/** The provider's ids of the member's mandates still pending or active: erasure has them cancelled (decision 0177). */
export async function liveMandateIds(tx: Tx, memberId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: billingMandate.providerMandateId })
    .from(billingMandate)
    .where(and(eq(billingMandate.memberId, memberId), inArray(billingMandate.status, ["pending", "active"])));
  return rows.map((row) => row.id);
}
