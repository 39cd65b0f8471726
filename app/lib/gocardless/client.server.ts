import { trimCharacters } from "../trim-characters";
import { GoCardlessApiError, parseApiError } from "./api-error";
import type {
  BillingRequest,
  BillingRequestFlow,
  Customer,
  GoCardlessEvent,
  Mandate,
  MandateRequest,
  Metadata,
  Payment,
  PaymentRequest,
  Refund,
  Subscription,
  SubscriptionIntervalUnit,
} from "./resources";

/**
 * The GoCardless REST API as its reference documents it, for the calls billing makes.
 * Our own client rather than gocardless-nodejs: that one cannot be pointed at another
 * address, and the tests drive a local stand-in (decision 0130).
 */
export const GOCARDLESS_API_VERSION = "2015-07-06";

export const GOCARDLESS_BASE_URLS = {
  live: "https://api.gocardless.com",
  sandbox: "https://api-sandbox.gocardless.com",
} as const;

export interface GoCardlessClientOptions {
  accessToken: string;
  baseUrl: string;
  /** How long one attempt may take before it is given up (default 10 s). */
  timeoutMs?: number;
  /** Further attempts after a timeout, a dropped connection or a 5xx, on reads and keyed creates only (default 2). */
  retries?: number;
  /** Pause before the first retry, doubled after each (default 250 ms). */
  retryDelayMs?: number;
}

export interface CreateBillingRequestInput {
  mandate_request: Omit<MandateRequest, "links">;
  payment_request?: Omit<PaymentRequest, "links">;
  fallback_enabled?: boolean;
  metadata?: Metadata;
  links?: { customer?: string };
}

export interface CreateBillingRequestFlowInput {
  redirect_uri: string;
  exit_uri?: string;
  prefilled_customer?: { given_name?: string; family_name?: string; email?: string };
  lock_customer_details?: boolean;
  links: { billing_request: string };
}

export interface CreatePaymentInput {
  amount: number;
  currency: string;
  charge_date?: string;
  description?: string;
  reference?: string;
  retry_if_possible?: boolean;
  metadata?: Metadata;
  links: { mandate: string };
}

export interface CreateSubscriptionInput {
  amount: number;
  currency: string;
  name?: string;
  interval?: number;
  interval_unit: SubscriptionIntervalUnit;
  day_of_month?: number;
  start_date?: string;
  count?: number;
  retry_if_possible?: boolean;
  metadata?: Metadata;
  links: { mandate: string };
}

export interface CreateRefundInput {
  amount: number;
  /** The payment's total refunded amount once this refund is made: GoCardless's guard against a refund sent twice. */
  total_amount_confirmation: number;
  reference?: string;
  metadata?: Metadata;
  links: { payment: string };
}

type Method = "GET" | "POST";

interface Call {
  method: Method;
  path: string;
  /** The JSON key the resource sits under, in the request and the answer. */
  envelope: string;
  body?: unknown;
  idempotencyKey?: string;
}

export type GoCardlessClient = ReturnType<typeof createGoCardlessClient>;

const RETRIABLE_STATUSES = new Set([500, 502, 503, 504]);

