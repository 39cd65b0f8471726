import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { ensureCan, type SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { upload, type UploadVariant } from "~/db/schema/uploads";
import { recordAudit } from "~/auth/audit.server";
import { getLogger } from "~/lib/logger.server";
import { getStorage } from "~/lib/storage.server";
import type { PictureImage } from "~/components/ui/picture";
import { processImage, type ProcessedImage } from "./image-processing.server";
import { withImageSlot } from "./image-queue.server";

export { MAX_UPLOAD_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from "./image-processing.server";

/** An uploaded image as the editor keeps it: its id (stored on the article) and how to show it. */
export type StoredImage = { id: string } & PictureImage;

/** Where the app serves a stored file (server/application.ts mounts /uploads). */
export const UPLOADS_PATH = "/uploads";

export function uploadUrl(key: string): string {
  return `${UPLOADS_PATH}/${key}`;
}

/** 22 characters of base64url: 128 random bits, so names cannot be guessed or collide. */
function newUploadId(): string {
  return crypto.randomBytes(16).toString("base64url");
}

function toVariants(id: string, processed: ProcessedImage): { variant: UploadVariant; body: Buffer }[] {
  return processed.renditions.map((r) => ({
    variant: {
      key: `images/${id}/${r.width}.${r.extension}`,
      format: r.format,
      contentType: r.contentType,
      width: r.width,
      height: r.height,
      bytes: r.body.length,
    },
    body: r.body,
  }));
}

/** How a page shows an upload: AVIF and WebP srcsets and the largest JPEG/PNG as the fallback. */
export function toPictureImage(variants: UploadVariant[]): PictureImage | null {
  const byWidth = (a: UploadVariant, b: UploadVariant) => a.width - b.width;
  const fallback = variants.filter((v) => v.format === "jpeg" || v.format === "png").sort(byWidth).at(-1);
  if (!fallback) return null;
  const srcSet = (format: UploadVariant["format"]) =>
    variants
      .filter((v) => v.format === format)
      .sort(byWidth)
      .map((v) => `${uploadUrl(v.key)} ${v.width}w`)
      .join(", ");
  const avif = srcSet("avif");
  const webp = srcSet("webp");
  return {
    src: uploadUrl(fallback.key),
    width: fallback.width,
    height: fallback.height,
    alt: "",
    ...(avif && webp ? { sources: { avif, webp } } : {}),
  };
}

/**
 * Checks, converts and stores an uploaded image (trainers and administrators).
 * Refusals throw AppError and leave nothing behind: no file, no row.
 */
export async function storeImage(actor: Pick<SessionUser, "id" | "email" | "role">, body: Buffer): Promise<StoredImage> {
  ensureCan(actor, "uploads", "create");
  const processed = await withImageSlot(actor.id, () => processImage(body));
  const id = newUploadId();
  const files = toVariants(id, processed);
  const keys = files.map((f) => f.variant.key);
  const storage = getStorage();
  try {
    await Promise.all(files.map((f) => storage.put(f.variant.key, f.body, f.variant.contentType)));
    await getDb()
      .insert(upload)
      .values({
        id,
        kind: "image",
        width: processed.width,
        height: processed.height,
        variants: files.map((f) => f.variant),
        createdById: actor.id,
      });
  } catch (error) {
    // No row without its files, no files without their row.
    await storage.delete(keys).catch((cleanup: unknown) => {
      getLogger().error({ id, err: cleanup instanceof Error ? cleanup.message : String(cleanup) }, "could not remove the files of a failed upload");
    });
    throw error;
  }
  const bytes = files.reduce((sum, f) => sum + f.variant.bytes, 0);
  await recordAudit({
    action: "upload.created",
    actor,
    target: { type: "upload", id },
    summary: `Image uploaded (${processed.width}×${processed.height}, ${files.length} files, ${Math.round(bytes / 1024)} KB)`,
  });
  return { id, ...toPictureImage(files.map((f) => f.variant))! };
}

/** The images with these ids (unknown ids and nulls are skipped), in one query. */
export async function getPictureImages(ids: Array<string | null>): Promise<Map<string, PictureImage>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === "string" && id.length > 0))];
  const images = new Map<string, PictureImage>();
  if (wanted.length === 0) return images;
  const rows = await getDb()
    .select({ id: upload.id, variants: upload.variants })
    .from(upload)
    .where(and(inArray(upload.id, wanted), eq(upload.kind, "image")));
  for (const row of rows) {
    const image = toPictureImage(row.variants);
    if (image) images.set(row.id, image);
  }
  return images;
}
