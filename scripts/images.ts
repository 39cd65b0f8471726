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

/** The logo's background: the maskable and the Apple icon fill their square with it. */
const ICON_BACKGROUND = "#09090b";

/**
 * The app's icons, made from the site's logo (public/favicon.svg) into public/icons/: 192
 * and 512 px as drawn, a maskable 512 px (the logo at 80 %, inside the safe zone, on its
 * background to the edges) and the 180 px Apple touch icon (full bleed too: iOS rounds
 * it and shows transparency as black). Redrawn when the logo is newer (decision 0094).
 */
export async function processIcons(logo = path.resolve("public/favicon.svg"), out = path.resolve("public/icons")): Promise<string[]> {
  fs.mkdirSync(out, { recursive: true });
  const svg = fs.readFileSync(logo);
  const logoTime = fs.statSync(logo).mtimeMs;
  const icons = [
    { file: "icon-192.png", size: 192, inset: 1 },
    { file: "icon-512.png", size: 512, inset: 1 },
    { file: "icon-maskable-512.png", size: 512, inset: 0.8 },
    { file: "apple-touch-icon-180.png", size: 180, inset: 0.8 },
  ];
  const written: string[] = [];
  for (const { file, size, inset } of icons) {
    const target = path.join(out, file);
    if (fs.existsSync(target) && fs.statSync(target).mtimeMs >= logoTime) continue;
    const inner = Math.round(size * inset);
    const drawn = await sharp(svg, { density: Math.ceil((72 * inner) / 64) * 2 }).resize(inner, inner).png().toBuffer();
    const icon =
      inset === 1
        ? sharp(drawn)
        : sharp({ create: { width: size, height: size, channels: 4, background: ICON_BACKGROUND } }).composite([{ input: drawn, gravity: "centre" }]);
    await icon.png({ compressionLevel: 9 }).toFile(target);
    written.push(file);
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const icons = await processIcons();
  if (icons.length) console.log(`Icons made from the logo: ${icons.join(", ")}`);
  const manifest = await processPhotos();
  const keys = Object.keys(manifest);
  console.log(keys.length ? `Photos ready: ${keys.join(", ")}` : "No photos in public/images/: using the artwork.");
}
