/**
 * The stand-in's memory: every resource it has made, and every event, as the
 * GoCardless API reference gives their JSON. Ids carry the API's prefixes.
 */
import type {
  BillingRequest,
  BillingRequestFlow,
  Customer,
  GoCardlessEvent,
  Mandate,
  Payment,
  Refund,
  Subscription,
} from "../../../app/lib/gocardless/resources";

export interface CustomerBankAccount {
  id: string;
  created_at: string;
  account_holder_name: string;
  account_number_ending: string;
  bank_name: string;
  country_code: string;
  currency: string;
  enabled: boolean;
  metadata: Record<string, string>;
  links: { customer: string };
}

export class StandInError extends Error {
  constructor(
    readonly status: number,
    readonly type: "validation_failed" | "invalid_api_usage" | "invalid_state" | "gocardless",
    message: string,
    readonly errors: Record<string, unknown>[],
  ) {
    super(message);
  }
}

export function validationFailed(collection: string, fields: { field: string; message: string }[]): StandInError {
  return new StandInError(
    422,
    "validation_failed",
    "Validation failed",
    fields.map(({ field, message }) => ({ field, message, request_pointer: `/${collection}/${field.replace(/\./g, "/")}` })),
  );
}

export function invalidState(reason: string, message: string, links?: Record<string, string>): StandInError {
  return new StandInError(links ? 409 : 422, "invalid_state", message, [{ reason, message, ...(links ? { links } : {}) }]);
}

export function notFound(): StandInError {
  return new StandInError(404, "invalid_api_usage", "Resource not found", [{ reason: "resource_not_found", message: "Resource not found" }]);
}

export class StandInState {
  readonly customers = new Map<string, Customer>();
  readonly customerBankAccounts = new Map<string, CustomerBankAccount>();
  readonly billingRequests = new Map<string, BillingRequest>();
  readonly billingRequestFlows = new Map<string, BillingRequestFlow>();
  readonly mandates = new Map<string, Mandate>();
  readonly payments = new Map<string, Payment>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly refunds = new Map<string, Refund>();
  readonly events: GoCardlessEvent[] = [];
  /** Where each subscription's next payment falls (index into its schedule). */
  readonly subscriptionPaymentsMade = new Map<string, number>();
  private counter = 0;

  constructor(private readonly today: () => string) {}

  newId(prefix: string): string {
    this.counter += 1;
    return prefix + this.counter.toString(36).toUpperCase().padStart(10, "0");
  }

  now(): string {
    return new Date().toISOString();
  }

  /** A date n days after today, YYYY-MM-DD. */
  inDays(days: number): string {
    const date = new Date(`${this.today()}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
  }

  /** Records an event and returns it; the caller decides when it is sent. */
  emit(
    resourceType: string,
    action: string,
    links: Record<string, string>,
    details: GoCardlessEvent["details"],
    resourceMetadata: Record<string, string> = {},
  ): GoCardlessEvent {
    const event = {
      id: this.newId("EV"),
      created_at: this.now(),
      resource_type: resourceType,
      action,
      details,
      metadata: {},
      resource_metadata: resourceMetadata,
      links,
    };
    this.events.push(event);
    return event;
  }

  find<T>(map: Map<string, T>, id: string): T {
    const found = map.get(id);
    if (!found) throw notFound();
    return found;
  }
}
