/**
 * The member's e-mails when the money stops (decision 0136): a payment failed or was
 * charged back, their direct debit ended, their package paused after the grace period.
 * Each says what happened and links to the billing page to put it right; HTML with a text
 * part (composeMail). Sent by jobs enqueued in the transaction that recorded the change, so each goes
 * once per change (the job's key) and only if the change committed.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { billingMandate, billingPayment, memberPlan } from "~/db/schema/billing";
import { getBusinessName } from "~/lib/business-name.server";
import { formatLongDate } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { defineJob } from "~/lib/jobs.server";
import { composeMail, type MailBlock } from "~/lib/mail-body";
import { sendMail } from "~/lib/mail.server";
import { todayIn } from "~/lib/time-zone";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { formatMoney } from "./money";

/** The member's billing page: set up a new direct debit, see what is owed. */
export const MEMBER_BILLING_PATH = "/members/billing";

interface Letter {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  rows?: ReadonlyArray<readonly [string, string]>;
  linkText: string;
}

/** One e-mail, HTML with a text part (composeMail), ending with the billing page's link. */
async function sendLetter(letter: Letter): Promise<void> {
  const blocks: MailBlock[] = [
    { kind: "paragraph", text: letter.greeting },
    ...letter.paragraphs.slice(0, 1).map((text) => ({ kind: "paragraph" as const, text })),
    ...(letter.rows ? [{ kind: "rows" as const, rows: letter.rows }] : []),
    ...letter.paragraphs.slice(1).map((text) => ({ kind: "paragraph" as const, text })),
    { kind: "link", text: letter.linkText, href: `${getEnv().BASE_URL}${MEMBER_BILLING_PATH}` },
  ];
  const body = composeMail(letter.subject, blocks, await getBusinessName());
  await sendMail({ to: letter.to, subject: letter.subject, ...body });
}

const greetingOf = (member: { name: string; email: string }) => `Hello ${member.name.trim() || member.email},`;

async function mailFailedPayment(paymentId: string): Promise<void> {
  const [row] = await getDb()
    .select({ payment: billingPayment, email: user.email, name: user.name })
    .from(billingPayment)
    .innerJoin(user, eq(user.id, billingPayment.memberId))
    .where(eq(billingPayment.id, paymentId));
  // Paid since (a retry went through), or the member erased: nothing to tell.
  if (!row || (row.payment.status !== "failed" && row.payment.status !== "charged_back")) return;
  const { payment } = row;
  const amount = formatMoney(payment.amountMinor, payment.currency);
  const when = payment.chargeDate ?? todayIn((await getSiteSettings()).timeZone, payment.failedAt ?? new Date());
  const what =
    payment.status === "charged_back"
      ? `Your bank returned the payment of ${amount} for ${payment.description} to you (a charge-back).`
      : `Your payment of ${amount} for ${payment.description} did not go through.`;
  const rows: [string, string][] = [
    ["Amount", amount],
    ["For", payment.description],
    [payment.status === "charged_back" ? "Taken on" : "Due on", formatLongDate(when)],
  ];
  if (payment.failureReason) rows.push(["Your bank said", payment.failureReason]);
  await sendLetter({
    to: row.email,
    subject: `Your payment of ${amount} did not go through`,
    greeting: greetingOf(row),
    paragraphs: [what, "What your package includes carries on for now. Please check your bank account and your direct debit on your billing page; your coach can also retry the payment."],
    rows,
    linkText: "Fix it on your billing page",
  });
}

export const paymentFailedMailJob = defineJob({
  kind: "billing.payment-failed-mail",
  payload: z.object({ paymentId: z.string() }),
  run: ({ paymentId }) => mailFailedPayment(paymentId),
});

async function mailMandateEnded(mandateId: string): Promise<void> {
  const [row] = await getDb()
    .select({ status: billingMandate.status, email: user.email, name: user.name })
    .from(billingMandate)
    .innerJoin(user, eq(user.id, billingMandate.memberId))
    .where(eq(billingMandate.id, mandateId));
  if (!row || row.status === "active" || row.status === "pending") return;
  const how = row.status === "expired" ? "has expired" : row.status === "failed" ? "could not be set up by your bank" : "was cancelled";
  await sendLetter({
    to: row.email,
    subject: "Your direct debit has stopped",
    greeting: greetingOf(row),
    paragraphs: [`Your direct debit ${how}, so your package's next payments cannot be collected.`, "Please set up your direct debit again on your billing page to keep your package."],
    linkText: "Set up your direct debit again",
  });
}

export const mandateEndedMailJob = defineJob({
  kind: "billing.mandate-ended-mail",
  payload: z.object({ mandateId: z.string() }),
  run: ({ mandateId }) => mailMandateEnded(mandateId),
});

async function mailPlanPaused(planId: string): Promise<void> {
  const [row] = await getDb()
    .select({ plan: memberPlan, email: user.email, name: user.name })
    .from(memberPlan)
    .innerJoin(user, eq(user.id, memberPlan.memberId))
    .where(eq(memberPlan.id, planId));
  if (row?.plan.status !== "paused") return;
  await sendLetter({
    to: row.email,
    subject: `Your package ${row.plan.name} is paused`,
    greeting: greetingOf(row),
    paragraphs: [
      `A payment for ${row.plan.name} is still unpaid after the grace period, so your package is paused: no new bookings and no credits until it is paid. Your account, your history and your programs stay as they are.`,
      "To resume, pay what is owed or set up your direct debit again on your billing page; your package resumes as soon as the payment is confirmed.",
    ],
    linkText: "Resume your package",
  });
}

export const planPausedMailJob = defineJob({
  kind: "billing.plan-paused-mail",
  payload: z.object({ planId: z.string() }),
  run: ({ planId }) => mailPlanPaused(planId),
});
