/**
 * Part of `npm run build`: a photo at public/images/<key>.jpg|jpeg|png|webp replaces the
 * artwork of that key. This writes AVIF and WebP copies at several widths (EXIF and GPS
 * stripped) into public/images/generated/ and records them in
 * app/modules/marketing/photos.generated.json. Unchanged photos are skipped.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const WIDTHS = [480, 960, 1600];

interface Options {
  /** Where photos are looked for (public/images). */
  dir: string;
  /** The JSON manifest the pages read. */
  manifestPath: string;
}

const defaults: Options = {
  dir: path.resolve("public/images"),
  manifestPath: path.resolve("app/modules/marketing/photos.generated.json"),
};

export interface PhotoEntry {
  width: number;
  height: number;
  fallback: string;
  avif: string;
  webp: string;
}

export async function processPhotos({ dir, manifestPath }: Options = defaults): Promise<Record<string, PhotoEntry>> {
  const out = path.join(dir, "generated");
  const manifest: Record<string, PhotoEntry> = {};
  const photos = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.(?:jpe?g|png|webp)$/i.test(f)) : [];
  fs.mkdirSync(out, { recursive: true });
  for (const file of photos) {
    const key = file.replace(/\.[^.]+$/, "");
    const source = path.join(dir, file);
    const image = sharp(source).rotate();
    const meta = await image.metadata();
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    const height = meta.autoOrient?.height ?? meta.height ?? 0;
    const widths = WIDTHS.filter((w) => w < width).concat(width > 0 ? [Math.min(width, WIDTHS.at(-1)!)] : []);
    const unique = [...new Set(widths)].sort((a, b) => a - b);
    const sourceTime = fs.statSync(source).mtimeMs;
    const srcSet = (format: string) => unique.map((w) => `/images/generated/${key}-${w}.${format} ${w}w`).join(", ");
    for (const w of unique) {
      for (const format of ["avif", "webp", "jpg"] as const) {
        const target = path.join(out, `${key}-${w}.${format}`);
        if (fs.existsSync(target) && fs.statSync(target).mtimeMs >= sourceTime) continue;
        const resized = sharp(source).rotate().resize({ width: w, withoutEnlargement: true });
        const encoded = format === "avif" ? resized.avif({ quality: 55, effort: 2 }) : format === "webp" ? resized.webp({ quality: 72 }) : resized.jpeg({ quality: 78, mozjpeg: true });
        await encoded.toFile(target);
      }
    }
    const largest = unique.at(-1)!;
    manifest[key] = {
      width: largest,
      height: Math.round((height / width) * largest),
      fallback: `/images/generated/${key}-${largest}.jpg`,
      avif: srcSet("avif"),
      webp: srcSet("webp"),
    };
  }
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  if (!fs.existsSync(manifestPath) || fs.readFileSync(manifestPath, "utf8") !== text) fs.writeFileSync(manifestPath, text);
  return manifest;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = await processPhotos();
  const keys = Object.keys(manifest);
  console.log(keys.length ? `Photos ready: ${keys.join(", ")}` : "No photos in public/images/: using the artwork.");
}
