import crypto from "node:crypto";
import type { Readable } from "node:stream";
import { desc, eq } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { AppError } from "~/lib/app-error";
import { getDb } from "~/db/client.server";
import { nutritionDocument } from "~/db/schema/documents";
import { recordAudit } from "~/auth/audit.server";
import { deleteDocumentFile, findDocumentFile, readDocumentFile } from "~/modules/uploads/documents.server";
import { CATEGORY_LABELS, documentInputSchema, type DocumentCategory, type DocumentType } from "./nutrition.schema";

type Actor = Pick<SessionUser, "id" | "role" | "email">;
type Viewer = Pick<SessionUser, "id"> | null;

export const DOCUMENT_NOT_FOUND = "Document not found";
export const SIGN_IN_TO_OPEN = "Please sign in to open this document.";
export const FILE_IN_USE = "This PDF already belongs to another document. Please upload it again.";
export const FILE_NOT_FOUND = "The uploaded PDF could not be found. Please upload it again.";

/** One document as pages show it. Safe to send to the browser. */
export interface DocumentView {
  id: string;
  title: string;
  description: string;
  category: DocumentCategory;
  type: DocumentType;
  /** Where Download goes: /documents/:id for a stored file (signed-in users only), the link itself otherwise. */
  href: string;
  /** True for a stored PDF, false for a link. */
  isFile: boolean;
  fileName: string | null;
  /** ISO instant. */
  createdAt: string;
}

type Row = typeof nutritionDocument.$inferSelect;

export function documentPath(id: string): string {
  return `/documents/${encodeURIComponent(id)}`;
}

function toView(row: Row): DocumentView {
  const isFile = !row.url;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    type: row.type,
    href: row.url ?? documentPath(row.id),
    isFile,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Publishes a document. Throws a ZodError for invalid input, AppError 400 for an unknown upload. */
export async function createDocument(actor: Actor, input: unknown): Promise<DocumentView> {
  ensureCan(actor, "nutritionDocuments", "create");
  const data = documentInputSchema.parse(input);
  let fileName: string | null = null;
  if (data.uploadId) {
    const file = await findDocumentFile(data.uploadId);
    if (!file) throw new AppError(400, FILE_NOT_FOUND);
    // Deleting a document deletes its file: two documents must never share one.
    const [taken] = await getDb().select({ id: nutritionDocument.id }).from(nutritionDocument).where(eq(nutritionDocument.uploadId, data.uploadId));
    if (taken) throw new AppError(400, FILE_IN_USE);
    fileName = file.fileName;
  }
  const [row] = await getDb()
    .insert(nutritionDocument)
    .values({
      id: crypto.randomUUID(),
      title: data.title,
      description: data.description,
      category: data.category,
      type: data.type,
      url: data.uploadId ? null : data.url,
      uploadId: data.uploadId || null,
      fileName,
      authorId: actor.id,
    })
    .returning();
  await recordAudit({
    action: "content.created",
    actor: { id: actor.id, email: actor.email },
    target: { type: "nutrition_document", id: row!.id },
    summary: `Nutrition document "${data.title}" added to ${CATEGORY_LABELS[data.category]}`,
  });
  return toView(row!);
}

/** Removes a document and its stored PDF; false when there is none with this id. */
export async function deleteDocument(actor: Actor, id: string): Promise<boolean> {
  ensureCan(actor, "nutritionDocuments", "delete");
  const [removed] = await getDb().delete(nutritionDocument).where(eq(nutritionDocument.id, id)).returning();
  if (!removed) return false;
  if (removed.uploadId) await deleteDocumentFile(removed.uploadId);
  await recordAudit({
    action: "content.deleted",
    actor: { id: actor.id, email: actor.email },
    target: { type: "nutrition_document", id },
    summary: `Nutrition document "${removed.title}" deleted`,
  });
  return true;
}

/**
 * The documents of a category (or all), newest first, for signed-in users. A visitor
 * (null) gets none: documents are for members.
 */
export async function listDocuments(viewer: Viewer, { category, limit = 200 }: { category?: DocumentCategory; limit?: number } = {}): Promise<DocumentView[]> {
  if (!viewer) return [];
  const rows = await getDb()
    .select()
    .from(nutritionDocument)
    .where(category ? eq(nutritionDocument.category, category) : undefined)
    // The id breaks ties between rows written in the same millisecond.
    .orderBy(desc(nutritionDocument.createdAt), desc(nutritionDocument.id))
    .limit(Math.min(Math.max(1, Math.floor(limit) || 1), 500));
  return rows.map(toView);
}

/** Every document, newest first, for the staff list. */
export async function listAllDocumentsForStaff(actor: Actor): Promise<DocumentView[]> {
  ensureCan(actor, "nutritionDocuments", "create");
  const rows = await getDb().select().from(nutritionDocument).orderBy(desc(nutritionDocument.createdAt), desc(nutritionDocument.id));
  return rows.map(toView);
}

export type OpenedDocument =
  | { kind: "link"; url: string }
  | { kind: "file"; body: Readable; bytes: number; fileName: string; contentType: "application/pdf" };

/**
 * What GET /documents/:id answers: the stored PDF as a stream, or the link to send the
 * browser to. Visitors are refused (401) before anything is looked up.
 */
export async function openDocument(viewer: Viewer, id: string): Promise<OpenedDocument> {
  if (!viewer) throw new AppError(401, SIGN_IN_TO_OPEN);
  const [row] = await getDb().select().from(nutritionDocument).where(eq(nutritionDocument.id, id.slice(0, 100)));
  if (!row) throw new AppError(404, DOCUMENT_NOT_FOUND);
  if (row.url) return { kind: "link", url: row.url };
  const file = row.uploadId ? await readDocumentFile(row.uploadId) : null;
  if (!file) throw new AppError(404, DOCUMENT_NOT_FOUND);
  return { kind: "file", body: file.body, bytes: file.bytes, fileName: row.fileName ?? file.fileName, contentType: "application/pdf" };
}
