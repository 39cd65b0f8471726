import { AppError } from "~/lib/app-error";
import { ZodError } from "zod";
import { can } from "~/auth/permissions";
import type { SessionUser } from "~/auth/session.server";
import { formatUsDate } from "~/lib/dates";
import { fieldErrors } from "~/lib/form";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { createDocument, deleteDocument, DOCUMENT_NOT_FOUND, listAllDocumentsForStaff, type DocumentView } from "./nutrition.server";
import type { DocumentField } from "./nutrition.schema";

export type ManagedDocument = DocumentView & { date: string };
export interface DocumentsManagerData {
  documents: ManagedDocument[];
}

export type DocumentsActionResult =
  | { ok: true; intent: "create-document" | "delete-document"; toast: { title: string; description: string } }
  | {
      ok: false;
      intent: "create-document" | "delete-document" | null;
      status: 400 | 403 | 404;
      fieldErrors?: Partial<Record<DocumentField, string>>;
      message: string;
    };


type Actor = Pick<SessionUser, "id" | "role" | "email">;

export const DOCUMENT_INTENTS = ["create-document", "delete-document"] as const;

/** True when a form's intent belongs to the documents manager (the page's action dispatches on it). */
export function isDocumentsIntent(intent: unknown): boolean {
  return DOCUMENT_INTENTS.includes(intent as (typeof DOCUMENT_INTENTS)[number]);
}

/** The staff list for the loader: every document, newest first, with dates in the site's time zone. */
export async function loadDocumentsManager(actor: Actor): Promise<DocumentsManagerData> {
  const [documents, { timeZone }] = await Promise.all([listAllDocumentsForStaff(actor), getSiteSettings()]);
  return { documents: documents.map((d) => ({ ...d, date: formatUsDate(d.createdAt, timeZone) })) };
}

function toObject(input: FormData | Record<string, unknown>): Record<string, unknown> {
  if (!(input instanceof FormData)) return input;
  const out: Record<string, unknown> = {};
  // Files never come through this form (the PDF is uploaded first, its id is sent).
  for (const [key, value] of input) if (typeof value === "string") out[key] = value;
  return out;
}

/**
 * The action for the documents manager: dispatches on `intent` (create-document,
 * delete-document). Never throws for bad input or a missing permission: the answer says
 * what went wrong and which HTTP status to send.
 */
export async function handleDocumentsAction(actor: Actor, input: FormData | Record<string, unknown>): Promise<DocumentsActionResult> {
  const form = toObject(input);
  const intent = form.intent;
  if (intent !== "create-document" && intent !== "delete-document") {
    return { ok: false, intent: null, status: 400, message: "Unknown action" };
  }
  if (!can(actor.role, "nutritionDocuments", intent === "create-document" ? "create" : "delete")) {
    return { ok: false, intent, status: 403, message: "You do not have permission to do that." };
  }
  if (intent === "create-document") {
    try {
      const created = await createDocument(actor, form);
      return { ok: true, intent, toast: { title: "Document added successfully", description: `"${created.title}" is now available to members.` } };
    } catch (error) {
      if (error instanceof ZodError) {
        return { ok: false, intent, status: 400, fieldErrors: fieldErrors<DocumentField>(error), message: "Please check the highlighted fields." };
      }
      if (error instanceof AppError) return { ok: false, intent, status: error.status === 404 ? 404 : 400, message: error.message };
      throw error;
    }
  }
  const id = typeof form.id === "string" ? form.id.slice(0, 100) : "";
  if (!id || !(await deleteDocument(actor, id))) return { ok: false, intent, status: 404, message: DOCUMENT_NOT_FOUND };
  return { ok: true, intent, toast: { title: "Document deleted successfully", description: "Members no longer see it." } };
}
