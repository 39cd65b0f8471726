/**
 * GoCardless's error envelope (`{"error": {type, code, message, errors, request_id, documentation_url}}`)
 * as a typed error. Never carries the access token or the request headers.
 */
export type GoCardlessErrorType = "validation_failed" | "invalid_api_usage" | "invalid_state" | "gocardless" | "unreachable";

export interface GoCardlessFieldError {
  /** The field for validation errors, for example "amount". */
  field?: string;
  /** The reason for other errors, for example "idempotent_creation_conflict". */
  reason?: string;
  message: string;
  request_pointer?: string;
  links?: Record<string, string>;
}

export class GoCardlessApiError extends Error {
  readonly status: number;
  readonly type: GoCardlessErrorType;
  readonly code: number;
  readonly errors: GoCardlessFieldError[];
  readonly requestId: string | null;
  readonly documentationUrl: string | null;

  constructor(fields: {
    status: number;
    type: GoCardlessErrorType;
    message: string;
    errors?: GoCardlessFieldError[];
    requestId?: string | null;
    documentationUrl?: string | null;
  }) {
    super(`GoCardless ${fields.type} (${fields.status}): ${fields.message}`);
    this.name = "GoCardlessApiError";
    this.status = fields.status;
    this.type = fields.type;
    this.code = fields.status;
    this.errors = fields.errors ?? [];
    this.requestId = fields.requestId ?? null;
    this.documentationUrl = fields.documentationUrl ?? null;
  }

  /** The reason of the first error that has one ("cancellation_failed", "idempotent_creation_conflict", ...). */
  get reason(): string | null {
    return this.errors.find((error) => error.reason)?.reason ?? null;
  }

  /** The id of the resource an earlier call with the same idempotency key created, when that is what this error says. */
  get conflictingResourceId(): string | null {
    const conflict = this.errors.find((error) => error.reason === "idempotent_creation_conflict");
    return conflict?.links?.conflicting_resource_id ?? null;
  }
}

const KNOWN_TYPES = new Set<string>(["validation_failed", "invalid_api_usage", "invalid_state", "gocardless"]);

/** Reads an error answer; a body that is not GoCardless's envelope still gives a typed error. */
export function parseApiError(status: number, body: unknown, requestIdHeader: string | null): GoCardlessApiError {
  const envelope = (body as { error?: unknown } | null)?.error;
  if (!envelope || typeof envelope !== "object") {
    return new GoCardlessApiError({
      status,
      type: status >= 500 ? "gocardless" : "invalid_api_usage",
      message: `unexpected answer (HTTP ${status})`,
      requestId: requestIdHeader,
    });
  }
  const error = envelope as Record<string, unknown>;
  const type = typeof error.type === "string" && KNOWN_TYPES.has(error.type) ? (error.type as GoCardlessErrorType) : "gocardless";
  const errors = Array.isArray(error.errors)
    ? error.errors.filter((entry): entry is GoCardlessFieldError => typeof entry === "object" && entry !== null && typeof entry.message === "string")
    : [];
  return new GoCardlessApiError({
    status,
    type,
    message: typeof error.message === "string" ? error.message : `HTTP ${status}`,
    errors,
    requestId: typeof error.request_id === "string" ? error.request_id : requestIdHeader,
    documentationUrl: typeof error.documentation_url === "string" ? error.documentation_url : null,
  });
}
