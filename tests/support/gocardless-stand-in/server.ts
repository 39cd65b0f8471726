/**
 * A local stand-in for the GoCardless API (tests and browser runs): the endpoints billing
 * calls, the hosted Billing Request Flow page, scenario simulators, and signed webhooks
 * with test controls to batch, replay and reorder them. In memory; one per test file.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { GoCardlessEvent } from "../../../app/lib/gocardless/resources";
import * as api from "./api";
import { checkFlowForm, fulfilBillingRequest, renderFlowPage } from "./hosted-page";
import { runSimulator } from "./simulators";
import { invalidState, notFound, StandInError, StandInState, validationFailed } from "./state";
import { postWebhook, type WebhookDelivery } from "./webhooks";

export interface StandInOptions {
  accessToken: string;
  /** 0 (or unset) picks a free port. */
  port?: number;
  webhookUrl?: string;
  webhookSecret?: string;
  /** "automatic": each call's events go out in one webhook right after its answer; "manual": only when a test says. */
  webhookDelivery?: "automatic" | "manual";
  /** Today's date for charge dates (YYYY-MM-DD); the real date when unset. */
  today?: () => string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  version: string | null;
  body: unknown;
}

type Fault = "unavailable" | "lose_answer";

const CREATES: Record<string, (state: StandInState, input: Record<string, unknown>, publicUrl: string) => api.ApiAnswer> = {
  billing_requests: (state, input) => api.createBillingRequest(state, input),
  billing_request_flows: (state, input, publicUrl) => api.createBillingRequestFlow(state, input, publicUrl),
  payments: (state, input) => api.createPayment(state, input),
  subscriptions: (state, input) => api.createSubscription(state, input),
  refunds: (state, input) => api.createRefund(state, input),
};

// Billing request flows have no read in the API reference.
const READABLE = ["customers", "billing_requests", "mandates", "payments", "subscriptions", "refunds", "events"] as const;

const BODY_LIMIT = 1024 * 1024;

function errorBody(error: StandInError, requestId: string) {
  const reason = (error.errors[0]?.reason as string | undefined) ?? error.type;
  return {
    error: {
      message: error.message,
      documentation_url: `https://developer.gocardless.com/api-reference#${reason}`,
      type: error.type,
      request_id: requestId,
      errors: error.errors,
      code: error.status,
    },
  };
}

