import crypto from "node:crypto";
import type { Readable } from "node:stream";
import type { UploadVariant } from "~/db/schema/uploads";
import { AppError } from "~/lib/app-error";
import { getLogger } from "~/lib/logger.server";
import { getStorage } from "~/lib/storage.server";
import type { PictureImage } from "~/components/ui/picture";
import { MAX_UPLOAD_BYTES, MESSAGES, processImage, sniffImageFormat } from "~/modules/uploads/image-processing.server";
import { withImageSlot } from "~/modules/uploads/image-queue.server";

/**
 * Private images: a member's progress photos and the images of the conversation with the
 * coach. They go through the same pipeline as the site's uploads (the bytes decide the
 * format, the image is turned upright and re-encoded from raw pixels, so no EXIF, GPS or
 * ICC data survives) but are stored under their own key prefix, which the public
 * `/uploads/…` route never serves (it serves `images/…` only). Each is handed out by a
 * route that first checks who is asking, with `Cache-Control: private, no-store`
 * (app/routes/progress-photos.$photoId.$file.server.ts).
 */

export const privateImagePrefixes = ["progress-photos", "message-images"] as const;
export type PrivateImagePrefix = (typeof privateImagePrefixes)[number];

/** An image written to storage, not yet recorded anywhere: the caller's row names its variants. */
export interface PreparedImage {
  /** 128 random bits (base64url): the folder of its files, and a good row id. */
  id: string;
  width: number;
  height: number;
  variants: UploadVariant[];
}

export const HEIC_MESSAGE = "HEIC photos cannot be read here. Please choose a JPEG, PNG, WebP, AVIF or GIF (on an iPhone, share the photo or set Camera → Formats → Most Compatible).";
export const IMAGE_NOT_FOUND = "Image not found";

/** An ISO-BMFF file whose brands say HEIC/HEIF (and not AVIF, which we read). */
function isHeic(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.subarray(4, 8).toString("latin1") !== "ftyp") return false;
  const end = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  const brands = [bytes.subarray(8, 12).toString("latin1")];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(bytes.subarray(offset, offset + 4).toString("latin1"));
  return brands.some((brand) => ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].includes(brand)) && !brands.includes("avif");
}

/**
 * Checks and re-encodes an image and writes its variants under `{prefix}/{id}/`, in the
 * image queue's turn of `owner` (the acting user's id; image-queue.server.ts). Refusals
 * are AppErrors (413 over 10 MB, 415 not an image or HEIC, 422 unreadable or too many
 * pixels, 429 too many of the owner's images waiting) and write nothing. The caller records the variants in its own
 * transaction and calls `discardPreparedImage` if that fails.
 */
export async function preparePrivateImage(bytes: Uint8Array, prefix: PrivateImagePrefix, owner: string): Promise<PreparedImage> {
  if (!privateImagePrefixes.includes(prefix)) throw new Error(`Unknown private image prefix: ${String(prefix)}`);
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (input.length > MAX_UPLOAD_BYTES) throw new AppError(413, MESSAGES.tooManyBytes);
  if (input.length > 0 && !sniffImageFormat(input) && isHeic(input)) throw new AppError(415, HEIC_MESSAGE);
  const processed = await withImageSlot(owner, () => processImage(input));
  const id = crypto.randomBytes(16).toString("base64url");
  const files = processed.renditions.map((r) => ({
    variant: { key: `${prefix}/${id}/${r.width}.${r.extension}`, format: r.format, contentType: r.contentType, width: r.width, height: r.height, bytes: r.body.length } satisfies UploadVariant,
    body: r.body,
  }));
  const prepared: PreparedImage = { id, width: processed.width, height: processed.height, variants: files.map((f) => f.variant) };
  try {
    await Promise.all(files.map((f) => getStorage().put(f.variant.key, f.body, f.variant.contentType)));
  } catch (error) {
    await discardPreparedImage(prepared);
    throw error;
  }
  return prepared;
}

/** Removes a prepared image's files (its row was never written, or has been deleted). Never throws: a leftover is only disk space, and it is logged. */
export async function discardPreparedImage(prepared: Pick<PreparedImage, "variants">): Promise<void> {
  const keys = prepared.variants.map((v) => v.key);
  if (keys.length === 0) return;
  await getStorage()
    .delete(keys)
    .catch((error: unknown) => {
      getLogger().error({ keys, err: error instanceof Error ? error.message : String(error) }, "could not remove a private image's files");
    });
}

/** The file part of a private image's address: `{width}.{ext}`. */
const FILE_NAME = /^[1-9]\d{0,4}\.(?:avif|webp|jpg|png)$/;


/** One stored file of a private image, for the route to answer with (`private, no-store`). */
export interface PrivateImageFile {
  body: Readable;
  contentType: string;
  bytes: number;
}

/**
 * One variant (`file`, e.g. `960.webp`) of a private image whose variants are `variants`,
 * opened from storage. The caller has checked that the viewer may see the image. Unknown
 * file names and files gone from storage are 404 (AppError).
 */
export async function openPrivateImage(variants: UploadVariant[], file: string): Promise<PrivateImageFile> {
  const variant = FILE_NAME.test(file) ? variants.find((v) => v.key.endsWith(`/${file}`)) : undefined;
  if (!variant) throw new AppError(404, IMAGE_NOT_FOUND);
  const stored = await getStorage().get(variant.key);
  if (!stored) throw new AppError(404, IMAGE_NOT_FOUND);
  return { body: stored.body, contentType: variant.contentType, bytes: stored.bytes };
}

/**
 * How a page shows a private image: AVIF and WebP srcsets and the largest JPEG/PNG as the
 * fallback, each at `base/{width}.{ext}` (the route that serves them after its own check).
 */
export function privatePicture(variants: UploadVariant[], base: string, alt: string): PictureImage | null {
  const url = (v: UploadVariant) => `${base}/${v.key.slice(v.key.lastIndexOf("/") + 1)}`;
  const byWidth = (a: UploadVariant, b: UploadVariant) => a.width - b.width;
  const fallback = variants.filter((v) => v.format === "jpeg" || v.format === "png").sort(byWidth).at(-1);
  if (!fallback) return null;
  const srcSet = (format: UploadVariant["format"]) =>
    variants
      .filter((v) => v.format === format)
      .sort(byWidth)
      .map((v) => `${url(v)} ${v.width}w`)
      .join(", ");
  const avif = srcSet("avif");
  const webp = srcSet("webp");
  return { src: url(fallback), width: fallback.width, height: fallback.height, alt, ...(avif && webp ? { sources: { avif, webp } } : {}) };
}

/** A form that carries one image: the image's limit and room for its other fields. */
export const PHOTO_FORM_MAX_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
/** What a form over that limit is told (the image's own message, not the form's). */
export const PHOTO_TOO_LARGE = MESSAGES.tooManyBytes;
