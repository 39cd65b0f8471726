import type { Metadata } from "sharp";
import type sharpModuleType from "sharp";
import { AppError } from "~/lib/app-error";

/**
 * Turns an uploaded file into the web renditions we serve. The bytes decide what the
 * file is (never its name or declared type); only raster formats browsers show are
 * accepted, and everything is re-encoded, so nothing of the original file (EXIF, GPS,
 * ICC profile, trailing data, scripts) survives.
 */

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 12_000;
/** Rendition widths, as for the site's own photos (scripts/images.ts). */
export const RENDITION_WIDTHS = [480, 960, 1600] as const;

export const MESSAGES = {
  tooManyBytes: "The image is larger than 10 MB.",
  notAnImage: "Please choose an image file (JPEG, PNG, WebP, AVIF or GIF).",
  tooManyPixels: "The image is too large: at most 40 megapixels.",
  tooWide: "The image is too large: at most 12,000 pixels on each side.",
  unreadable: "The image could not be read. It may be damaged or incomplete.",
  empty: "The file is empty. Please choose an image file.",
} as const;

export type ImageFormat = "jpeg" | "png" | "gif" | "webp" | "avif";

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString("latin1");

/** What the first bytes say the file is, or null for anything we do not accept. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    // The ftyp box: major brand, minor version, then compatible brands. HEIC and
    // other ISO-BMFF files are refused; AVIF may be the major or a compatible brand.
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [ascii(bytes, 8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return null;
}

export interface Rendition {
  width: number;
  height: number;
  format: "avif" | "webp" | "jpeg" | "png";
  contentType: string;
  extension: "avif" | "webp" | "jpg" | "png";
  body: Buffer;
}

export interface ProcessedImage {
  /** The largest rendition's size (the original is not kept). */
  width: number;
  height: number;
  /** The format of the fallback renditions: JPEG, or PNG when the image has transparency. */
  fallback: "jpeg" | "png";
  renditions: Rendition[];
}

/**
 * The widths to make for an image this wide: the standard widths below it, plus its own
 * width up to 1600 (as scripts/images.ts does), so it is never enlarged and a 1000 px
 * image is not cut down to 960 px.
 */
export function renditionWidths(width: number): number[] {
  const top = Math.min(width, RENDITION_WIDTHS.at(-1)!);
  return [...RENDITION_WIDTHS.filter((w) => w < top), top];
}

// 'error' refuses truncated and corrupt data; 'warning' (the default) would also refuse
// real phone photos whose only fault is a harmless warning in their metadata.
const inputOptions = { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 } as const;

type Sharp = typeof sharpModuleType;

/**
 * sharp (libvips, a native module: about 0.2 s of CPU to load) is loaded at the first
 * upload, not at every start (decision 0153); the same module from then on.
 */
let sharpModule: Promise<Sharp> | undefined;
function loadSharp(): Promise<Sharp> {
  sharpModule ??= import("sharp").then((loaded) => loaded.default as Sharp);
  return sharpModule;
}

/**
 * Checks and converts one uploaded file. Throws AppError (413, 415 or 422) with a
 * message for the person uploading; never anything else for bad input.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw new AppError(422, MESSAGES.empty);
  if (input.length > MAX_UPLOAD_BYTES) throw new AppError(413, MESSAGES.tooManyBytes);
  if (!sniffImageFormat(input)) throw new AppError(415, MESSAGES.notAnImage);

  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { failOn: "error", limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(422, MESSAGES.unreadable);
  }
  // The header's size, before any pixel is decoded: a small file can claim a huge image.
  const sourceWidth = metadata.autoOrient?.width ?? metadata.width ?? 0;
  const sourceHeight = metadata.autoOrient?.height ?? metadata.height ?? 0;
  if (sourceWidth <= 0 || sourceHeight <= 0) throw new AppError(422, MESSAGES.unreadable);
  if (sourceWidth > MAX_IMAGE_SIDE || sourceHeight > MAX_IMAGE_SIDE) throw new AppError(422, MESSAGES.tooWide);
  // Animated GIF/WebP report the height of all frames stacked; one frame is what we keep.
  const frameHeight = metadata.pageHeight && metadata.pages && metadata.pages > 1 ? Math.min(metadata.pageHeight, sourceHeight) : sourceHeight;
  if (sourceWidth * frameHeight > MAX_IMAGE_PIXELS) throw new AppError(422, MESSAGES.tooManyPixels);

  try {
    return await render(sharp, input, sourceWidth, Boolean(metadata.hasAlpha));
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The header was fine but the pixel data is not (truncated, corrupt).
    throw new AppError(422, MESSAGES.unreadable);
  }
}

async function render(sharp: Sharp, input: Buffer, sourceWidth: number, hasAlpha: boolean): Promise<ProcessedImage> {
  const renditions: Rendition[] = [];
  let fallback: "jpeg" | "png" = "jpeg";
  const widths = renditionWidths(sourceWidth);
  for (const [index, width] of widths.entries()) {
    // Decode once per width (EXIF orientation applied, sRGB, 8 bits), then encode each format from the pixels.
    const { data, info } = await sharp(input, inputOptions)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    if (index === 0 && hasAlpha && info.channels === 4) {
      // A PNG with an alpha channel but no transparent pixel is still a photo: JPEG is smaller.
      const { isOpaque } = await sharp(data, raw).stats();
      if (!isOpaque) fallback = "png";
    }
    const encoded = await Promise.all([
      sharp(data, raw).avif({ quality: 55, effort: 2 }).toBuffer(),
      sharp(data, raw).webp({ quality: 72, alphaQuality: 90 }).toBuffer(),
      fallback === "png"
        ? sharp(data, raw).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer()
        : sharp(data, raw).flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true }).toBuffer(),
    ]);
    const size = { width: info.width, height: info.height };
    renditions.push(
      { ...size, format: "avif", contentType: "image/avif", extension: "avif", body: encoded[0] },
      { ...size, format: "webp", contentType: "image/webp", extension: "webp", body: encoded[1] },
      fallback === "png"
        ? { ...size, format: "png", contentType: "image/png", extension: "png", body: encoded[2] }
        : { ...size, format: "jpeg", contentType: "image/jpeg", extension: "jpg", body: encoded[2] },
    );
  }
  const largest = renditions.at(-1)!;
  return { width: largest.width, height: largest.height, fallback, renditions };
}