export async function startGoCardlessStandIn(options: StandInOptions) {
  const state = new StandInState(options.today ?? (() => new Date().toISOString().slice(0, 10)));
  const idempotency = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  const deliveries: WebhookDelivery[] = [];
  const delivered = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();
  const faults: Fault[] = [];
  let publicUrl = "";

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  async function deliver(events: GoCardlessEvent[], secret = options.webhookSecret): Promise<WebhookDelivery> {
    if (!options.webhookUrl || !secret) throw new Error("the stand-in has no webhookUrl and webhookSecret to deliver to");
    const delivery = await postWebhook(options.webhookUrl, secret, events, state.newId("WB"));
    for (const event of events) delivered.add(event.id);
    deliveries.push(delivery);
    return delivery;
  }

  function afterAnswer(events: GoCardlessEvent[]): void {
    if (!events.length || !options.webhookUrl || (options.webhookDelivery ?? "automatic") !== "automatic") return;
    void track(deliver(events)).catch(() => undefined);
  }

  function answerApi(method: string, segments: string[], body: unknown, idempotencyKey: string | null): api.ApiAnswer {
    const [collection = "", id = "", actions = "", action = ""] = segments;
    if (method === "POST" && segments.length === 1 && CREATES[collection]) {
      const key = idempotencyKey ? `${collection}:${idempotencyKey}` : null;
      const earlier = key ? idempotency.get(key) : undefined;
      if (earlier) {
        throw invalidState("idempotent_creation_conflict", "A resource has already been created with this idempotency key", {
          conflicting_resource_id: earlier,
        });
      }
      const answer = CREATES[collection](state, api.checkedInput(collection, body, collection), publicUrl);
      const created = (answer.body as Record<string, { id: string }>)[collection];
      if (key && created) idempotency.set(key, created.id);
      return answer;
    }
    if (method === "GET" && segments.length === 2 && (READABLE as readonly string[]).includes(collection)) {
      if (collection === "events") {
        const event = state.events.find((candidate) => candidate.id === id);
        if (!event) throw notFound();
        return { status: 200, body: { events: event }, events: [] };
      }
      const map = {
        customers: state.customers,
        billing_requests: state.billingRequests,
        mandates: state.mandates,
        payments: state.payments,
        subscriptions: state.subscriptions,
        refunds: state.refunds,
      }[collection as Exclude<(typeof READABLE)[number], "events">];
      return { status: 200, body: { [collection]: state.find(map as Map<string, unknown>, id) }, events: [] };
    }
    if (method === "POST" && segments.length === 4 && actions === "actions") {
      if (collection === "scenario_simulators" && action === "run") {
        const resource = (body as { data?: { links?: { resource?: unknown } } } | null)?.data?.links?.resource;
        if (typeof resource !== "string") throw validationFailed("scenario_simulators", [{ field: "links.resource", message: "is required" }]);
        const events = runSimulator(state, id, resource);
        return { status: 200, body: { scenario_simulators: { id } }, events };
      }
      return api.runAction(state, collection, id, action);
    }
    throw notFound();
  }

  async function readBody(request: http.IncomingMessage): Promise<string> {
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > BODY_LIMIT) throw new StandInError(413, "invalid_api_usage", "Request entity too large", [{ reason: "request_entity_too_large", message: "Request entity too large" }]);
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  function send(response: http.ServerResponse, status: number, type: string, payload: string, extra: Record<string, string> = {}) {
    response.writeHead(status, { "Content-Type": type, ...extra });
    response.end(payload);
  }

  async function handleHostedPage(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    const flow = state.billingRequestFlows.get(url.searchParams.get("id") ?? "");
    if (!flow) return send(response, 404, "text/html; charset=utf-8", "<!doctype html><title>Not found</title><h1>This link has expired</h1>");
    const billingRequest = state.find(state.billingRequests, flow.links.billing_request);
    if (request.method === "GET") return send(response, 200, "text/html; charset=utf-8", renderFlowPage(flow, billingRequest));
    const values = Object.fromEntries(new URLSearchParams(await readBody(request)));
    const errors = checkFlowForm(values);
    if (billingRequest.status !== "pending") return send(response, 409, "text/html; charset=utf-8", renderFlowPage(flow, billingRequest));
    if (errors.length) return send(response, 422, "text/html; charset=utf-8", renderFlowPage(flow, billingRequest, values, errors));
    const events = fulfilBillingRequest(state, billingRequest, values);
    if (flow.redirect_uri) send(response, 303, "text/plain", "", { Location: flow.redirect_uri });
    else send(response, 200, "text/html; charset=utf-8", "<!doctype html><title>Done</title><h1>Your Direct Debit is set up</h1>");
    afterAnswer(events);
  }

  async function handleControl(request: http.IncomingMessage, response: http.ServerResponse, path: string) {
    if (request.method === "GET" && path === "/_stand_in/events") return send(response, 200, "application/json", JSON.stringify({ events: state.events }));
    if (request.method === "POST" && path === "/_stand_in/webhooks/deliver") {
      const body = JSON.parse((await readBody(request)) || "{}") as { event_ids?: string[] };
      const delivery = await (body.event_ids ? standIn.deliverEvents(body.event_ids) : standIn.deliverPending());
      return send(response, 200, "application/json", JSON.stringify({ event_ids: delivery?.eventIds ?? [], status: delivery?.status ?? null }));
    }
    send(response, 404, "application/json", "{}");
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? "/", publicUrl);
    if (url.pathname === "/billing/static/flow") return handleHostedPage(request, response, url);
    if (url.pathname.startsWith("/_stand_in/")) return handleControl(request, response, url.pathname);
    const requestId = crypto.randomUUID();
    const idempotencyKey = (request.headers["idempotency-key"] as string | undefined) ?? null;
    const text = await readBody(request);
    let body: unknown = null;
    requests.push({ method: request.method ?? "", path: url.pathname, idempotencyKey, version: (request.headers["gocardless-version"] as string | undefined) ?? null, body: text });
    const fault = faults.shift();
    try {
      if (fault === "unavailable") {
        throw new StandInError(503, "gocardless", "Service unavailable", [{ reason: "service_unavailable", message: "Service unavailable" }]);
      }
      const authorization = request.headers.authorization;
      if (!authorization) {
        throw new StandInError(401, "invalid_api_usage", "Authorization header is missing", [{ reason: "missing_authorization_header", message: "Authorization header is missing" }]);
      }
      if (authorization !== `Bearer ${options.accessToken}`) {
        throw new StandInError(401, "invalid_api_usage", "Access token not found", [{ reason: "access_token_not_found", message: "Access token not found" }]);
      }
      if (!request.headers["gocardless-version"]) {
        throw new StandInError(400, "invalid_api_usage", "GoCardless-Version header is missing", [{ reason: "missing_version_header", message: "GoCardless-Version header is missing" }]);
      }
      if (idempotencyKey && idempotencyKey.length > 128) {
        throw new StandInError(400, "invalid_api_usage", "Idempotency key too long", [{ reason: "idempotency_key_too_long", message: "Idempotency key too long" }]);
      }
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        throw new StandInError(400, "invalid_api_usage", "Invalid JSON", [{ reason: "invalid_json", message: "The body is not valid JSON" }]);
      }
      const answer = answerApi(request.method ?? "GET", url.pathname.split("/").filter(Boolean), body, idempotencyKey);
      if (fault === "lose_answer") {
        // The call took effect but its answer never arrives, as when a connection drops.
        request.socket.destroy();
        return;
      }
      send(response, answer.status, "application/json", JSON.stringify(answer.body), { "X-Request-Id": requestId });
      afterAnswer(answer.events);
    } catch (error) {
      if (!(error instanceof StandInError)) throw error;
      send(response, error.status, "application/json", JSON.stringify(errorBody(error, requestId)), { "X-Request-Id": requestId });
    }
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, "application/json", JSON.stringify({ error: { message: String(error), type: "gocardless", code: 500, errors: [] } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn = {
    url: publicUrl,
    state,
    /** Every API call received (not the hosted page), for checking headers and keys. */
    requests,
    /** Every webhook sent, with its answer's status. */
    deliveries,
    /** The next API calls fail: "unavailable" answers 503, "lose_answer" acts then drops the connection. */
    failNext(...next: Fault[]) {
      faults.push(...next);
    },
    runScenario(simulator: string, resourceId: string): GoCardlessEvent[] {
      const events = runSimulator(state, simulator, resourceId);
      afterAnswer(events);
      return events;
    },
    /** Events not yet sent, in the order they happened. */
    pendingEvents: () => state.events.filter((event) => !delivered.has(event.id)),
    /** Sends every event not yet sent in one webhook (a batch); nothing when there is none. */
    async deliverPending(): Promise<WebhookDelivery | null> {
      const pending = standIn.pendingEvents();
      return pending.length ? track(deliver(pending)) : null;
    },
    /** Sends these events in this order, whether sent before (a replay) or not (out of order when reversed). */
    deliverEvents(eventIds: string[], secret?: string): Promise<WebhookDelivery> {
      const events = eventIds.map((id) => {
        const event = state.events.find((candidate) => candidate.id === id);
        if (!event) throw new Error(`no event ${id}`);
        return event;
      });
      return track(deliver(events, secret));
    },
    /** Resolves once every webhook being sent has had its answer. */
    async idle(): Promise<void> {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    async stop(): Promise<void> {
      await standIn.idle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}

export type GoCardlessStandIn = Awaited<ReturnType<typeof startGoCardlessStandIn>>;
