import type { SessionUser } from "~/auth/session.server";
import { AppError } from "~/lib/app-error";
import { formatUsDate } from "~/lib/dates";
import { getSiteSettings } from "~/modules/settings/settings.server";
import { createDocument, deleteDocument, DOCUMENT_NOT_FOUND, listAllDocumentsForStaff, type DocumentView } from "./nutrition.server";

/**
 * The content manager's nutrition documents (spec section 9): the staff list, adding and
 * deleting. Each answer carries the toast the screen shows; refusals throw AppError
 * (or the schema's ZodError, which names the fields).
 */

export type ManagedDocument = DocumentView & { date: string };
export interface DocumentsManagerData {
  documents: ManagedDocument[];
}

export interface DocumentToast {
  toast: { title: string; description: string };
}

type Actor = Pick<SessionUser, "id" | "role" | "email">;

/** Every document, newest first, with dates in the site's time zone. */
export async function listManagedDocuments(actor: Actor): Promise<DocumentsManagerData> {
  const [documents, { timeZone }] = await Promise.all([listAllDocumentsForStaff(actor), getSiteSettings()]);
  return { documents: documents.map((d) => ({ ...d, date: formatUsDate(d.createdAt, timeZone) })) };
}

/** Publishes a document from the 'Add Document' form (the PDF was uploaded first; its id is sent). */
export async function addDocument(actor: Actor, form: Record<string, unknown>): Promise<DocumentToast> {
  const created = await createDocument(actor, form);
  return { toast: { title: "Document added successfully", description: `"${created.title}" is now available to members.` } };
}

export async function removeDocument(actor: Actor, id: string): Promise<DocumentToast> {
  if (!(await deleteDocument(actor, id.slice(0, 100))) || !id) throw new AppError(404, DOCUMENT_NOT_FOUND);
  return { toast: { title: "Document deleted successfully", description: "Members no longer see it." } };
}
