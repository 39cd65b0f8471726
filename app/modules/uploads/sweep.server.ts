import { and, asc, eq, lt, notExists, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { article } from "~/db/schema/articles";
import { contentItem } from "~/db/schema/library";
import { exercise } from "~/db/schema/exercises";
import { nutritionDocument } from "~/db/schema/documents";
import { upload } from "~/db/schema/uploads";
import { recordAudit } from "~/auth/audit.server";
import { defineRecurringJob, everyHour } from "~/lib/jobs.server";
import { getLogger } from "~/lib/logger.server";
import { getStorage } from "~/lib/storage.server";

/**
 * Uploads happen as soon as a file is chosen, before the article, content item,
 * nutrition document or exercise is saved; when it never is (the editor was left, the image removed
 * or replaced), the upload is referenced by nothing. This sweep removes those files.
 */

/** How long an upload may stay unreferenced: an editor open for hours must not lose its images. */
export const ORPHAN_AFTER_MS = 24 * 60 * 60 * 1000;

/** Per run; anything beyond waits for the next run (the job runs hourly: sweepUploadsJob). */
const BATCH_SIZE = 200;

/** The id in an image URL: /uploads/images/<id>/<width>.<ext> (relative or absolute). */
const IMAGE_IN_BODY = "/uploads/images/([A-Za-z0-9_-]+)/";

/**
 * True when nothing references the upload. Every place an upload id is kept:
 * - articles.image_id (featured image), content_items.image_id (image or thumbnail),
 *   nutrition_documents.upload_id (the PDF) and exercises.demo_image_id (an exercise's
 *   demo): foreign keys, ON DELETE SET NULL, so deleting a referenced row would silently
 *   empty the reference; these checks prevent it. None of the four columns has an index
 *   (adding one is a schema change); PostgreSQL runs each NOT EXISTS as an anti-join over
 *   tables that staff fill by hand.
 * - article bodies: Markdown may show an upload as ![](/uploads/images/<id>/<width>.<ext>)
 *   (uploadUrl in uploads.server.ts; /uploads serves only that shape (isServableKey), and
 *   markdown.server.ts allows relative image sources only; an absolute URL to this
 *   site also contains it). No index can answer a search inside the text, so this
 *   scans every article body once per query, accepted for an hourly job: the ids found
 *   (regexp_matches) are hashed and joined, where a LIKE or strpos per upload would
 *   read the bodies once per upload (15 s instead of 0.1 s for 5,000 uploads and 500
 *   articles, measured on PGlite). Comparing whole ids also means '_' (base64url)
 *   is no wildcard, as it would be in a LIKE pattern.
 * Nothing else holds upload ids: content item texts are shown as plain text, not
 * Markdown; site settings, profiles and users.image (unused) hold no uploads; audit
 * entries name uploads but are history, not use.
 */
function unreferenced(): SQL {
  const db = getDb();
  return and(
    notExists(db.select({ one: sql`1` }).from(article).where(eq(article.imageId, upload.id))),
    notExists(db.select({ one: sql`1` }).from(contentItem).where(eq(contentItem.imageId, upload.id))),
    notExists(db.select({ one: sql`1` }).from(nutritionDocument).where(eq(nutritionDocument.uploadId, upload.id))),
    notExists(db.select({ one: sql`1` }).from(exercise).where(eq(exercise.demoImageId, upload.id))),
    sql`not exists (select 1 from ${article}, regexp_matches(${article.content}, ${IMAGE_IN_BODY}, 'g') as found(id) where found.id[1] = ${upload.id})`,
  )!;
}

export interface SweepOptions {
  /** Only uploads created before this moment are candidates (default: a day ago). */
  olderThan?: Date;
}

/**
 * Deletes uploads older than `olderThan` that nothing references: the storage objects of
 * every variant first, then the row. A storage failure is logged and the upload kept for
 * the next run, so no row disappears while its files may remain. Returns how many were
 * removed. No acting user: this is the server's own housekeeping (sweepUploadsJob).
 */
export async function sweepOrphanUploads({ olderThan = new Date(Date.now() - ORPHAN_AFTER_MS) }: SweepOptions = {}): Promise<number> {
  const db = getDb();
  // uploads_created_idx finds the old rows; the reference checks run on those only.
  const candidates = await db
    .select({ id: upload.id })
    .from(upload)
    .where(and(lt(upload.createdAt, olderThan), unreferenced()))
    .orderBy(asc(upload.createdAt))
    .limit(BATCH_SIZE);

  const storage = getStorage();
  let removed = 0;
  for (const { id } of candidates) {
    let gone: { kind: string; files: number; createdAt: Date } | null = null;
    try {
      gone = await db.transaction(async (tx) => {
        // Checked again under a row lock (the same checks, one more scan of the bodies per
        // removed upload, and only a few are left unsaved a day): something saved since
        // the list was read keeps the upload, and a save under way that sets an image_id
        // waits for the lock (its foreign key check needs the row), then fails on the
        // missing row rather than having its reference quietly set to null.
        // SKIP LOCKED: another process sweeping the same database leaves it alone.
        const [row] = await tx
          .select({ kind: upload.kind, variants: upload.variants, createdAt: upload.createdAt })
          .from(upload)
          .where(and(eq(upload.id, id), lt(upload.createdAt, olderThan), unreferenced()))
          .for("update", { skipLocked: true });
        if (!row) return null;
        await storage.delete(row.variants.map((v) => v.key));
        await tx.delete(upload).where(eq(upload.id, id));
        return { kind: row.kind, files: row.variants.length, createdAt: row.createdAt };
      });
    } catch (error) {
      // Files may be half gone; the row stays so the next run tries again (missing keys are ignored).
      getLogger().error({ uploadId: id, err: error instanceof Error ? error.message : String(error) }, "could not remove an unused upload; kept for the next run");
      continue;
    }
    if (!gone) continue;
    removed += 1;
    // After the commit: the audit insert must not wait on the sweep's own transaction.
    await recordAudit({
      action: "upload.deleted",
      actor: null,
      target: { type: "upload", id },
      summary: `Unused ${gone.kind === "document" ? "PDF" : "image"} removed (${gone.files} ${gone.files === 1 ? "file" : "files"}, uploaded ${gone.createdAt.toISOString().slice(0, 10)}, never saved with any content)`,
    });
  }
  if (removed > 0 || candidates.length > 0) getLogger().info({ removed, candidates: candidates.length }, "removed unused uploads");
  return removed;
}

/**
 * Every hour, not at start-up: only day-old uploads qualify, so nothing is lost by
 * waiting, and a start (or a test booting the app) stays quick. Not retried: the next
 * hour's run is the retry.
 */
export const sweepUploadsJob = defineRecurringJob({
  kind: "uploads.sweep",
  repeat: everyHour,
  maxAttempts: 1,
  run: async (_payload, { now }) => {
    await sweepOrphanUploads({ olderThan: new Date(now.getTime() - ORPHAN_AFTER_MS) });
  },
});
