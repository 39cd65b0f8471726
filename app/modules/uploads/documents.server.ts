import crypto from "node:crypto";
import type { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { upload, type UploadVariant } from "~/db/schema/uploads";
import { recordAudit } from "~/auth/audit.server";
import { getLogger } from "~/lib/logger.server";
import { getStorage } from "~/lib/storage.server";
import { AppError } from "~/lib/app-error";
import { trimCharacters } from "~/lib/trim-characters";

/**
 * Document files (nutrition PDFs). Unlike images they are stored as sent, so the bytes
 * must say PDF, and they live under documents/…, a folder /uploads never serves: only
 * GET /documents/:id hands them out, and only to signed-in users.
 */

export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

export const DOCUMENT_MESSAGES = {
  tooManyBytes: "The PDF is larger than 20 MB.",
  notAPdf: "Please choose a PDF file.",
  empty: "The file is empty. Please choose a PDF file.",
} as const;

const PDF_MAGIC = Buffer.from("%PDF-", "latin1");

/** The bytes decide, never the name or the declared type. */
export function isPdf(bytes: Buffer): boolean {
  return bytes.length >= PDF_MAGIC.length && bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
}

/**
 * A name safe in a storage key and in a Content-Disposition header: the last path
 * segment, accents dropped, anything but letters, digits, '_' and '-' turned into '-',
 * at most 80 characters, always ending in .pdf.
 */
export function sanitiseFileName(name: string | null | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/\.pdf$/i, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\w-]+/g, "-");
  const stem = trimCharacters(trimCharacters(cleaned, "-_").slice(0, 80), "-_", "end");
  return `${stem || "document"}.pdf`;
}

export interface StoredDocumentFile {
  uploadId: string;
  fileName: string;
}

/**
 * Checks and stores a PDF (trainers and administrators). Refusals throw AppError and
 * leave nothing behind: no file, no row.
 */
export async function storeDocumentFile(actor: Pick<SessionUser, "id" | "email" | "role">, body: Buffer, displayName: string | null): Promise<StoredDocumentFile> {
  ensureCan(actor, "nutritionDocuments", "create");
  if (body.length === 0) throw new AppError(422, DOCUMENT_MESSAGES.empty);
  if (body.length > MAX_DOCUMENT_BYTES) throw new AppError(413, DOCUMENT_MESSAGES.tooManyBytes);
  if (!isPdf(body)) throw new AppError(415, DOCUMENT_MESSAGES.notAPdf);
  // 128 random bits: the key cannot be guessed from the name or the time.
  const id = crypto.randomBytes(16).toString("base64url");
  const fileName = sanitiseFileName(displayName);
  const variant: UploadVariant = { key: `documents/${id}/${fileName}`, format: "pdf", contentType: "application/pdf", width: 0, height: 0, bytes: body.length };
  const storage = getStorage();
  try {
    await storage.put(variant.key, body, variant.contentType);
    await getDb().insert(upload).values({ id, kind: "document", variants: [variant], createdById: actor.id });
  } catch (error) {
    await storage.delete([variant.key]).catch((cleanup: unknown) => {
      getLogger().error({ id, err: cleanup instanceof Error ? cleanup.message : String(cleanup) }, "could not remove the file of a failed document upload");
    });
    throw error;
  }
  await recordAudit({
    action: "upload.created",
    actor,
    target: { type: "upload", id },
    summary: `PDF uploaded (${fileName}, ${Math.max(1, Math.round(body.length / 1024))} KB)`,
  });
  return { uploadId: id, fileName };
}

/** The stored PDF of this upload id, or null. Callers (the nutrition module) check who may see it. */
export async function findDocumentFile(uploadId: string): Promise<{ key: string; fileName: string; bytes: number } | null> {
  const [row] = await getDb()
    .select({ variants: upload.variants })
    .from(upload)
    .where(and(eq(upload.id, uploadId), eq(upload.kind, "document")));
  const variant = row?.variants.find((v) => v.format === "pdf");
  if (!variant) return null;
  return { key: variant.key, fileName: variant.key.slice(variant.key.lastIndexOf("/") + 1), bytes: variant.bytes };
}

/** The bytes of a stored PDF as a stream, or null when the file is gone. */
export async function readDocumentFile(uploadId: string): Promise<{ body: Readable; bytes: number; fileName: string } | null> {
  const found = await findDocumentFile(uploadId);
  if (!found) return null;
  const file = await getStorage().get(found.key);
  if (!file) return null;
  return { body: file.body, bytes: file.bytes, fileName: found.fileName };
}

/** Removes the PDF and its uploads row (the document that used it is being deleted). */
export async function deleteDocumentFile(uploadId: string): Promise<void> {
  const found = await findDocumentFile(uploadId);
  await getDb()
    .delete(upload)
    .where(and(eq(upload.id, uploadId), eq(upload.kind, "document")));
  if (!found) return;
  await getStorage()
    .delete([found.key])
    .catch((error: unknown) => {
      // The row is gone, so nothing links to the file any more; a leftover is only disk space.
      getLogger().error({ uploadId, err: error instanceof Error ? error.message : String(error) }, "could not remove a deleted document's file");
    });
}