export function createGoCardlessClient(options: GoCardlessClientOptions) {
  const baseUrl = trimCharacters(options.baseUrl, "/", "end");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 250;

  async function attempt(call: Call): Promise<{ status: number; body: unknown; requestId: string | null }> {
    const headers: Record<string, string> = {
      Accept: "application/json",
      Authorization: `Bearer ${options.accessToken}`,
      "GoCardless-Version": GOCARDLESS_API_VERSION,
    };
    if (call.body !== undefined) headers["Content-Type"] = "application/json";
    if (call.idempotencyKey) headers["Idempotency-Key"] = call.idempotencyKey;
    let response: Response;
    try {
      response = await fetch(baseUrl + call.path, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      throw new GoCardlessApiError({
        status: 0,
        type: "unreachable",
        message: timedOut ? `no answer within ${timeoutMs} ms` : "could not reach the API",
      });
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body, requestId: response.headers.get("x-request-id") };
  }

  /** A read, or a create with its idempotency key, may be sent again: the API makes it the same call. */
  async function request<T>(call: Call): Promise<T> {
    const retriable = call.method === "GET" || Boolean(call.idempotencyKey);
    for (let tries = 0; ; tries += 1) {
      let failure: GoCardlessApiError;
      try {
        const { status, body, requestId } = await attempt(call);
        if (status >= 200 && status < 300) {
          const resource = (body as Record<string, unknown> | null)?.[call.envelope];
          if (!resource || typeof resource !== "object") {
            throw new GoCardlessApiError({ status, type: "gocardless", message: `answer without "${call.envelope}"`, requestId });
          }
          return resource as T;
        }
        failure = parseApiError(status, body, requestId);
      } catch (error) {
        if (!(error instanceof GoCardlessApiError)) throw error;
        failure = error;
      }
      const conflictId = call.idempotencyKey ? failure.conflictingResourceId : null;
      if (conflictId) {
        // The first attempt did create it (its answer was lost): the reference says to fetch the conflicting resource.
        return request<T>({ method: "GET", path: `${call.path}/${encodeURIComponent(conflictId)}`, envelope: call.envelope });
      }
      const transient = failure.type === "unreachable" || RETRIABLE_STATUSES.has(failure.status);
      if (!retriable || !transient || tries >= retries) throw failure;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** tries));
    }
  }

  const get = <T>(collection: string, id: string) =>
    request<T>({ method: "GET", path: `/${collection}/${encodeURIComponent(id)}`, envelope: collection });
  const create = <T>(collection: string, body: unknown, idempotencyKey: string) => {
    if (!idempotencyKey) throw new Error(`creating ${collection} needs an idempotency key`);
    return request<T>({ method: "POST", path: `/${collection}`, envelope: collection, body: { [collection]: body }, idempotencyKey });
  };
  // Actions take `{"data": {}}` and are not retried: a second cancel after a lost answer would report cancellation_failed.
  const act = <T>(collection: string, id: string, action: string) =>
    request<T>({
      method: "POST",
      path: `/${collection}/${encodeURIComponent(id)}/actions/${action}`,
      envelope: collection,
      body: { data: {} },
    });

  return {
    getCustomer: (id: string) => get<Customer>("customers", id),
    createBillingRequest: (input: CreateBillingRequestInput, idempotencyKey: string) =>
      create<BillingRequest>("billing_requests", input, idempotencyKey),
    getBillingRequest: (id: string) => get<BillingRequest>("billing_requests", id),
    // The reference has no read of a flow, so a key conflict could not be resolved; a second flow for the same billing request is harmless.
    createBillingRequestFlow: (input: CreateBillingRequestFlowInput) =>
      request<BillingRequestFlow>({ method: "POST", path: "/billing_request_flows", envelope: "billing_request_flows", body: { billing_request_flows: input } }),
    getMandate: (id: string) => get<Mandate>("mandates", id),
    cancelMandate: (id: string) => act<Mandate>("mandates", id, "cancel"),
    createPayment: (input: CreatePaymentInput, idempotencyKey: string) => create<Payment>("payments", input, idempotencyKey),
    getPayment: (id: string) => get<Payment>("payments", id),
    retryPayment: (id: string) => act<Payment>("payments", id, "retry"),
    cancelPayment: (id: string) => act<Payment>("payments", id, "cancel"),
    createSubscription: (input: CreateSubscriptionInput, idempotencyKey: string) =>
      create<Subscription>("subscriptions", input, idempotencyKey),
    getSubscription: (id: string) => get<Subscription>("subscriptions", id),
    cancelSubscription: (id: string) => act<Subscription>("subscriptions", id, "cancel"),
    createRefund: (input: CreateRefundInput, idempotencyKey: string) => create<Refund>("refunds", input, idempotencyKey),
    getEvent: (id: string) => get<GoCardlessEvent>("events", id),
  };
}
