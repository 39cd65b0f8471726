import { data } from "react-router";
import { ZodError } from "zod";
import { AppError, type FieldErrors } from "./app-error";
import { fieldErrors as zodFieldErrors } from "./form";
import { BodyError, readForm, type FormBody } from "./request-body.server";
import { redirectWithToast } from "./toast.server";

/**
 * The one way a route answers a form (decision 0029).
 *
 * `runAction` reads the body once with a size cap, picks the handler by the form's
 * `intent`, and turns what goes wrong into the form's answer:
 * - an `AppError` → its status, message, title and field messages;
 * - a `ZodError` → 400 with the first message of each field;
 * - a refused body (too large, wrong type, NUL) → 413/415/400 with the reason.
 * Every failure carries the values the person typed (never secrets), so a page
 * rendered without JavaScript shows the form as it was sent.
 *
 * A handler returns a Response (usually `redirectWithToast`), or a value that goes back to
 * the form as `{ ok: true, intent, ...value }`. Anything else thrown is a bug: it
 * reaches the error boundary as a 500.
 */

export interface ActionFailure<F extends string = string> {
  ok: false;
  /** The answer's status, for a form that answers some failures its own way (401: sign in again in the page). */
  status: number;
  intent: string | null;
  /** The page-level message (a toast or an alert above the form); null when the fields say it all. */
  error: string | null;
  title: string | null;
  fieldErrors: FieldErrors<F>;
  values: FormValues;
}

export type ActionSuccess<T extends object = object> = { ok: true; intent: string } & T;

export type ActionData<T extends object = object, F extends string = string> = ActionSuccess<T> | ActionFailure<F>;

type Handler = (form: FormBody) => Promise<Response | object | void>;

export interface ActionOptions {
  /** Body limit in bytes; forms are small, an article body is not (default 64 KB). */
  maxBytes?: number;
  /** The message of a body over `maxBytes` when the form says it better ("The image is larger than 10 MB."). */
  tooLarge?: string;
  /**
   * Buttons in a list (no fields to mark) answer with a page reload and a toast: a refused
   * intent named here goes back to `to` with an error toast, the spec's title for that
   * intent and the refusal's message as its description.
   */
  refusedTo?: { to: string; titles: Record<string, string> };
}

/** Fields never sent back: whatever was typed into them stays on the person's screen only. */
const SECRET_FIELD = /password|code|token|secret/i;
/** Long enough for an article's or a plan's text: the body cap (maxBytes) bounds it anyway. */
const ECHO_LIMIT = 100_000;

/** What a failed answer puts back into its form: texts, and the ticked values of a repeated field (checkboxes). */
export type FormValues = Record<string, string | string[]>;

const echoable = (value: unknown): value is string => typeof value === "string" && value.length <= ECHO_LIMIT;

/** The short text values of a form, for a failed answer to put back into its fields. */
export function echoValues(form: FormBody): FormValues {
  const values: FormValues = {};
  for (const [key, value] of Object.entries(form)) {
    if (SECRET_FIELD.test(key)) continue;
    if (echoable(value)) values[key] = value;
    else if (Array.isArray(value) && value.every(echoable)) values[key] = value;
  }
  return values;
}

function failure(status: number, body: Omit<ActionFailure, "ok" | "status">, headers?: HeadersInit) {
  return data<ActionFailure>({ ok: false, status, ...body }, { status, headers });
}

/** The answer for an error a handler threw, or the error itself when it is not ours to answer. */
export function failureFor(error: unknown, intent: string | null, form: FormBody) {
  const values = echoValues(form);
  if (error instanceof AppError) {
    const headers = error.init.headers;
    const onlyFields = Object.keys(error.fieldErrors).length > 0 && error.message === "";
    return failure(error.status, { intent, error: onlyFields ? null : error.message, title: error.title ?? null, fieldErrors: error.fieldErrors, values }, headers);
  }
  if (error instanceof ZodError) return failure(400, { intent, error: null, title: null, fieldErrors: zodFieldErrors(error), values });
  throw error;
}

export async function runAction(request: Request, handlers: Handler | Record<string, Handler>, options: ActionOptions = {}): Promise<Response | ReturnType<typeof data<ActionData>>> {
  let form: FormBody;
  try {
    form = await readForm(request, options.maxBytes ?? 64 * 1024);
  } catch (error) {
    if (error instanceof BodyError) {
      const message = error.status === 413 && options.tooLarge ? options.tooLarge : error.message;
      return failure(error.status, { intent: null, error: message, title: null, fieldErrors: {}, values: {} });
    }
    throw error;
  }
  const intent = typeof form.intent === "string" ? form.intent : null;
  const handler = typeof handlers === "function" ? handlers : intent !== null && Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) return failure(400, { intent, error: "Unknown action", title: null, fieldErrors: {}, values: echoValues(form) });
  try {
    const result = await handler(form);
    if (result instanceof Response) return result;
    return data<ActionSuccess>({ ok: true, intent: intent ?? "", ...(result ?? {}) });
  } catch (error) {
    if (error instanceof Response) throw error; // a redirect from a permission check
    const refusal = options.refusedTo;
    if (refusal && intent !== null && Object.hasOwn(refusal.titles, intent) && (error instanceof AppError || error instanceof ZodError)) {
      const description = error instanceof AppError ? error.message : (Object.values(zodFieldErrors(error))[0] ?? undefined);
      return redirectWithToast(refusal.to, { type: "error", title: refusal.titles[intent]!, description });
    }
    return failureFor(error, intent, form);
  }
}
