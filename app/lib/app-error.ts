/**
 * The one error a service throws when a request cannot be done as asked: who may not,
 * what is not there, which fields are wrong. The action contract (action.server.ts)
 * and the loaders' error boundary turn it into the answer; nothing else catches it.
 * Safe in the browser (it holds no server state).
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

export interface AppErrorOptions {
  /** A toast or error-page heading, when the screen shows one ("Access denied"). */
  title?: string;
  /** Messages beside the fields they concern. */
  fieldErrors?: FieldErrors;
  /** Seconds to wait before trying again (429 and 503 answers). */
  retryAfter?: number;
}

/**
 * A loader or action may let it through: it has the shape React Router gives a thrown
 * `data(body, { status })`, so the route answers with its status and the error boundary
 * shows the message (decision 0029). Services stay free of React Router imports.
 */
export class AppError extends Error {
  readonly type = "DataWithResponseInit";
  readonly status: ErrorStatus;
  readonly title: string | undefined;
  readonly fieldErrors: FieldErrors;
  readonly retryAfter: number | undefined;

  constructor(status: ErrorStatus, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.title = options.title;
    this.fieldErrors = options.fieldErrors ?? {};
    this.retryAfter = options.retryAfter;
  }

  /** What the error boundary reads (React Router's ErrorResponse data). */
  get data(): { message: string; title?: string } {
    return this.title ? { message: this.message, title: this.title } : { message: this.message };
  }

  get init(): { status: number; headers?: Record<string, string> } {
    return this.retryAfter ? { status: this.status, headers: { "Retry-After": String(this.retryAfter) } } : { status: this.status };
  }
}
