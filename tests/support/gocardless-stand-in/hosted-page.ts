/**
 * The payer's page at a flow's authorisation_url, as a plain HTML form. Submitting it
 * fulfils the billing request as GoCardless does: a customer, a bank account, a mandate
 * (pending_submission) and the first payment (pending_submission), then the payer goes
 * back to the flow's redirect_uri.
 */
import type { BillingRequest, BillingRequestFlow, GoCardlessEvent } from "../../../app/lib/gocardless/resources";
import { newPayment } from "./api";
import type { StandInState } from "./state";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] ?? character);

const FIELDS = [
  { name: "given_name", label: "First name", autocomplete: "given-name" },
  { name: "family_name", label: "Last name", autocomplete: "family-name" },
  { name: "email", label: "Email", autocomplete: "email" },
  { name: "account_holder_name", label: "Account holder name", autocomplete: "name" },
  { name: "branch_code", label: "Sort code", autocomplete: "off" },
  { name: "account_number", label: "Account number", autocomplete: "off" },
] as const;

type FormValues = Partial<Record<(typeof FIELDS)[number]["name"], string>>;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

function amountText(request: BillingRequest): string {
  if (!request.payment_request) return "";
  const { amount, currency } = request.payment_request;
  return `<p>First payment: ${currency} ${(amount / 100).toFixed(2)}${request.payment_request.description ? ` for ${escape(request.payment_request.description)}` : ""}</p>`;
}

export function renderFlowPage(flow: BillingRequestFlow, request: BillingRequest, values: FormValues = {}, errors: string[] = []): string {
  if (request.status !== "pending") {
    const back = flow.redirect_uri ? `<p><a href="${escape(flow.redirect_uri)}">Continue</a></p>` : "";
    return page("Direct Debit already set up", back);
  }
  const prefilled = { ...flow.prefilled_customer, ...values } as FormValues;
  const errorList = errors.length ? `<ul role="alert">${errors.map((error) => `<li>${escape(error)}</li>`).join("")}</ul>` : "";
  const inputs = FIELDS.map(
    ({ name, label, autocomplete }) =>
      `<p><label for="${name}">${label}</label> <input id="${name}" name="${name}" autocomplete="${autocomplete}" value="${escape(prefilled[name] ?? "")}" required></p>`,
  ).join("");
  const exit = flow.exit_uri ? `<p><a href="${escape(flow.exit_uri)}">Cancel</a></p>` : "";
  const description = request.mandate_request?.description ? `<p>${escape(request.mandate_request.description)}</p>` : "";
  return page(
    "Set up a Direct Debit",
    `${description}${amountText(request)}${errorList}<form method="post" action="/billing/static/flow?id=${escape(flow.id)}">${inputs}<button type="submit">Set up Direct Debit</button></form>${exit}`,
  );
}

export function checkFlowForm(values: FormValues): string[] {
  const errors: string[] = [];
  for (const { name, label } of FIELDS) if (!values[name]?.trim()) errors.push(`${label} is required`);
  if (values.branch_code && !/^\d{6}$/.test(values.branch_code.replace(/[\s-]/g, ""))) errors.push("Sort code must be 6 digits");
  if (values.account_number && !/^\d{6,8}$/.test(values.account_number.replace(/\s/g, ""))) errors.push("Account number must be 6 to 8 digits");
  return errors;
}

/** Fulfils the billing request from the submitted form; returns the events it caused. */
export function fulfilBillingRequest(state: StandInState, request: BillingRequest, values: FormValues): GoCardlessEvent[] {
  const customer = {
    id: state.newId("CU"),
    created_at: state.now(),
    email: values.email?.trim() ?? null,
    given_name: values.given_name?.trim() ?? null,
    family_name: values.family_name?.trim() ?? null,
    company_name: null,
    metadata: {},
  };
  state.customers.set(customer.id, customer);
  const currency = request.mandate_request?.currency ?? "GBP";
  const bankAccount = {
    id: state.newId("BA"),
    created_at: state.now(),
    account_holder_name: values.account_holder_name?.trim() ?? "",
    account_number_ending: (values.account_number ?? "").replace(/\s/g, "").slice(-2),
    bank_name: "STAND-IN BANK",
    country_code: currency === "EUR" ? "FR" : "GB",
    currency,
    enabled: true,
    metadata: {},
    links: { customer: customer.id },
  };
  state.customerBankAccounts.set(bankAccount.id, bankAccount);
  const mandate = {
    id: state.newId("MD"),
    created_at: state.now(),
    status: "pending_submission" as const,
    scheme: request.mandate_request?.scheme ?? "bacs",
    reference: `STAND-IN-${state.mandates.size + 1}`,
    next_possible_charge_date: state.inDays(3),
    metadata: request.mandate_request?.metadata ?? {},
    links: { customer: customer.id, customer_bank_account: bankAccount.id },
  };
  state.mandates.set(mandate.id, mandate);
  request.links = { ...request.links, customer: customer.id, customer_bank_account: bankAccount.id, mandate_request_mandate: mandate.id };
  const events = [
    state.emit("mandates", "created", { mandate: mandate.id, customer: customer.id }, { origin: "api", cause: "mandate_created" }, mandate.metadata),
  ];
  if (request.payment_request) {
    // The bank cannot pay instantly here: with fallback the first payment goes by direct debit on the new mandate.
    const payment = newPayment(state, {
      amount: request.payment_request.amount,
      currency: request.payment_request.currency,
      charge_date: state.inDays(3),
      description: request.payment_request.description ?? null,
      reference: null,
      retry_if_possible: false,
      metadata: request.payment_request.metadata ?? {},
      links: { mandate: mandate.id },
    });
    request.links.payment_request_payment = payment.id;
    events.push(state.emit("payments", "created", { payment: payment.id, mandate: mandate.id }, { origin: "api", cause: "payment_created" }, payment.metadata));
  }
  request.status = "fulfilled";
  events.push(state.emit("billing_requests", "fulfilled", { billing_request: request.id, customer: customer.id }, { origin: "payer", cause: "billing_request_fulfilled" }, request.metadata));
  return events;
}
